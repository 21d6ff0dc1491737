import type { AgencyModule, SiteContent } from '@travesia/contracts';
import { char, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { users } from './users.js';

export type WhiteLabelStatus = 'draft' | 'active' | 'suspended';

/** Migration 1000: an agency's public storefront (issue 20); the base row payments and orders reference. */
export const whiteLabels = pgTable('white_labels', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  status: text('status').$type<WhiteLabelStatus>().notNull().default('draft'),
  products: text('products').array().$type<AgencyModule[]>().notNull().default([]),
  currency: char('currency', { length: 3 }).notNull().default('USD'),
  language: text('language').$type<'es' | 'en'>().notNull().default('es'),
  markupPercent: numeric('markup_percent', { precision: 6, scale: 2 }).notNull().default('0'),
  /** Minutes a storefront order holds its price while the traveller pays (migration 1400); null: the platform's. */
  holdMinutes: integer('hold_minutes'),
  // Migration 1001: optional addresses and the storefront content (draft and published).
  subdomain: text('subdomain').unique(),
  customDomain: text('custom_domain').unique(),
  draft: jsonb('draft').$type<Partial<SiteContent>>().notNull().default({}),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
  published: jsonb('published').$type<SiteContent>(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WhiteLabelRow = typeof whiteLabels.$inferSelect;
