import type { StorefrontOrderStatus, StorefrontProductKind, StorefrontTicketSummary, StorefrontTransferSummary } from '@travesia/contracts';
import { char, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { vouchers } from './vouchers.js';
import { whiteLabels } from './white-labels.js';

/** The option an order books: the storefront search's option and the quote that priced it. */
export interface StorefrontOrderOption {
  cacheId: string;
  optionId: string;
  quoteId: string;
  /** A transfer's legs (outbound, then return), each its option and quote; the first is `optionId`/`quoteId`. */
  legs?: Array<{ optionId: string; quoteId: string }>;
}

/** What "mi reserva" and the e-mail show of an order (the traveller's view, no cost). */
export interface StorefrontOrderSummary {
  hotel?: { name: string; board: string; checkIn: string; checkOut: string };
  rooms?: Array<{ name: string; adults: number; childrenAges: number[] }>;
  ticket?: StorefrontTicketSummary;
  transfer?: StorefrontTransferSummary;
  cancellation: { refundable: boolean; rules: Array<Record<string, unknown>>; text?: string };
}

/**
 * The conversion an order's price was made with (migration 1360, decision 0560): fixed by the quote that opened
 * the order (or by the re-quote of a payment after the hold), never shown to the traveller.
 */
export interface StorefrontOrderExchange {
  /** When the rates were read. */
  at: string;
  /** Each priced part (a hotel or a ticket: one; a round-trip transfer: a leg each). */
  parts: Array<{ cost: string; costCurrency: string; rate: string }>;
}

/** Migration 1040: a storefront order (docs/decisions/0340); tickets and transfers since 1320 (0530). */
export const storefrontOrders = pgTable('storefront_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  ref: text('ref').notNull().unique(),
  whiteLabelId: uuid('white_label_id')
    .notNull()
    .references(() => whiteLabels.id, { onDelete: 'restrict' }),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  status: text('status').$type<StorefrontOrderStatus>().notNull().default('awaiting-payment'),
  kind: text('kind').$type<StorefrontProductKind>().notNull().default('hotel'),
  option: jsonb('option').$type<StorefrontOrderOption>().notNull(),
  summary: jsonb('summary').$type<StorefrontOrderSummary>().notNull(),
  amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
  travellers: jsonb('travellers').$type<Array<Array<{ name: string; surname: string; age?: number; type: string }>>>().notNull(),
  billing: jsonb('billing').$type<Record<string, unknown>>().notNull(),
  /** What the traveller chose at checkout that the reserve needs after the payment (migration 1320, decision 0530). */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  /** The supplier cost and the rate into `currency` (migration 1360, decision 0560); null before it. */
  exchange: jsonb('exchange').$type<StorefrontOrderExchange>(),
  email: text('email').notNull(),
  paymentId: text('payment_id').unique(),
  gateway: text('gateway'),
  gatewayReference: text('gateway_reference'),
  voucherId: uuid('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StorefrontOrderRow = typeof storefrontOrders.$inferSelect;
