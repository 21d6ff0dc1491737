import type { ProductKind } from '@travesia/contracts';
import { char, date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CancellationPolicy } from '../../suppliers/types.js';

/**
 * Migration 0900: own-inventory bookings keyed by our reference (suppliers/travesia, decision 0270):
 * the capacity each holds, so taking it is idempotent and cancelling gives it back once.
 */
export const ownBookings = pgTable('own_bookings', {
  clientReference: text('client_reference').primaryKey(),
  kind: text('kind').$type<ProductKind>().notNull(),
  productId: uuid('product_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  /** Migration 1060: a hotel's check-out (exclusive); null for kinds held on one day. */
  endDay: date('end_day', { mode: 'string' }),
  session: text('session').notNull().default(''),
  units: integer('units').notNull(),
  total: numeric('total', { precision: 12, scale: 2 }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  cancellation: jsonb('cancellation').$type<CancellationPolicy>().notNull(),
  holder: jsonb('holder').$type<{ name: string; surname: string }>().notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').$type<'confirmed' | 'cancelled'>().notNull().default('confirmed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** Migration 1080: the own ticket's QR checked in at the entrance, once. */
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  checkedInBy: uuid('checked_in_by'),
  checkedInByName: text('checked_in_by_name'),
});
export type OwnBookingRow = typeof ownBookings.$inferSelect;
