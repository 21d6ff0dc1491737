import { SUPPLIER_AUDIT_MESSAGES, type SupplierAuditQuery } from '@travesia/contracts';
import { AppError, badRequest } from '../../http/errors.js';
import type { SupplierAuditRepository } from './repository.js';

/** Reading the supplier audit log (super only: the route asks for audit:read). */
export class SupplierAuditService {
  constructor(private readonly repo: SupplierAuditRepository) {}

  list(q: SupplierAuditQuery) {
    if (q.from && q.to && q.from > q.to)
      throw badRequest(SUPPLIER_AUDIT_MESSAGES.rangeInvalid, { from: SUPPLIER_AUDIT_MESSAGES.rangeInvalid });
    const toExclusive = q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined;
    return this.repo.list(
      {
        supplier: q.supplier,
        accountId: q.accountId,
        operation: q.operation,
        correlationId: q.correlationId,
        outcome: q.outcome,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        toExclusive,
      },
      q.page,
      q.limit,
    );
  }

  async get(id: string) {
    const row = await this.repo.findById(id);
    if (!row) throw new AppError(404, 'NOT_FOUND', SUPPLIER_AUDIT_MESSAGES.notFound);
    return row;
  }
}
