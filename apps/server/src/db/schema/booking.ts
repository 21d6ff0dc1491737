import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Migration 0600 (as hotel_booking_recovery), renamed by 0800: supplier bookings of any product kind
 * awaiting their outcome (modules/booking RecoveryWorker).
 */
export const bookingRecovery = pgTable('booking_recovery', {
  voucherId: uuid('voucher_id').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
