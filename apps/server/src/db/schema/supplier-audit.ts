import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One supplier exchange (request and reply, masked) per attempt: migration 0300-supplier-audit.sql. */
export const supplierAuditLog = pgTable('supplier_audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: text('account_id').notNull(),
  supplier: text('supplier').notNull(),
  operation: text('operation').notNull(),
  correlationId: text('correlation_id'),
  method: text('method').notNull(),
  url: text('url').notNull(),
  attempt: integer('attempt').notNull().default(1),
  requestBody: text('request_body'),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  durationMs: integer('duration_ms').notNull(),
  errorCode: text('error_code'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SupplierAuditRow = typeof supplierAuditLog.$inferSelect;
