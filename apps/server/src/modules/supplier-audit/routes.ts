import { idParams, pageOf, supplierAuditDetailSchema, supplierAuditPage, supplierAuditQuery } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupplierAuditRow } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

const toDto = (r: Omit<SupplierAuditRow, 'requestBody' | 'responseBody'>) => ({
  _id: r.id,
  accountId: r.accountId,
  supplier: r.supplier,
  operation: r.operation,
  correlationId: r.correlationId,
  method: r.method,
  url: r.url,
  attempt: r.attempt,
  responseStatus: r.responseStatus,
  durationMs: r.durationMs,
  errorCode: r.errorCode,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
});

/** The supplier audit log for super (audit:read); its Prometheus metrics are served by modules/health/metrics.ts. */
export const supplierAuditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const audit = { permission: 'audit:read' as const };

  app.get(
    '/api/supplier-audit',
    { config: audit, schema: { tags: ['supplier-audit'], querystring: supplierAuditQuery, response: { 200: supplierAuditPage } } },
    async (req) => {
      const { rows, total } = await services.supplierAudit.list(req.query);
      return pageOf(rows.map(toDto), total, req.query.page, req.query.limit);
    },
  );

  app.get(
    '/api/supplier-audit/:id',
    { config: audit, schema: { tags: ['supplier-audit'], params: idParams, response: { 200: supplierAuditDetailSchema } } },
    async (req) => {
      const row = await services.supplierAudit.get(req.params.id);
      return { ...toDto(row), requestBody: row.requestBody, responseBody: row.responseBody };
    },
  );

  app.addHook('onClose', async () => {
    await services.suppliers.close();
  });
};
