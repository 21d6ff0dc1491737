import type { MarkupSupplier, ProductKind } from '@travesia/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, type MarkupRuleRow, markupRules } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NewMarkupRule = typeof markupRules.$inferInsert;

export interface MarkupListFilter {
  /** A uuid: that agency's rules; null: platform rules; 'any-agency': every agency's; undefined: all. */
  owner?: string | null | 'any-agency';
  q?: string;
  active?: boolean;
  productKind?: ProductKind;
  supplier?: MarkupSupplier;
}

export interface MarkupWithAgency {
  rule: MarkupRuleRow;
  agencyName: string | null;
}

export class MarkupRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<MarkupWithAgency | undefined> {
    const [row] = await this.db
      .select({ rule: markupRules, agencyName: agencies.name })
      .from(markupRules)
      .leftJoin(agencies, eq(agencies.id, markupRules.agencyId))
      .where(eq(markupRules.id, id))
      .limit(1);
    return row;
  }

  async list(filter: MarkupListFilter, page: number, limit: number) {
    const conditions: SQL[] = [];
    if (filter.owner === null) conditions.push(isNull(markupRules.agencyId));
    else if (filter.owner === 'any-agency') conditions.push(isNotNull(markupRules.agencyId));
    else if (filter.owner) conditions.push(eq(markupRules.agencyId, filter.owner));
    if (filter.active !== undefined) conditions.push(eq(markupRules.active, filter.active));
    if (filter.productKind) conditions.push(eq(markupRules.productKind, filter.productKind));
    if (filter.supplier) conditions.push(eq(markupRules.supplier, filter.supplier));
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      const q = or(ilike(markupRules.name, like), ilike(markupRules.destinationName, like), ilike(agencies.name, like));
      if (q) conditions.push(q);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ rule: markupRules, agencyName: agencies.name })
        .from(markupRules)
        .leftJoin(agencies, eq(agencies.id, markupRules.agencyId))
        .where(where)
        .orderBy(desc(markupRules.priority), desc(markupRules.createdAt), desc(markupRules.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(markupRules).leftJoin(agencies, eq(agencies.id, markupRules.agencyId)).where(where),
    ]);
    return { rows, total };
  }

  async insert(values: NewMarkupRule): Promise<MarkupRuleRow> {
    const [row] = await this.db.insert(markupRules).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewMarkupRule>): Promise<MarkupRuleRow | undefined> {
    const [row] = await this.db
      .update(markupRules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(markupRules.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(markupRules).where(eq(markupRules.id, id)).returning({ id: markupRules.id });
    return rows.length > 0;
  }
}
