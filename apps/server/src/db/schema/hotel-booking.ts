import type { SupplierId } from '@travesia/contracts';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { places } from './places.js';

/** Migration 0600-supplier-destinations.sql: our place -> the supplier's destination/zone code. */
export const supplierDestinations = pgTable(
  'supplier_destinations',
  {
    supplier: text('supplier').$type<SupplierId>().notNull(),
    placeId: uuid('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supplier, t.placeId] })],
);
export type SupplierDestinationRow = typeof supplierDestinations.$inferSelect;
