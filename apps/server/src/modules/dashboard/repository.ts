import { DEFAULT_TIME_ZONE, type VoucherChannel, type VoucherStatus } from '@travesia/contracts';
import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PLATFORM_STATS_ID, type VoucherRow, voucherDailyStats, vouchers } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { scopeCondition, type VoucherScope } from '../voucher/repository.js';

/**
 * Where the dashboard reads its figures: the pre-aggregated daily table for the platform or one
 * agency (kept by a trigger in the voucher's own transaction), or the vouchers themselves for one
 * adviser's own bookings (few rows, on the user_id index). See docs/decisions/0053-dashboard-figures.md.
 */
export type StatsSource =
  | { kind: 'stats'; agencyId: string }
  | { kind: 'vouchers'; scope: VoucherScope; timeZone: string; channel?: VoucherChannel };

/**
 * The stats table counts each agency's days in its own zone (migration 0850); read from vouchers, days are cut in `timeZone`.
 * The stats have no channel: figures of one channel are read from the vouchers, on the agency's channel
 * index (migration 1140, docs/decisions/0390).
 */
export function statsSourceOf(scope: VoucherScope, timeZone: string = DEFAULT_TIME_ZONE, channel?: VoucherChannel): StatsSource {
  if (channel) return { kind: 'vouchers', scope, timeZone, channel };
  if (scope.kind === 'all') return { kind: 'stats', agencyId: PLATFORM_STATS_ID };
  if (scope.kind === 'agency') return { kind: 'stats', agencyId: scope.agencyId };
  return { kind: 'vouchers', scope, timeZone };
}

export interface DayFigure {
  day: string;
  count: number;
  amount: string;
}

const businessDay = (timeZone: string) => sql`((${vouchers.createdAt} at time zone ${timeZone})::date)`;
const dayStart = (isoDate: string, timeZone: string) => sql`((${isoDate})::date::timestamp at time zone ${timeZone})`;
const { searchText: _s, ...voucherColumns } = getTableColumns(vouchers);

export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /** Per business day from `from` to `to` (inclusive): count and USD amount of vouchers in `statuses`. */
  async daily(source: StatsSource, from: string, to: string, statuses: readonly VoucherStatus[]): Promise<DayFigure[]> {
    if (source.kind === 'stats') {
      const res = await this.db.execute<{ day: string; n: number; amount: string }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(count)::int as n, sum(amount_usd)::text as amount
        from ${voucherDailyStats}
        where agency_id = ${source.agencyId} and day between ${from}::date and ${to}::date and ${inArray(voucherDailyStats.status, [...statuses])}
        group by day order by day`);
      return rowsOf<{ day: string; n: number; amount: string }>(res).map((r) => ({ day: r.day, count: Number(r.n), amount: r.amount }));
    }
    const res = await this.db.execute<{ day: string; n: number; amount: string }>(sql`
      select to_char(${businessDay(source.timeZone)}, 'YYYY-MM-DD') as day, count(*)::int as n, coalesce(sum(${vouchers.priceUsd}), 0)::text as amount
      from ${vouchers}
      where ${this.scopeWhere(source.scope, source.channel)} and ${vouchers.createdAt} >= ${dayStart(from, source.timeZone)}
        and ${vouchers.createdAt} < ${dayStart(to, source.timeZone)} + interval '1 day' and ${inArray(vouchers.status, [...statuses])}
      group by 1 order by 1`);
    return rowsOf<{ day: string; n: number; amount: string }>(res).map((r) => ({ day: r.day, count: Number(r.n), amount: r.amount }));
  }

  /** Voucher counts per status between two business days (inclusive). */
  async statusCounts(source: StatsSource, from: string, to: string): Promise<Map<string, number>> {
    const res =
      source.kind === 'stats'
        ? await this.db.execute<{ status: string; n: number }>(sql`
            select status, sum(count)::int as n from ${voucherDailyStats}
            where agency_id = ${source.agencyId} and day between ${from}::date and ${to}::date group by status`)
        : await this.db.execute<{ status: string; n: number }>(sql`
            select ${vouchers.status} as status, count(*)::int as n from ${vouchers}
            where ${this.scopeWhere(source.scope, source.channel)} and ${vouchers.createdAt} >= ${dayStart(from, source.timeZone)}
              and ${vouchers.createdAt} < ${dayStart(to, source.timeZone)} + interval '1 day'
            group by 1`);
    return new Map(rowsOf<{ status: string; n: number }>(res).map((r) => [r.status, Number(r.n)]));
  }

  /** Years with at least one voucher, newest first. */
  async years(source: StatsSource): Promise<number[]> {
    const res =
      source.kind === 'stats'
        ? await this.db.execute<{ y: number }>(sql`
            select distinct extract(year from day)::int as y from ${voucherDailyStats}
            where agency_id = ${source.agencyId} and count > 0 order by y desc`)
        : await this.db.execute<{ y: number }>(sql`
            select distinct extract(year from ${businessDay(source.timeZone)})::int as y from ${vouchers}
            where ${this.scopeWhere(source.scope, source.channel)} order by y desc`);
    return rowsOf<{ y: number }>(res).map((r) => Number(r.y));
  }

  /** Months (1–12) of `year` with at least one voucher. */
  async months(source: StatsSource, year: number): Promise<number[]> {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const res =
      source.kind === 'stats'
        ? await this.db.execute<{ m: number }>(sql`
            select distinct extract(month from day)::int as m from ${voucherDailyStats}
            where agency_id = ${source.agencyId} and day between ${from}::date and ${to}::date and count > 0 order by m`)
        : await this.db.execute<{ m: number }>(sql`
            select distinct extract(month from ${businessDay(source.timeZone)})::int as m from ${vouchers}
            where ${this.scopeWhere(source.scope, source.channel)} and ${vouchers.createdAt} >= ${dayStart(from, source.timeZone)}
              and ${vouchers.createdAt} < ${dayStart(to, source.timeZone)} + interval '1 day' order by m`);
    return rowsOf<{ m: number }>(res).map((r) => Number(r.m));
  }

  /** The newest vouchers of the scope, optionally within one year. */
  async last(
    scope: VoucherScope,
    limit: number,
    year?: number,
    timeZone: string = DEFAULT_TIME_ZONE,
    channel?: VoucherChannel,
  ): Promise<VoucherRow[]> {
    const conditions: Array<SQL | undefined> = [scopeCondition(scope), channel ? eq(vouchers.channel, channel) : undefined];
    if (year) {
      conditions.push(sql`${vouchers.createdAt} >= ${dayStart(`${year}-01-01`, timeZone)}`);
      conditions.push(sql`${vouchers.createdAt} < ${dayStart(`${year + 1}-01-01`, timeZone)}`);
    }
    return (await this.db
      .select(voucherColumns)
      .from(vouchers)
      .where(and(...conditions))
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit)) as VoucherRow[];
  }

  private scopeWhere(scope: VoucherScope, channel?: VoucherChannel): SQL {
    return and(scopeCondition(scope), channel ? eq(vouchers.channel, channel) : undefined) ?? sql`true`;
  }
}
