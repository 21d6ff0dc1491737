import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface DistributedEntry {
  active: boolean;
  name: string;
  provider: string;
  visible: boolean;
}

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  logo: text('logo'),
  theme: text('theme').notNull().default('default'),
  mode: text('mode').$type<'sandbox' | 'production'>().notNull().default('sandbox'),
  options: jsonb('options').$type<Record<string, boolean>>().notNull().default({}),
  distributed: jsonb('distributed')
    .$type<{ disney: DistributedEntry[]; universal: DistributedEntry[] }>()
    .notNull()
    .default({ disney: [], universal: [] }),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgencyRow = typeof agencies.$inferSelect;
