import { DEFAULT_REMINDER_OFFSETS, type DeadlineKind, type ReminderSettings } from '@travesia/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencyReminderSettings, voucherDeadlines, vouchers } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { scopeCondition, type VoucherScope } from '../voucher/repository.js';

export interface ReminderCandidate {
  deadlineId: string;
  voucherId: string;
  agencyId: string;
  kind: DeadlineKind;
  dueAt: Date;
  offsets: number[];
  daily: boolean;
}

export interface DeadlineWithVoucher {
  deadlineId: string;
  kind: DeadlineKind;
  dueAt: Date;
  closed: boolean;
  voucherId: string;
  agencyId: string;
  userId: string | null;
  reference: string;
  productName: string | null;
  status: string;
  startDate: string | null;
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** Voucher deadlines (migration 0871): read for the dashboard, scanned by the reminder job. */
export class DeadlineRepository {
  constructor(private readonly db: Db) {}

  /** Open deadlines of the scope due within `days`, soonest first (the "Vencen pronto" card). */
  async upcoming(scope: VoucherScope, days: number, limit = 20) {
    const where: SQL | undefined = and(
      scopeCondition(scope),
      sql`${voucherDeadlines.closedAt} is null`,
      sql`${voucherDeadlines.dueAt} > now()`,
      sql`${voucherDeadlines.dueAt} <= now() + make_interval(days => ${days})`,
    );
    return this.db
      .select({
        voucherId: vouchers.id,
        reference: vouchers.externalBookingReference,
        productName: vouchers.productName,
        product: vouchers.product,
        status: vouchers.status,
        kind: voucherDeadlines.kind,
        dueAt: voucherDeadlines.dueAt,
      })
      .from(voucherDeadlines)
      .innerJoin(vouchers, eq(vouchers.id, voucherDeadlines.voucherId))
      .where(where)
      .orderBy(voucherDeadlines.dueAt)
      .limit(limit);
  }

  /**
   * Open deadlines within the largest reminder window, skipping those reminded in the last 12 hours
   * (reminders are at least a day apart), with the agency's reminder settings.
   */
  async reminderCandidates(limit: number): Promise<ReminderCandidate[]> {
    const res = await this.db.execute(sql`
      select d.id, d.voucher_id, d.agency_id, d.kind, d.due_at,
             coalesce(s.offsets, ${`{${DEFAULT_REMINDER_OFFSETS.join(',')}}`}::integer[]) as offsets, coalesce(s.daily, true) as daily
      from voucher_deadlines d
      left join agency_reminder_settings s on s.agency_id = d.agency_id
      where d.closed_at is null and d.due_at > now()
        and d.due_at <= now() + make_interval(days => coalesce((select max(o) from unnest(s.offsets) o), ${Math.max(...DEFAULT_REMINDER_OFFSETS)}))
        and not exists (select 1 from deadline_reminders r where r.deadline_id = d.id and r.due_at = d.due_at and r.sent_at > now() - interval '12 hours')
      order by d.due_at
      limit ${limit}`);
    return rowsOf<Record<string, unknown>>(res).map((r) => ({
      deadlineId: String(r.id),
      voucherId: String(r.voucher_id),
      agencyId: String(r.agency_id),
      kind: r.kind as DeadlineKind,
      dueAt: toDate(r.due_at),
      offsets: parseIntArray(r.offsets),
      daily: r.daily === true || r.daily === 't',
    }));
  }

  /** Records a reminder; true only for the one caller whose insert made the row (any number of processes). */
  async claimReminder(tx: Db, deadlineId: string, dueAt: Date, offsetDays: number): Promise<boolean> {
    const res = await tx.execute(sql`
      insert into deadline_reminders (deadline_id, due_at, offset_days) values (${deadlineId}, ${dueAt.toISOString()}::timestamptz, ${offsetDays})
      on conflict do nothing returning deadline_id`);
    return rowsOf(res).length === 1;
  }

  async withVoucher(deadlineId: string): Promise<DeadlineWithVoucher | undefined> {
    const [row] = await this.db
      .select({
        deadlineId: voucherDeadlines.id,
        kind: voucherDeadlines.kind,
        dueAt: voucherDeadlines.dueAt,
        closedAt: voucherDeadlines.closedAt,
        voucherId: vouchers.id,
        agencyId: vouchers.agencyId,
        userId: vouchers.userId,
        reference: vouchers.externalBookingReference,
        productName: vouchers.productName,
        product: vouchers.product,
        status: vouchers.status,
        startDate: vouchers.startDate,
      })
      .from(voucherDeadlines)
      .innerJoin(vouchers, eq(vouchers.id, voucherDeadlines.voucherId))
      .where(eq(voucherDeadlines.id, deadlineId))
      .limit(1);
    if (!row) return undefined;
    const { closedAt, product, productName, ...rest } = row;
    return { ...rest, closed: closedAt !== null, productName: productName ?? product.name ?? null };
  }

  /** Pre-reserved vouchers whose pre-reservation deadline has passed (the job expires them). */
  async expiredPreReservations(limit: number): Promise<Array<{ voucherId: string; version: number }>> {
    return this.db
      .select({ voucherId: vouchers.id, version: vouchers.version })
      .from(voucherDeadlines)
      .innerJoin(vouchers, eq(vouchers.id, voucherDeadlines.voucherId))
      .where(
        and(
          eq(voucherDeadlines.kind, 'pre-reservation'),
          sql`${voucherDeadlines.closedAt} is null`,
          sql`${voucherDeadlines.dueAt} <= now()`,
          eq(vouchers.status, 'pre-reserved'),
        ),
      )
      .limit(limit);
  }

  async settings(agencyId: string): Promise<ReminderSettings> {
    const [row] = await this.db.select().from(agencyReminderSettings).where(eq(agencyReminderSettings.agencyId, agencyId)).limit(1);
    return { offsets: row?.offsets ?? [...DEFAULT_REMINDER_OFFSETS], daily: row?.daily ?? true };
  }

  async putSettings(agencyId: string, settings: ReminderSettings): Promise<void> {
    const values = { offsets: settings.offsets, daily: settings.daily, updatedAt: new Date() };
    await this.db
      .insert(agencyReminderSettings)
      .values({ agencyId, ...values })
      .onConflictDoUpdate({ target: agencyReminderSettings.agencyId, set: values });
  }
}

/** node-postgres answers integer[] as an array, PGlite too, raw text `{7,3}` only in odd drivers: one reader. */
function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  return String(v ?? '')
    .replace(/[{}]/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}
