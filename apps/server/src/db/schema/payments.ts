import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import { bigint, bigserial, boolean, char, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../modules/payments/port.js';
import { agencies } from './agencies.js';
import { whiteLabels } from './white-labels.js';

/** Migration 1020: a white label's payment gateways (decision 0330). */
export const paymentGateways = pgTable('payment_gateways', {
  id: uuid('id').primaryKey().defaultRandom(),
  whiteLabelId: uuid('white_label_id')
    .notNull()
    .references(() => whiteLabels.id, { onDelete: 'cascade' }),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  gateway: text('gateway').$type<PaymentGateway>().notNull(),
  mode: text('mode').$type<PaymentMode>().notNull().default('test'),
  active: boolean('active').notNull().default(false),
  testCredentialsSealed: text('test_credentials_sealed'),
  liveCredentialsSealed: text('live_credentials_sealed'),
  lastTestOk: boolean('last_test_ok'),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  lastTestMsg: text('last_test_msg'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PaymentGatewayRow = typeof paymentGateways.$inferSelect;

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  whiteLabelId: uuid('white_label_id').notNull(),
  agencyId: uuid('agency_id').notNull(),
  gatewayAccountId: uuid('gateway_account_id').notNull(),
  orderId: text('order_id').notNull(),
  gateway: text('gateway').$type<PaymentGateway>().notNull(),
  mode: text('mode').$type<PaymentMode>().notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  gatewayReference: text('gateway_reference'),
  gatewaySessionId: text('gateway_session_id'),
  checkoutUrl: text('checkout_url').notNull().default(''),
  /** Migration 1300: a POSTed checkout's form (PayU WebCheckout), rendered by the platform's page. */
  checkoutForm: jsonb('checkout_form').$type<{ action: string; fields: Record<string, string> }>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PaymentRow = typeof payments.$inferSelect;

export const paymentEvents = pgTable('payment_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gateway: text('gateway').notNull(),
  eventId: text('event_id').notNull(),
  paymentId: uuid('payment_id'),
  type: text('type').notNull(),
  status: text('status'),
  outcome: text('outcome').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  payload: jsonb('payload').notNull(),
});

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    paymentId: uuid('payment_id').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.status] })],
);
