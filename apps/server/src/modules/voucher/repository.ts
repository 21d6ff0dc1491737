import { VOUCHER_COUNT_CAP, VOUCHER_TEXT_COUNT_CAP, type VoucherFilter } from '@travesia/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  agencies,
  type NewVoucherRow,
  PLATFORM_STATS_ID,
  users,
  type VoucherEventRow,
  type VoucherRow,
  voucherDailyStats,
  voucherEvents,
  vouchers,
} from '../../db/schema/index.js';
import { escapeLike, rowsOf } from '../../db/sql.js';

/**
 * Which vouchers a caller may see (spec §6), always derived from the session by the service:
 * everything (super), one agency's, one user's, or the operator's own-inventory bookings (product loader).
 */
export type VoucherScope =
  | { kind: 'all' }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'user'; userId: string; agencyId: string }
  | { kind: 'own-inventory' };

export interface VoucherListRow {
  voucher: VoucherRow;
  agencyLogo: string | null;
  /** The white label's name when its storefront sold the booking (by `white_label_id`, decision 0420), else null. */
  whiteLabelName: string | null;
}

/** Every column but the generated search text, which no answer needs. */
const { searchText: _searchText, ...voucherColumns } = getTableColumns(vouchers);

/** What every answer's row carries: the voucher, its agency's logo and its storefront's name (decisions 0390, 0420). */
const rowSelect = {
  voucher: voucherColumns,
  agencyLogo: agencies.logo,
  whiteLabelName: sql<string | null>`(select wl.name from white_labels wl where wl.id = ${vouchers.whiteLabelId})`,
};

/**
 * How a condition holds a value: the value itself (the default), or a named placeholder in a statement
 * built once and executed with values (`listStatement`).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

export function scopeCondition(scope: VoucherScope, bind: Bind = inline): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'agency':
      return eq(vouchers.agencyId, bind('agencyId', scope.agencyId));
    case 'user':
      return and(eq(vouchers.userId, bind('userId', scope.userId)), eq(vouchers.agencyId, bind('agencyId', scope.agencyId)));
    case 'own-inventory':
      return eq(vouchers.provider, 'travesia');
  }
}

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' means that text. */

/** The dashboard's and the list's business day boundaries (docs/decisions/0053-dashboard-figures.md). */
const dayStart = (isoDate: string | Placeholder, timeZone?: string | Placeholder) =>
  timeZone
    ? sql`((${isoDate})::date::timestamp at time zone ${timeZone})`
    : sql`((${isoDate})::date::timestamp at time zone travesia_business_tz())`;

/** A list filter with the reader's zone: `from`/`to` are that agency's calendar days (issue 16). */
export type ZonedFilter = VoucherFilter & { timeZone?: string };

/**
 * The text filter: `search_text` holds lower(travesia_unaccent(...)) of the searched fields
 * (migration 0202), so the pattern is folded by the same SQL functions, never by a JS look-alike
 * (docs/decisions/0056-voucher-search-accents.md). `column` lets a subquery's alias be matched.
 */
export const textCondition = (q: string, column: SQL | typeof vouchers.searchText = vouchers.searchText) =>
  sql`${column} like lower(travesia_unaccent(${`%${escapeLike(q)}%`}))`;

/**
 * How many of the scope's newest rows the text filter walks in list order (index-only, on the
 * covering order index) before it falls back to the trigram index (docs/decisions/0057).
 */
export const TEXT_WINDOW = 50_000;

export function filterConditions(filter: ZonedFilter, bind: Bind = inline): SQL[] {
  const out: SQL[] = [];
  // The text filter has statements of its own (listByText) and is never bound to a placeholder.
  if (filter.q) out.push(textCondition(filter.q));
  if (filter.status) out.push(eq(vouchers.status, bind('status', filter.status)));
  if (filter.provider) out.push(eq(vouchers.provider, bind('provider', filter.provider)));
  if (filter.type) out.push(eq(vouchers.type, bind('type', filter.type)));
  if (filter.channel) out.push(eq(vouchers.channel, bind('channel', filter.channel)));
  const zone = filter.timeZone ? bind('timeZone', filter.timeZone) : undefined;
  if (filter.from) out.push(sql`${vouchers.createdAt} >= ${dayStart(bind('from', filter.from), zone)}`);
  if (filter.to) out.push(sql`${vouchers.createdAt} < ${dayStart(bind('to', filter.to), zone)} + interval '1 day'`);
  if (filter.deadlineWithin) out.push(deadlineWithin(bind('deadlineWithin', filter.deadlineWithin)));
  return out;
}

/** The list filters a statement's shape depends on (which are set), besides the scope's kind. */
const SHAPE_KEYS = ['status', 'provider', 'type', 'channel', 'from', 'to', 'timeZone', 'deadlineWithin'] as const;

/** The values of a list statement's placeholders (those its shape does not use are ignored). */
function listParams(scope: VoucherScope, filter: ZonedFilter): Record<string, unknown> {
  const params: Record<string, unknown> = { ...scope };
  for (const key of SHAPE_KEYS) if (filter[key]) params[key] = filter[key];
  return params;
}

/** An open deadline (migration 0871) due within `days` (the bookings list's "vence pronto" filter). */
const deadlineWithin = (days: number | Placeholder, voucherId: SQL | typeof vouchers.id = vouchers.id) =>
  sql`exists (select 1 from voucher_deadlines d where d.voucher_id = ${voucherId} and d.closed_at is null
      and d.due_at > now() and d.due_at <= now() + make_interval(days => ${days}))`;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** What the plan checks read from `EXPLAIN (ANALYZE, BUFFERS)`: node shapes and pages, no times. */
export interface ExplainedPlan {
  nodes: Array<{ type: string; index?: string; heapFetches?: number }>;
  /** Shared buffers the statement touched (hit + read): its cost in pages. */
  sharedPages: number;
  rows: number;
}

/** A prepared statement without a name: built once by drizzle, planned by PostgreSQL on each execution. */
const UNNAMED = '';

export class VoucherRepository {
  private readonly textWindow: number;
  private readonly listStatementsByShape = new Map<string, ReturnType<VoucherRepository['buildListStatements']>>();

  /** `textWindow` is for tests, which check that both text filter paths answer the same. */
  constructor(
    private readonly db: Db,
    opts: { textWindow?: number } = {},
  ) {
    this.textWindow = opts.textWindow ?? TEXT_WINDOW;
  }

  /**
   * One page, newest first, with a count that stops at VOUCHER_COUNT_CAP + 1 rows so a million-row
   * scope never pays for an exact `count(*)` (docs/decisions/0051-voucher-list-counts.md).
   */
  async list(scope: VoucherScope, filter: ZonedFilter, page: number, limit: number) {
    if (filter.q) return this.listByText(scope, { ...filter, q: filter.q }, page, limit);
    const offset = (page - 1) * limit;
    const cap = VOUCHER_COUNT_CAP;
    const statements = this.listStatements(scope, filter);
    const params = listParams(scope, filter);
    const [rows, counted] = await Promise.all([
      offset >= cap ? ([] as VoucherListRow[]) : (statements.rows.execute({ ...params, limit, offset }) as Promise<VoucherListRow[]>),
      statements.count.execute({ ...params, statsAgencyId: scope.kind === 'agency' ? scope.agencyId : PLATFORM_STATS_ID }),
    ]);
    const n = Number(counted[0]?.n ?? 0);
    return { rows, total: Math.min(n, cap), capped: n > cap };
  }

  /**
   * The page's and the count's statements for a shape of list (the scope's kind and which filters are
   * set), built once with placeholders and kept: building them per request was most of drizzle's share
   * of a voucher page's CPU (issue 21, decision 0702). Prepared without a name, so node-postgres sends
   * them unnamed and PostgreSQL still plans each execution for its values (a named statement may switch
   * to one generic plan for every agency, large or small).
   */
  private listStatements(scope: VoucherScope, filter: ZonedFilter) {
    const shape = [scope.kind, ...SHAPE_KEYS.filter((key) => filter[key])].join(' ');
    let statements = this.listStatementsByShape.get(shape);
    if (!statements) {
      statements = this.buildListStatements(scope, filter);
      this.listStatementsByShape.set(shape, statements);
    }
    return statements;
  }

  private buildListStatements(scope: VoucherScope, filter: ZonedFilter) {
    const where = and(scopeCondition(scope, placeholder), ...filterConditions(filter, placeholder));
    const rows = this.db
      .select(rowSelect)
      .from(vouchers)
      .innerJoin(agencies, eq(agencies.id, vouchers.agencyId))
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(UNNAMED);
    const capped = this.db
      .select({ one: sql`1` })
      .from(vouchers)
      .where(where)
      .limit(VOUCHER_COUNT_CAP + 1)
      .as('t');
    const count = this.countFromStats(scope, filter) ?? this.db.select({ n: sql<number>`count(*)::int` }).from(capped).prepare(UNNAMED);
    return { rows, count };
  }

  /**
   * The list's count from the daily stats (exact, kept in each voucher's own transaction: 0053) when
   * the stats can answer it — an agency's or the platform's list, whole or by status — so the most
   * common pages never count rows at all (issue 21: the capped count was a scan on every page). Other
   * filters (dates in the reader's zone, provider, type, deadlines) count rows up to the cap.
   */
  private countFromStats(scope: VoucherScope, filter: ZonedFilter) {
    if (scope.kind !== 'agency' && scope.kind !== 'all') return undefined;
    if (filter.from || filter.to || filter.provider || filter.type || filter.channel || filter.deadlineWithin) return undefined;
    return this.db
      .select({ n: sql<number>`coalesce(sum(${voucherDailyStats.count}), 0)::int` })
      .from(voucherDailyStats)
      .where(
        and(
          eq(voucherDailyStats.agencyId, sql.placeholder('statsAgencyId')),
          filter.status ? eq(voucherDailyStats.status, sql.placeholder('status')) : undefined,
        ),
      )
      .prepare(UNNAMED);
  }

  /**
   * The list with a text filter, in two steps whose cost does not depend on the planner's guess of
   * how common the term is (docs/decisions/0057-voucher-text-filter-window.md):
   *
   * 1. the scope's newest `textWindow` rows in list order, matched against the text — an index-only
   *    walk of the covering order index that stops as soon as it has the page and the capped count
   *    (any term in more than ~0.7 % of the rows);
   * 2. when the window held fewer matches than that and did not cover the whole scope, the GIN
   *    index over (agency_id, search_text) alone (plain index scans switched off for that one
   *    statement, so the planner cannot walk the whole scope in order looking for matches that are
   *    rare); the term is then rare, so its candidates are few, and an agency's scope is applied
   *    inside the index rather than by rechecking other agencies' rows in the heap (migration 0203).
   *
   * Either way the answer is exact up to VOUCHER_TEXT_COUNT_CAP.
   */
  private async listByText(scope: VoucherScope, filter: ZonedFilter & { q: string }, page: number, limit: number) {
    const cap = VOUCHER_TEXT_COUNT_CAP;
    const offset = (page - 1) * limit;
    // Matching ids needed for both the page and the count, newest first.
    const want = Math.max(cap + 1, Math.min(offset, cap) + limit);
    const windowed = await this.db.execute<{ id: string }>(this.windowStatement(scope, filter, want));
    let ids = rowsOf<{ id: string }>(windowed).map((r) => r.id);
    if (ids.length < want && !(await this.fitsWindow(scope, filter))) {
      const base = and(scopeCondition(scope), ...filterConditions({ ...filter, q: undefined })) ?? sql`true`;
      ids = await this.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        const res = await tx.execute<{ id: string }>(sql`
          select ${vouchers.id} as id from ${vouchers}
          where ${base} and ${textCondition(filter.q)}
          order by ${vouchers.createdAt} desc, ${vouchers.id} desc limit ${want}`);
        return rowsOf<{ id: string }>(res).map((r) => r.id);
      });
    }
    const pageIds = offset >= cap ? [] : ids.slice(offset, offset + limit);
    const rows = pageIds.length
      ? ((await this.db
          .select(rowSelect)
          .from(vouchers)
          .innerJoin(agencies, eq(agencies.id, vouchers.agencyId))
          .where(inArray(vouchers.id, pageIds))
          .orderBy(desc(vouchers.createdAt), desc(vouchers.id))) as VoucherListRow[])
      : [];
    return { rows, total: Math.min(ids.length, cap), capped: ids.length > cap };
  }

  /**
   * Step 1 of the text filter: the scope's newest `textWindow` rows within the date range, in list
   * order, then the text and the other filters (status, provider, type) on those rows. The window is
   * bounded by the scope and the dates only, which are the keys of the order indexes, and every
   * column it reads is carried by them (migration 0980), so it is one index-only walk that stops at
   * `want` matches or after `textWindow` entries, whatever the other filters are
   * (docs/decisions/0310). Filtering inside the window instead (as before) made it walk up to
   * `textWindow` *filtered* rows, reading the heap for each candidate's status or provider.
   */
  private windowStatement(scope: VoucherScope, filter: ZonedFilter & { q: string }, want: number): SQL {
    const keyed = and(
      scopeCondition(scope),
      ...filterConditions({ q: undefined, from: filter.from, to: filter.to, timeZone: filter.timeZone }),
    );
    const rest: SQL[] = [textCondition(filter.q, sql`w.search_text`)];
    if (filter.status) rest.push(sql`w.status = ${filter.status}`);
    if (filter.provider) rest.push(sql`w.provider = ${filter.provider}`);
    if (filter.type) rest.push(sql`w.type = ${filter.type}`);
    if (filter.channel) rest.push(sql`w.channel = ${filter.channel}`);
    if (filter.deadlineWithin) rest.push(deadlineWithin(filter.deadlineWithin, sql`w.id`));
    return sql`
      select w.id from (
        select ${vouchers.id} as id, ${vouchers.createdAt} as created_at, ${vouchers.searchText} as search_text,
               ${vouchers.status} as status, ${vouchers.provider} as provider, ${vouchers.type} as type,
               ${vouchers.channel} as channel
        from ${vouchers} where ${keyed ?? sql`true`}
        order by ${vouchers.createdAt} desc, ${vouchers.id} desc limit ${this.textWindow}
      ) w
      where ${and(...rest)}
      order by w.created_at desc, w.id desc limit ${want}`;
  }

  /**
   * `EXPLAIN (ANALYZE, BUFFERS)` of the text filter's window statement, for the plan regression test
   * and the benchmark (which check its shape and the pages it reads, never its time).
   */
  async explainTextWindow(scope: VoucherScope, filter: ZonedFilter & { q: string }): Promise<ExplainedPlan> {
    const statement = this.windowStatement(scope, filter, VOUCHER_TEXT_COUNT_CAP + 1);
    const res = await this.db.execute(sql`explain (analyze, buffers, format json) ${statement}`);
    const raw = Object.values(rowsOf<Record<string, unknown>>(res)[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const nodes: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      nodes.push(n);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan[0].Plan);
    const top = plan[0].Plan;
    return {
      nodes: nodes.map((n) => ({ type: n['Node Type'], index: n['Index Name'], heapFetches: n['Heap Fetches'] })),
      sharedPages: (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0),
      rows: top['Actual Rows'] ?? 0,
    };
  }

  /**
   * True when the scope within the date range has fewer rows than the window, so the window saw all
   * of it and its matches are the answer: most agencies and advisers never need the trigram step.
   * The other filters play no part: the window is bounded by the scope and the dates only.
   */
  private async fitsWindow(scope: VoucherScope, filter: ZonedFilter): Promise<boolean> {
    // An agency's or the platform's size (by business day) is in the daily stats the trigger keeps
    // exact in each voucher's transaction (0053): a few hundred rows to add up instead of counting
    // up to the window's 50,000 index entries. The stats' days are the business zone's and the
    // filter's the reader's, so the range is widened by a day each side: a superset, never an
    // undercount (zones differ by less than a day).
    if (scope.kind === 'agency' || scope.kind === 'all') {
      const agencyId = scope.kind === 'agency' ? scope.agencyId : PLATFORM_STATS_ID;
      const res = await this.db.execute<{ n: string }>(sql`
        select coalesce(sum(${voucherDailyStats.count}), 0)::text as n from ${voucherDailyStats}
        where ${and(
          eq(voucherDailyStats.agencyId, agencyId),
          filter.from ? sql`${voucherDailyStats.day} >= ${filter.from}::date - 1` : undefined,
          filter.to ? sql`${voucherDailyStats.day} <= ${filter.to}::date + 1` : undefined,
        )}`);
      return Number(rowsOf<{ n: string }>(res)[0]?.n ?? 0) < this.textWindow;
    }
    const keyed = and(scopeCondition(scope), ...filterConditions({ from: filter.from, to: filter.to, timeZone: filter.timeZone }));
    const res = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${vouchers} where ${keyed ?? sql`true`} limit ${this.textWindow}) t`,
    );
    return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0) < this.textWindow;
  }

  /**
   * Walks the filtered list newest first in keyset batches (no growing offsets), for exports.
   * Stops after `max` rows.
   */
  async *iterate(scope: VoucherScope, filter: ZonedFilter, max: number, batch = 1000): AsyncGenerator<VoucherRow[]> {
    let after: { createdAt: Date; id: string } | null = null;
    let left = max;
    while (left > 0) {
      const keyset: SQL | undefined = after
        ? or(lt(vouchers.createdAt, after.createdAt), and(eq(vouchers.createdAt, after.createdAt), lt(vouchers.id, after.id)))
        : undefined;
      const rows = (await this.db
        .select(voucherColumns)
        .from(vouchers)
        .where(and(scopeCondition(scope), keyset, ...filterConditions(filter)))
        .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
        .limit(Math.min(batch, left))) as VoucherRow[];
      if (!rows.length) return;
      yield rows;
      left -= rows.length;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      if (rows.length < batch) return;
    }
  }

  /** The voucher with our reference (`externalBookingReference`) among those a scope may see. */
  async byReference(reference: string, scope: SQL | undefined): Promise<VoucherRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.externalBookingReference, reference), scope))
      .limit(1);
    return row;
  }

  /** Counts the filtered rows, stopping at `cap + 1`. */
  async countUpTo(scope: VoucherScope, filter: ZonedFilter, cap: number): Promise<number> {
    const where = and(scopeCondition(scope), ...filterConditions(filter));
    const res = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${vouchers} where ${where ?? sql`true`} limit ${cap + 1}) t`,
    );
    return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
  }

  async findInScope(scope: VoucherScope, id: string, db: Db = this.db): Promise<VoucherListRow | undefined> {
    const [row] = await db
      .select(rowSelect)
      .from(vouchers)
      .innerJoin(agencies, eq(agencies.id, vouchers.agencyId))
      .where(and(eq(vouchers.id, id), scopeCondition(scope)))
      .limit(1);
    return row as VoucherListRow | undefined;
  }

  /** Locks the voucher row for the rest of the transaction `tx`. */
  async lockInScope(tx: Db, scope: VoucherScope, id: string): Promise<VoucherRow | undefined> {
    const [row] = await tx
      .select(voucherColumns)
      .from(vouchers)
      .where(and(eq(vouchers.id, id), scopeCondition(scope)))
      .for('update')
      .limit(1);
    return row as VoucherRow | undefined;
  }

  async findByIdempotencyKey(db: Db, agencyId: string, key: string): Promise<VoucherRow | undefined> {
    const [row] = await db
      .select(voucherColumns)
      .from(vouchers)
      .where(and(eq(vouchers.agencyId, agencyId), eq(vouchers.idempotencyKey, key)))
      .limit(1);
    return row as VoucherRow | undefined;
  }

  async findByReference(db: Db, reference: string): Promise<VoucherRow | undefined> {
    const [row] = await db.select(voucherColumns).from(vouchers).where(eq(vouchers.externalBookingReference, reference)).limit(1);
    return row as VoucherRow | undefined;
  }

  /** The voucher that consumed a quote (migration 0740), if any. */
  async findByQuoteRef(db: Db, quoteRef: string): Promise<VoucherRow | undefined> {
    const [row] = await db.select(voucherColumns).from(vouchers).where(eq(vouchers.quoteRef, quoteRef)).limit(1);
    return row as VoucherRow | undefined;
  }

  /**
   * Inserts unless a unique key is taken — the agency's idempotency key or the quote (a concurrent
   * insert of either waits for the other transaction, then does nothing); answers undefined then.
   */
  async insertIdempotent(db: Db, values: NewVoucherRow): Promise<VoucherRow | undefined> {
    const [row] = await db.insert(vouchers).values(values).onConflictDoNothing().returning(voucherColumns);
    return row as VoucherRow | undefined;
  }

  /**
   * Claims a voucher's supplier cancellation with one conditional UPDATE (migration 0741): true for
   * the one caller that set the mark; false when the voucher is cancelled or someone else holds a
   * claim younger than `staleBefore` (an older one belongs to a process that died mid-call).
   */
  async claimCancellation(db: Db, scope: VoucherScope, id: string, at: Date, staleBefore: Date): Promise<boolean> {
    const rows = await db
      .update(vouchers)
      .set({ cancelStartedAt: at })
      .where(
        and(
          eq(vouchers.id, id),
          scopeCondition(scope),
          sql`${vouchers.status} <> 'cancelled'`,
          or(sql`${vouchers.cancelStartedAt} is null`, lt(vouchers.cancelStartedAt, staleBefore)),
        ),
      )
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /** Drops a cancellation claim (the supplier call failed: the cancellation may be tried again). */
  async releaseCancellation(db: Db, id: string): Promise<void> {
    await db.update(vouchers).set({ cancelStartedAt: null }).where(eq(vouchers.id, id));
  }

  /** Optimistic update: applies only when the row is still at `version`; answers the new row or undefined. */
  async updateVersioned(db: Db, id: string, version: number, values: Partial<NewVoucherRow>): Promise<VoucherRow | undefined> {
    const [row] = await db
      .update(vouchers)
      .set({ ...values, updatedAt: new Date(), version: sql`${vouchers.version} + 1` })
      .where(and(eq(vouchers.id, id), eq(vouchers.version, version)))
      .returning(voucherColumns);
    return row as VoucherRow | undefined;
  }

  async addEvent(db: Db, event: typeof voucherEvents.$inferInsert) {
    await db.insert(voucherEvents).values(event);
  }

  async events(voucherId: string): Promise<VoucherEventRow[]> {
    return this.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucherId)).orderBy(asc(voucherEvents.at));
  }

  /** The public approval page's lookup: by id only; the key is checked by the caller in constant time. */
  async findForApproval(db: Db, id: string, lock = false): Promise<VoucherListRow | undefined> {
    const q = db
      .select(rowSelect)
      .from(vouchers)
      .innerJoin(agencies, eq(agencies.id, vouchers.agencyId))
      .where(eq(vouchers.id, id))
      .limit(1);
    const [row] = lock ? await q.for('update', { of: vouchers }) : await q;
    return row as VoucherListRow | undefined;
  }

  /** A user's agency (a voucher list of one user checks the caller may see them). */
  async userAgency(userId: string): Promise<{ id: string; agencyId: string | null } | undefined> {
    const [row] = await this.db.select({ id: users.id, agencyId: users.agencyId }).from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  /** What a new voucher names: its agency's name, and its seller's name when a person sells (undefined: not found). */
  async agencyName(db: Db, agencyId: string): Promise<string | undefined> {
    const [row] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
    return row?.name;
  }

  async userName(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ profile: users.profile }).from(users).where(eq(users.id, userId)).limit(1);
    return row ? `${row.profile.name} ${row.profile.lastName}`.trim() : undefined;
  }
}
