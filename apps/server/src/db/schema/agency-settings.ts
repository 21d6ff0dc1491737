import type { NotificationPrefs } from '@travesia/contracts';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { users } from './users.js';

export interface AgencyProfileData {
  legalName?: string | null;
  tradeName?: string | null;
  taxId?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  phone?: string | null;
  website?: string | null;
  billingEmail?: string | null;
}

export interface AgencyDefaultsData {
  currency?: string;
  language?: string;
  nationality?: string | null;
  adults?: number;
  children?: number;
}

export interface AgencyAppearanceData {
  primaryColor?: string | null;
  logoLight?: string | null;
  logoDark?: string | null;
  favicon?: string | null;
  voucherHeader?: string | null;
  voucherFooter?: string | null;
}

/** Migration 0850: one row per agency that changed anything; none means every default. */
export const agencySettings = pgTable('agency_settings', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('America/Bogota'),
  deadlineShiftDays: integer('deadline_shift_days').notNull().default(0),
  profile: jsonb('profile').$type<AgencyProfileData>().notNull().default({}),
  defaults: jsonb('defaults').$type<AgencyDefaultsData>().notNull().default({}),
  notificationEmails: jsonb('notification_emails').$type<Partial<Record<string, string[]>>>().notNull().default({}),
  appearance: jsonb('appearance').$type<AgencyAppearanceData>().notNull().default({}),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgencySettingsRow = typeof agencySettings.$inferSelect;

export const userNotificationPrefs = pgTable('user_notification_prefs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<Partial<NotificationPrefs>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
