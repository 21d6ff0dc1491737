import type { CommissionType, UserStatus, UserType } from '@travesia/contracts';
import { boolean, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';

export interface ProfileData {
  name: string;
  lastName: string;
  docType: string;
  docNumber: string;
  phone?: string;
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  type: text('type').$type<UserType>().notNull(),
  status: text('status').$type<UserStatus>().notNull().default('active'),
  agencyId: uuid('agency_id').references(() => agencies.id),
  profile: jsonb('profile').$type<ProfileData>().notNull(),
  canSeeAllVouchers: boolean('can_see_all_vouchers').notNull().default(false),
  availableProviders: jsonb('available_providers').$type<string[]>().notNull().default([]),
  commissionType: text('commission_type').$type<CommissionType>().notNull().default('percentage'),
  commissionValue: numeric('commission_value', { precision: 14, scale: 4 }).notNull().default('0'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull().default(false),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const passwordTokens = pgTable('password_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'recovery' | 'invitation'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
