import {
  type LastVoucher,
  type MonthChart,
  type PeriodFigure,
  SALE_STATUSES,
  STATUS_GROUPS,
  type StatusChart,
  shortId,
  toWireDate,
  type VoucherChannel,
  type YearlyReport,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { AuthContext } from '../../http/auth.js';
import type { VoucherService } from '../voucher/service.js';
import { daysInMonth, monthEnd, monthStart, type Period, periodsOf } from './periods.js';
import { type DashboardRepository, type DayFigure, statsSourceOf } from './repository.js';

/**
 * The dashboard (spec §2, §7): sales in USD per business day, period indicators, status groups,
 * available years and months, latest vouchers; every figure in the caller's voucher scope.
 */
export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly vouchers: VoucherService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's agency zone cuts every day, month, quarter and year (issue 16). */
  private async source(auth: AuthContext, channel?: VoucherChannel) {
    return statsSourceOf(this.vouchers.scopeOf(auth), await this.vouchers.timeZoneOf(auth), channel);
  }

  private async today(auth: AuthContext) {
    return toWireDate(this.now(), await this.vouchers.timeZoneOf(auth));
  }

  async monthChart(auth: AuthContext, month: number, year: number, channel?: VoucherChannel): Promise<MonthChart> {
    const rows = await this.repo.daily(await this.source(auth, channel), monthStart(year, month), monthEnd(year, month), SALE_STATUSES);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const data = Array.from({ length: daysInMonth(year, month) }, (_, i) => {
      const date = `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`;
      const r = byDay.get(date);
      return { date, day: i + 1, totalAmount: new Decimal(r?.amount ?? 0).toFixed(2), count: r?.count ?? 0 };
    });
    return { month, year, currency: 'USD', data };
  }

  async yearlyReport(auth: AuthContext, channel?: VoucherChannel): Promise<YearlyReport> {
    const today = await this.today(auth);
    const p = periodsOf(today);
    const rows = await this.repo.daily(await this.source(auth, channel), p.year.previous.from, today, SALE_STATUSES);
    const figure = (x: { current: Period; previous: Period }): PeriodFigure => {
      const cur = sum(rows, x.current);
      const prev = sum(rows, x.previous);
      return { totalAmount: cur.amount.toFixed(2), count: cur.count, percentageChange: growth(cur.amount, prev.amount), ...x.current };
    };
    const [y, m] = today.split('-').map(Number);
    return {
      currency: 'USD',
      timeZone: await this.vouchers.timeZoneOf(auth),
      today: figure(p.today),
      month: { ...figure(p.month), month: m },
      quarter: { ...figure(p.quarter), quarter: p.quarterNumber },
      year: { ...figure(p.year), year: y },
    };
  }

  async statusChart(auth: AuthContext, month: number, year: number, channel?: VoucherChannel): Promise<StatusChart> {
    const counts = await this.repo.statusCounts(await this.source(auth, channel), monthStart(year, month), monthEnd(year, month));
    const data = (Object.keys(STATUS_GROUPS) as Array<keyof typeof STATUS_GROUPS>).map((key) => ({
      key,
      label: STATUS_GROUPS[key].label,
      count: STATUS_GROUPS[key].statuses.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
    }));
    return { month, year, data };
  }

  /** Years with vouchers, always including the current one so the selector is never empty. */
  async years(auth: AuthContext, channel?: VoucherChannel) {
    const current = Number((await this.today(auth)).slice(0, 4));
    const years = new Set(await this.repo.years(await this.source(auth, channel)));
    years.add(current);
    return { years: [...years].sort((a, b) => b - a) };
  }

  /** Months of `year` with vouchers; the current month is always there in the current year. */
  async months(auth: AuthContext, year: number, channel?: VoucherChannel) {
    const [cy, cm] = (await this.today(auth)).split('-').map(Number);
    const months = new Set(await this.repo.months(await this.source(auth, channel), year));
    if (year === cy) months.add(cm);
    return { year, months: [...months].sort((a, b) => a - b) };
  }

  async last(auth: AuthContext, limit: number, year?: number, channel?: VoucherChannel): Promise<{ docs: LastVoucher[] }> {
    const rows = await this.repo.last(this.vouchers.scopeOf(auth), limit, year, await this.vouchers.timeZoneOf(auth), channel);
    return {
      docs: rows.map((v) => ({
        _id: v.id,
        shortId: shortId(v.id),
        createdAt: v.createdAt.toISOString(),
        price: { gross: v.priceGross, currency: v.priceCurrency },
        totalUsd: v.priceUsd,
        status: v.status,
        client: [v.client.name, v.client.surname].filter(Boolean).join(' '),
      })),
    };
  }
}

function sum(rows: DayFigure[], p: Period) {
  let amount = new Decimal(0);
  let count = 0;
  for (const r of rows) {
    if (r.day < p.from || r.day > p.to) continue;
    amount = amount.plus(r.amount);
    count += r.count;
  }
  return { amount, count };
}

/** Growth in percent, two decimals; 0 when both are zero, null when only the previous is. */
export function growth(current: Decimal, previous: Decimal): number | null {
  if (previous.isZero()) return current.isZero() ? 0 : null;
  return current.minus(previous).div(previous).mul(100).toDecimalPlaces(2).toNumber();
}
