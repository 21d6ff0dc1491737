import type { VoucherStatus, VoucherType } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import { char, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { users } from './users.js';
import { whiteLabels } from './white-labels.js';

export interface MoneyData {
  amount: string;
  currency: string;
}
export interface PaymentData extends MoneyData {
  method?: string;
  paidAt?: string;
  reference?: string;
}
export interface PaymentsData {
  client?: PaymentData;
  payableAtHotel?: MoneyData;
  [k: string]: unknown;
}
export interface PolicyRuleData {
  from: string;
  amount?: string;
  percent?: string;
  nights?: number;
  currency: string;
}
export interface PenaltyData {
  penalty: string;
  penaltyCurrency: string;
  penaltyType: '$' | '%' | 'nights';
  penaltyValue: string;
  penaltyCaused: { type: 'cancellation' | 'no-show'; time: number; timeType: 'hours' };
  amount?: string;
  currency?: string;
}
export interface MarkupAppliedData {
  name: string;
  type: 'percentage' | 'fixed';
  value: string;
  amount: string;
  currency: string;
}
export interface ApprovalDecisionData {
  approved: boolean;
  channel: 'internal' | 'external';
  at: string;
  by: { userId: string | null; name: string };
  ip: string | null;
  userAgent: string | null;
}
export type HolderData = { name: string; surname?: string; email?: string } & Record<string, unknown>;
export type ProductSummaryData = {
  name: string;
  destination?: string;
  address?: string;
  phone?: string;
  category?: string;
  board?: string;
  rooms?: Array<{ name: string; board?: string; adults?: number; children?: number; childrenAges?: number[] }>;
} & Record<string, unknown>;

/** The all-zero agency id under which voucher_daily_stats keeps platform-wide figures. */
export const PLATFORM_STATS_ID = '00000000-0000-0000-0000-000000000000';

export const vouchers = pgTable('vouchers', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id),
  userId: uuid('user_id').references(() => users.id),
  agencyName: text('agency_name').notNull(),
  userName: text('user_name'),
  type: text('type').$type<VoucherType>().notNull(),
  integrator: text('integrator').notNull(),
  /** The white label whose storefront sold it (migration 1200, decision 0420); survives a slug rename. */
  whiteLabelId: uuid('white_label_id').references(() => whiteLabels.id, { onDelete: 'set null' }),
  provider: text('provider').notNull(),
  providerAccountId: uuid('provider_account_id'),
  status: text('status').$type<VoucherStatus>().notNull(),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  nights: integer('nights'),
  client: jsonb('client').$type<HolderData>().notNull(),
  companions: jsonb('companions').$type<Array<Record<string, unknown>>>().notNull().default([]),
  priceGross: numeric('price_gross', { precision: 16, scale: 2 }).notNull(),
  priceCurrency: char('price_currency', { length: 3 }).notNull(),
  costNet: numeric('cost_net', { precision: 16, scale: 2 }),
  costCurrency: char('cost_currency', { length: 3 }),
  markups: jsonb('markups').$type<MarkupAppliedData[]>().notNull().default([]),
  commissionAmount: numeric('commission_amount', { precision: 16, scale: 2 }),
  commissionCurrency: char('commission_currency', { length: 3 }),
  priceUsd: numeric('price_usd', { precision: 16, scale: 2 }),
  costUsd: numeric('cost_usd', { precision: 16, scale: 2 }),
  usdRate: numeric('usd_rate', { precision: 20, scale: 10 }),
  costUsdRate: numeric('cost_usd_rate', { precision: 20, scale: 10 }),
  payments: jsonb('payments').$type<PaymentsData>().notNull().default({}),
  bookingCodes: jsonb('booking_codes').$type<unknown[]>().notNull().default([]),
  policies: jsonb('policies').$type<PolicyRuleData[]>().notNull().default([]),
  penalty: jsonb('penalty').$type<PenaltyData>(),
  externalBookingReference: text('external_booking_reference').notNull(),
  locator: text('locator'),
  supplierReferences: jsonb('supplier_references').$type<string[]>().notNull().default([]),
  shortLocator: text('short_locator'),
  product: jsonb('product').$type<ProductSummaryData>().notNull(),
  productName: text('product_name'),
  idempotencyKey: text('idempotency_key'),
  approvalStatus: text('approval_status').$type<'pending' | 'approved' | 'rejected'>(),
  approvalKeyHash: text('approval_key_hash'),
  approvalKeyExpiresAt: timestamp('approval_key_expires_at', { withTimezone: true }),
  approvalKeyUsedAt: timestamp('approval_key_used_at', { withTimezone: true }),
  approvalDecision: jsonb('approval_decision').$type<ApprovalDecisionData>(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(0),
  /** What was booked, consumed by the first booking (migration 0740): 'hotel-quote:<quoteId>' or 'travesia-option:<token>'. */
  quoteRef: text('quote_ref'),
  /** Set while a supplier cancellation is in progress (migration 0741): parallel cancels make one supplier call. */
  cancelStartedAt: timestamp('cancel_started_at', { withTimezone: true }),
  /** What the supplier asks to be shown on the voucher, verbatim and in order (migration 0770, docs/decisions/0180). */
  supplierRemarks: jsonb('supplier_remarks').$type<string[]>().notNull().default([]),
  /** The booking's remarks as the agent typed them (migration 0820). */
  remarks: text('remarks'),
  /** The reason the agent typed when cancelling (migration 0820). */
  cancelReason: text('cancel_reason'),
  searchText: text('search_text').generatedAlwaysAs(sql``),
  /** 'storefront' when a white label's shop booked it (integrator 'storefront:<slug>'), else 'backoffice' (migration 1140). */
  channel: text('channel').$type<'backoffice' | 'storefront'>().generatedAlwaysAs(sql``),
});
export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucherRow = typeof vouchers.$inferInsert;

export const voucherEvents = pgTable('voucher_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  voucherId: uuid('voucher_id')
    .notNull()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  kind: text('kind').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  actorKind: text('actor_kind').$type<'user' | 'client' | 'system' | 'supplier'>().notNull(),
  actorUserId: uuid('actor_user_id'),
  actorName: text('actor_name'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  note: text('note'),
  data: jsonb('data').$type<Record<string, unknown>>(),
});
export type VoucherEventRow = typeof voucherEvents.$inferSelect;

export const voucherDailyStats = pgTable(
  'voucher_daily_stats',
  {
    agencyId: uuid('agency_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<VoucherStatus>().notNull(),
    count: integer('count').notNull(),
    amountUsd: numeric('amount_usd', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.day, t.status] })],
);
