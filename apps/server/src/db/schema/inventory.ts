import type { BoardCode, HotelCategory, PolicyDefinition } from '@travesia/contracts';
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
