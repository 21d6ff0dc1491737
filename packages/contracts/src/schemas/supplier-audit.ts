import { z } from 'zod';
import { SUPPLIERS } from '../suppliers.js';
import { calendarDate } from './calendar-date.js';
import { pageQuery, paginated } from './common.js';

const isoDay = calendarDate('La fecha debe ser un día válido con el formato aaaa-mm-dd');

/** GET /api/supplier-audit filters (super only, permission audit:read). */
export const supplierAuditQuery = pageQuery(20, 100).extend({
  supplier: z.enum(SUPPLIERS, { error: 'Proveedor no válido' }).optional(),
  accountId: z.string().trim().min(1).max(100, { error: 'Máximo 100 caracteres' }).optional(),
  operation: z
    .string()
    .trim()
    .regex(/^[a-z-]+(\.[a-z-]+)?$/, { error: 'Operación no válida' })
    .max(60)
    .optional(),
  correlationId: z.string().trim().min(1).max(100, { error: 'Máximo 100 caracteres' }).optional(),
  outcome: z.enum(['ok', 'error'], { error: 'El resultado debe ser ok o error' }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type SupplierAuditQuery = z.infer<typeof supplierAuditQuery>;

export const supplierAuditEntrySchema = z.object({
  _id: z.string(),
  accountId: z.string(),
  supplier: z.string(),
  operation: z.string(),
  correlationId: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  attempt: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export const supplierAuditDetailSchema = supplierAuditEntrySchema.extend({
  requestBody: z.string().nullable(),
  responseBody: z.string().nullable(),
});
export const supplierAuditPage = paginated(supplierAuditEntrySchema);
export type SupplierAuditEntryDto = z.infer<typeof supplierAuditEntrySchema>;
export type SupplierAuditDetailDto = z.infer<typeof supplierAuditDetailSchema>;
