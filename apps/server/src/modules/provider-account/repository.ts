import type { SupplierId } from '@travesia/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TableChanges } from '../../db/changes.js';
import type { Db } from '../../db/client.js';
import { KeptRows } from '../../db/kept-rows.js';
import { type NewProviderAccount, type ProviderAccountRow, providerAccounts, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

const templates = alias(providerAccounts, 'template');

/** An account with the template it links to (if any). */
export interface AccountWithTemplate {
  account: ProviderAccountRow;
  template: ProviderAccountRow | null;
}

export interface ProviderListFilter {
  /** An agency's accounts, or templates when null. */
  agencyId: string | null;
  q?: string;
  supplier?: SupplierId;
}

/**
 * An agency's usable accounts with their templates, prepared once: every streamed search reads it before any
 * supplier request can leave, and drizzle rebuilt its SQL (two tables' columns) on each call (decision 0712).
 */
function usableByAgencyQuery(db: Db) {
  return db
    .select({ account: providerAccounts, template: templates })
    .from(providerAccounts)
    .leftJoin(templates, eq(templates.id, providerAccounts.templateId))
    .where(
      and(
        eq(providerAccounts.agencyId, sql.placeholder('agencyId')),
        eq(providerAccounts.active, true),
        sql`(${providerAccounts.templateId} is null or ${templates.active} = true)`,
      ),
    )
    .orderBy(asc(providerAccounts.supplier), asc(providerAccounts.name))
    .prepare('provider_accounts_usable_by_agency');
}

export class ProviderAccountRepository {
  /**
   * Each agency's usable accounts for a few seconds, emptied by any change to provider_accounts (decision 0760):
   * every streamed search reads them before its supplier requests can leave.
   */
  private readonly kept?: KeptRows<AccountWithTemplate[]>;

  /** `changes` and `keepMs`: keep `usableByAgency` answers that long at most; without them every read goes to the database. */
  constructor(
    private readonly db: Db,
    changes?: TableChanges,
    keepMs = 0,
  ) {
    if (changes && keepMs > 0) this.kept = new KeptRows(changes, ['provider_accounts'], keepMs, 5_000);
  }

  async findById(id: string): Promise<AccountWithTemplate | undefined> {
    const [row] = await this.db
      .select({ account: providerAccounts, template: templates })
      .from(providerAccounts)
      .leftJoin(templates, eq(templates.id, providerAccounts.templateId))
      .where(eq(providerAccounts.id, id))
      .limit(1);
    return row;
  }

  async findByName(agencyId: string | null, name: string): Promise<ProviderAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(providerAccounts)
      .where(
        and(
          agencyId ? eq(providerAccounts.agencyId, agencyId) : isNull(providerAccounts.agencyId),
          sql`lower(${providerAccounts.name}) = ${name.toLowerCase()}`,
        ),
      )
      .limit(1);
    return row;
  }

  async list(filter: ProviderListFilter, page: number, limit: number) {
    const conditions: SQL[] = [filter.agencyId ? eq(providerAccounts.agencyId, filter.agencyId) : isNull(providerAccounts.agencyId)];
    if (filter.q) conditions.push(ilike(providerAccounts.name, `%${escapeLike(filter.q)}%`));
    if (filter.supplier) conditions.push(eq(providerAccounts.supplier, filter.supplier));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ account: providerAccounts, template: templates })
        .from(providerAccounts)
        .leftJoin(templates, eq(templates.id, providerAccounts.templateId))
        .where(where)
        .orderBy(asc(providerAccounts.supplier), asc(providerAccounts.name), asc(providerAccounts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(providerAccounts).where(where),
    ]);
    return { rows, total };
  }

  /** How many agency accounts link to each of these templates. */
  async linkedCounts(templateIds: string[]): Promise<Map<string, number>> {
    if (templateIds.length === 0) return new Map();
    const rows = await this.db
      .select({ templateId: providerAccounts.templateId, n: count() })
      .from(providerAccounts)
      .where(inArray(providerAccounts.templateId, templateIds))
      .groupBy(providerAccounts.templateId);
    return new Map(rows.map((r) => [r.templateId as string, r.n]));
  }

  /** Built on first use (`usableByAgencyQuery`). */
  private usable?: ReturnType<typeof usableByAgencyQuery>;

  /** An agency's accounts a user could search with: active, and if linked, linked to an active template. Read-only. */
  async usableByAgency(agencyId: string): Promise<readonly AccountWithTemplate[]> {
    const now = Date.now();
    const kept = this.kept?.get(agencyId, now);
    if (kept) return kept;
    const mark = this.kept?.mark() ?? 0;
    this.usable ??= usableByAgencyQuery(this.db);
    const rows = await this.usable.execute({ agencyId });
    return this.kept ? this.kept.set(agencyId, rows, mark, now) : rows;
  }

  async activeTemplates(onlyShared: boolean): Promise<ProviderAccountRow[]> {
    return this.db
      .select()
      .from(providerAccounts)
      .where(
        and(
          isNull(providerAccounts.agencyId),
          eq(providerAccounts.active, true),
          onlyShared ? eq(providerAccounts.shared, true) : undefined,
        ),
      )
      .orderBy(asc(providerAccounts.supplier), asc(providerAccounts.name));
  }

  /** Of these ids, the ones that are accounts of `agencyId` (or templates when null). */
  async idsOwnedBy(agencyId: string | null, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: providerAccounts.id })
      .from(providerAccounts)
      .where(
        and(inArray(providerAccounts.id, ids), agencyId ? eq(providerAccounts.agencyId, agencyId) : isNull(providerAccounts.agencyId)),
      );
    return new Set(rows.map((r) => r.id));
  }

  async countUsersReferencing(accountId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.availableProviders} @> ${JSON.stringify([accountId])}::jsonb`);
    return n;
  }

  async insert(values: NewProviderAccount): Promise<ProviderAccountRow> {
    const [row] = await this.db.insert(providerAccounts).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewProviderAccount>): Promise<ProviderAccountRow | undefined> {
    const [row] = await this.db
      .update(providerAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(providerAccounts.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(providerAccounts).where(eq(providerAccounts.id, id)).returning({ id: providerAccounts.id });
    return rows.length > 0;
  }

  /** Every sealed value, for re-encryption under a new key. */
  async allSealed(): Promise<Array<{ id: string; credentialsEnc: string }>> {
    const rows = await this.db
      .select({ id: providerAccounts.id, credentialsEnc: providerAccounts.credentialsEnc })
      .from(providerAccounts)
      .where(sql`${providerAccounts.credentialsEnc} is not null`);
    return rows as Array<{ id: string; credentialsEnc: string }>;
  }

  async setSealed(id: string, credentialsEnc: string, expected: string): Promise<boolean> {
    const rows = await this.db
      .update(providerAccounts)
      .set({ credentialsEnc })
      .where(and(eq(providerAccounts.id, id), eq(providerAccounts.credentialsEnc, expected)))
      .returning({ id: providerAccounts.id });
    return rows.length > 0;
  }
}
