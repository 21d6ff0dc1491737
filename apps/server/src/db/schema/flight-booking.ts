import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Migration 1100: pre-reservations by idempotency key (modules/booking/flight, docs/decisions/0370). */
export const flightPreReserveKeys = pgTable(
  'flight_pre_reserve_keys',
  {
    userId: uuid('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    voucherId: uuid('voucher_id'),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);
