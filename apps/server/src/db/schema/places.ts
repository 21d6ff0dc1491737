import type { PlaceType } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Migration 0100-places.sql; `path`/`ancestor_names` are root first and kept by the place repository. */
export const places = pgTable('places', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').$type<PlaceType>().notNull(),
  address: text('address').notNull().default(''),
  active: boolean('active').notNull().default(true),
  parentId: uuid('parent_id'),
  path: uuid('path').array().notNull().default([]),
  ancestorNames: text('ancestor_names').array().notNull().default([]),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  images: text('images').array().notNull().default([]),
  iataCode: text('iata_code'),
  countryCode: text('country_code'),
  /** Migration 1260: IANA zone; null = the nearest ancestor's (decision 0450). */
  timeZone: text('time_zone'),
  population: bigint('population', { mode: 'number' }),
  nameKey: text('name_key').generatedAlwaysAs(sql`place_search_key(name, iata_code, null)`),
  searchKey: text('search_key').generatedAlwaysAs(sql`place_search_key(name, iata_code, ancestor_names)`),
  source: text('source').notNull().default('manual'),
  sourceCode: text('source_code'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PlaceRow = typeof places.$inferSelect;

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
  public: boolean('public').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FileRow = typeof files.$inferSelect;

/** Which version of a bulk seed a database holds (migration 0100). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  rows: integer('rows').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
