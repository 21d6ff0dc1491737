import type { SupplierId } from '@travesia/contracts';
import { type AnyPgColumn, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProviderSettings } from '../../suppliers/account.js';
import { agencies } from './agencies.js';

/** An agency's supplier account, or a platform template when `agencyId` is null (migration 0350). */
export const providerAccounts = pgTable('provider_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
  templateId: uuid('template_id').references((): AnyPgColumn => providerAccounts.id, { onDelete: 'restrict' }),
  supplier: text('supplier').$type<SupplierId>().notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  shared: boolean('shared').notNull().default(false),
  /** Sealed with lib/secret-box.ts; never leaves the server, never logged. */
  credentialsEnc: text('credentials_enc'),
  settings: jsonb('settings').$type<ProviderSettings>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProviderAccountRow = typeof providerAccounts.$inferSelect;
export type NewProviderAccount = typeof providerAccounts.$inferInsert;
