import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { users } from './users.js';
import { vouchers } from './vouchers.js';

/** API keys of an agency's own systems (migration 0870): only the SHA-256 of the secret is kept. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  scopes: text('scopes').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  url: text('url').notNull(),
  description: text('description'),
  events: text('events').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  agencyId: uuid('agency_id').notNull(),
  eventId: uuid('event_id').notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const agencyMailSettings = pgTable('agency_mail_settings', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id),
  senderName: text('sender_name'),
  replyTo: text('reply_to'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A voucher's deadlines (migration 0871), kept by a trigger on `vouchers`. */
export const voucherDeadlines = pgTable('voucher_deadlines', {
  id: uuid('id').primaryKey().defaultRandom(),
  voucherId: uuid('voucher_id')
    .notNull()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
  agencyId: uuid('agency_id').notNull(),
  kind: text('kind').$type<'free-cancellation' | 'payment' | 'pre-reservation'>().notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
export type VoucherDeadlineRow = typeof voucherDeadlines.$inferSelect;

export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    deadlineId: uuid('deadline_id')
      .notNull()
      .references(() => voucherDeadlines.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    offsetDays: integer('offset_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deadlineId, t.dueAt, t.offsetDays] })],
);

export const agencyReminderSettings = pgTable('agency_reminder_settings', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id),
  offsets: integer('offsets').array().notNull(),
  daily: boolean('daily').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
