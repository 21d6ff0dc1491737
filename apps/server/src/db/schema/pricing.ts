import type { CommissionMode, CommissionType, MarkupBasis, MarkupKind, MarkupSupplier, ProductKind } from '@travesia/contracts';
import { boolean, date, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { users } from './users.js';

export const markupRules = pgTable('markup_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  productKind: text('product_kind').$type<ProductKind>(),
  supplier: text('supplier').$type<MarkupSupplier>(),
  destinationId: uuid('destination_id'),
  destinationName: text('destination_name'),
  travelFrom: date('travel_from'),
  travelTo: date('travel_to'),
  bookingFrom: date('booking_from'),
  bookingTo: date('booking_to'),
  kind: text('kind').$type<MarkupKind>().notNull(),
  value: numeric('value', { precision: 20, scale: 6 }).notNull(),
  currency: text('currency'),
  basis: text('basis').$type<MarkupBasis>().notNull().default('booking'),
  allowBelowCost: boolean('allow_below_cost').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MarkupRuleRow = typeof markupRules.$inferSelect;

export const exchangeRates = pgTable('exchange_rates', {
  id: uuid('id').primaryKey().defaultRandom(),
  currency: text('currency').notNull(),
  unitsPerUsd: numeric('units_per_usd', { precision: 24, scale: 10 }).notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export const agencyPricingSettings = pgTable('agency_pricing_settings', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  commissionMode: text('commission_mode').$type<CommissionMode>().notNull().default('on-top'),
  commissionType: text('commission_type').$type<CommissionType>().notNull().default('percentage'),
  commissionValue: numeric('commission_value', { precision: 14, scale: 4 }).notNull().default('0'),
  commissionCurrency: text('commission_currency').notNull().default('USD'),
  roundUp: boolean('round_up').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgencyPricingSettingsRow = typeof agencyPricingSettings.$inferSelect;
