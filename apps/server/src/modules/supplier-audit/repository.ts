import { and, count, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supplierAuditLog } from '../../db/schema/index.js';
import type { SupplierAuditEntry } from '../../suppliers/http/audit.js';

export interface AuditFilter {
  supplier?: string;
  accountId?: string;
  operation?: string;
  correlationId?: string;
  outcome?: 'ok' | 'error';
  from?: Date;
  toExclusive?: Date;
}

export class SupplierAuditRepository {
  constructor(private readonly db: Db) {}

  async insertMany(entries: SupplierAuditEntry[]): Promise<void> {
    if (!entries.length) return;
    await this.db.insert(supplierAuditLog).values(entries);
  }

  private where(f: AuditFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.supplier) c.push(eq(supplierAuditLog.supplier, f.supplier));
    if (f.accountId) c.push(eq(supplierAuditLog.accountId, f.accountId));
    if (f.operation) c.push(eq(supplierAuditLog.operation, f.operation));
    if (f.correlationId) c.push(eq(supplierAuditLog.correlationId, f.correlationId));
    if (f.outcome === 'ok') c.push(isNull(supplierAuditLog.errorCode));
    if (f.outcome === 'error') c.push(isNotNull(supplierAuditLog.errorCode));
    if (f.from) c.push(gte(supplierAuditLog.createdAt, f.from));
    if (f.toExclusive) c.push(lt(supplierAuditLog.createdAt, f.toExclusive));
    return c.length ? and(...c) : undefined;
  }

  /** A page without the bodies (they can be large); newest first. */
  async list(f: AuditFilter, page: number, limit: number) {
    const where = this.where(f);
    const { requestBody: _q, responseBody: _r, ...columns } = getTableColumns(supplierAuditLog);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select(columns)
        .from(supplierAuditLog)
        .where(where)
        .orderBy(desc(supplierAuditLog.createdAt), desc(supplierAuditLog.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(supplierAuditLog).where(where),
    ]);
    return { rows, total: Number(n) };
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(supplierAuditLog).where(eq(supplierAuditLog.id, id)).limit(1);
    return row ?? null;
  }
}
