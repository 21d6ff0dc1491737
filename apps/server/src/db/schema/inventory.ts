import type { BoardCode, HotelCategory, PolicyDefinition, TicketAgeBandDef } from '@travesia/contracts';
import {
  boolean,
  char,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { places } from './places.js';

/** Migration 0400-inventory.sql: own inventory (travesia). */
export const hotelProducts = pgTable('hotel_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  placeId: uuid('place_id')
    .notNull()
    .references(() => places.id),
  address: text('address').notNull().default(''),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  stars: smallint('stars').notNull(),
  category: text('category').$type<HotelCategory>().notNull(),
  description: text('description').notNull().default(''),
  amenities: text('amenities').array().notNull().default([]),
  images: text('images').array().notNull().default([]),
  checkInHour: text('check_in_hour').notNull().default('15:00'),
  checkOutHour: text('check_out_hour').notNull().default('12:00'),
  currency: char('currency', { length: 3 }).notNull().default('USD'),
  boards: text('boards').array().$type<BoardCode[]>().notNull().default(['RO']),
  policy: jsonb('policy').$type<PolicyDefinition>().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type HotelProductRow = typeof hotelProducts.$inferSelect;

export const hotelRoomTypes = pgTable('hotel_room_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  hotelId: uuid('hotel_id')
    .notNull()
    .references(() => hotelProducts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  maxAdults: smallint('max_adults').notNull(),
  maxChildren: smallint('max_children').notNull().default(0),
  childAgeLimit: smallint('child_age_limit').notNull().default(11),
  beds: text('beds').notNull().default(''),
  features: text('features').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type HotelRoomTypeRow = typeof hotelRoomTypes.$inferSelect;

export const hotelInventory = pgTable(
  'hotel_inventory',
  {
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => hotelRoomTypes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    allotment: integer('allotment').notNull().default(0),
    price1: numeric('price_1', { precision: 12, scale: 2 }),
    price2: numeric('price_2', { precision: 12, scale: 2 }),
    price3: numeric('price_3', { precision: 12, scale: 2 }),
    priceExtraAdult: numeric('price_extra_adult', { precision: 12, scale: 2 }),
    priceChild: numeric('price_child', { precision: 12, scale: 2 }),
    boardSupplements: jsonb('board_supplements').$type<Partial<Record<BoardCode, string>>>().notNull().default({}),
    minNights: smallint('min_nights').notNull().default(1),
    stopSale: boolean('stop_sale').notNull().default(false),
    closedToArrival: boolean('closed_to_arrival').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomTypeId, t.day] })],
);
export type HotelInventoryRow = typeof hotelInventory.$inferSelect;

export const inventorySearches = pgTable('inventory_searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').notNull(),
  userId: uuid('user_id'),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0401-inventory-tickets-transfers.sql. */
export const ticketProducts = pgTable('ticket_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  placeId: uuid('place_id')
    .notNull()
    .references(() => places.id),
  description: text('description').notNull().default(''),
  images: text('images').array().notNull().default([]),
  currency: char('currency', { length: 3 }).notNull().default('USD'),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  fullPrice: numeric('full_price', { precision: 12, scale: 2 }),
  childPrice: numeric('child_price', { precision: 12, scale: 2 }),
  maxPeople: integer('max_people').notNull(),
  /** Migration 1240: the smallest group one booking may be. */
  minPeople: integer('min_people').notNull().default(1),
  startHour: text('start_hour').notNull(),
  endHour: text('end_hour').notNull(),
  sessions: text('sessions').array().notNull().default([]),
  childrenAllowed: boolean('children_allowed').notNull().default(true),
  /** Migration 1260 (decision 0450): languages of sessions that list none, and each session's own. */
  languages: text('languages').array().notNull().default([]),
  sessionLanguages: jsonb('session_languages').$type<Record<string, string[]>>().notNull().default({}),
  /** Bookable up to this many minutes before the session starts, in the place's zone. */
  cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
  /** A price per age band; empty = adults 18–99 at `price`, children 0–17 at `childPrice` (rows written without bands). */
  ageBands: jsonb('age_bands').$type<TicketAgeBandDef[]>().notNull().default([]),
  policy: jsonb('policy').$type<PolicyDefinition>().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TicketProductRow = typeof ticketProducts.$inferSelect;

export const ticketCapacity = pgTable(
  'ticket_capacity',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    session: text('session').notNull().default(''),
    capacity: integer('capacity').notNull().default(0),
    stopSale: boolean('stop_sale').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.day, t.session] })],
);
export type TicketCapacityRow = typeof ticketCapacity.$inferSelect;

export const transferProducts = pgTable('transfer_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  originId: uuid('origin_id')
    .notNull()
    .references(() => places.id),
  destinationId: uuid('destination_id')
    .notNull()
    .references(() => places.id),
  type: text('type').$type<'private' | 'shared'>().notNull(),
  vehicle: text('vehicle').$type<'sedan' | 'van' | 'minibus' | 'bus' | 'boat'>().notNull(),
  minPax: integer('min_pax').notNull(),
  maxPax: integer('max_pax').notNull(),
  priceMode: text('price_mode').$type<'per-vehicle' | 'per-person'>().notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  currency: char('currency', { length: 3 }).notNull().default('USD'),
  startHour: text('start_hour').notNull().default('00:00'),
  endHour: text('end_hour').notNull().default('23:59'),
  days: smallint('days').array().notNull().default([0, 1, 2, 3, 4, 5, 6]),
  description: text('description').notNull().default(''),
  images: text('images').array().notNull().default([]),
  policy: jsonb('policy').$type<PolicyDefinition>().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TransferProductRow = typeof transferProducts.$inferSelect;

/** Migration 0402-inventory-transfer-capacity.sql: vehicles (private) or seats (shared) left per day. */
export const transferCapacity = pgTable(
  'transfer_capacity',
  {
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transferProducts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull().default(0),
    stopSale: boolean('stop_sale').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.day] })],
);
export type TransferCapacityRow = typeof transferCapacity.$inferSelect;

/** Migration 0403-inventory-hotel-catalogues.sql: the editable catalogues of the hotel configuration page. */
export const hotelCatalogueItems = pgTable('hotel_catalogue_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<'board' | 'amenity' | 'room-feature' | 'child-age-band'>().notNull(),
  code: text('code').$type<BoardCode>(),
  label: text('label').notNull(),
  ageFrom: smallint('age_from'),
  ageTo: smallint('age_to'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type HotelCatalogueItemRow = typeof hotelCatalogueItems.$inferSelect;
