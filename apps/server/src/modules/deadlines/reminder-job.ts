import { reminderDays } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppError } from '../../http/errors.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import type { WebhookRepository } from '../integrations/webhook-repository.js';
import type { OutboxRepository } from '../outbox/repository.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { VoucherService } from '../voucher/service.js';
import type { DeadlineRepository, ReminderCandidate } from './repository.js';

const DAY_MS = 86_400_000;

/**
 * The reminder offset due now for a deadline: the smallest reminder day `k` with `due − now ≤ k days`.
 * Offsets missed while no process ran are not sent late: only the current one is.
 */
export function dueOffset(c: Pick<ReminderCandidate, 'dueAt' | 'offsets' | 'daily'>, now: Date): number | null {
  const left = c.dueAt.getTime() - now.getTime();
  if (left <= 0) return null;
  const days = reminderDays({ offsets: c.offsets, daily: c.daily });
  const within = days.filter((k) => left <= k * DAY_MS);
  return within.length ? Math.min(...within) : null;
}

export interface ReminderJobDeps {
  db: Db;
  deadlines: DeadlineRepository;
  outbox: OutboxRepository;
  outboxWorker: OutboxWorker;
  webhooks: WebhookRepository;
  vouchers: VoucherService;
  log: Logger;
  now?: () => Date;
}

/**
 * Deadline reminders and pre-reservation expiry (decisions 0263–0264). Every API process runs `tick`
 * every minute; correctness never depends on how many do: a reminder is the row its insert creates
 * (primary key deadline × due date × offset), and its mail and webhook are queued in the same
 * transaction through the outbox, so two processes send exactly one reminder per offset, and a crash
 * never loses or repeats one. An expiry is an optimistic versioned update, so only one process wins.
 */
export class DeadlineReminderJob extends PeriodicJob {
  private readonly now: () => Date;

  constructor(private readonly d: ReminderJobDeps) {
    super('deadline job', d.log);
    this.now = d.now ?? (() => new Date());
  }

  override start(intervalMs = 60_000) {
    super.start(intervalMs);
  }

  /** One pass: reminders due now, then expired pre-reservations. */
  protected async pass() {
    const sent = await this.sendReminders();
    const expired = await this.expirePreReservations();
    return { sent, expired };
  }

  private async sendReminders(): Promise<number> {
    let sent = 0;
    const now = this.now();
    for (const c of await this.d.deadlines.reminderCandidates(500)) {
      const offset = dueOffset(c, now);
      if (offset === null) continue;
      const claimed = await inTransaction(this.d.db, async (tx) => {
        if (!(await this.d.deadlines.claimReminder(tx, c.deadlineId, c.dueAt, offset))) return false;
        await this.d.outbox.enqueue('deadline.reminder', { deadlineId: c.deadlineId, offsetDays: offset }, tx);
        await this.d.webhooks.emit(tx, c.agencyId, 'voucher.deadline_approaching', {
          voucherId: c.voucherId,
          deadline: c.kind,
          dueAt: c.dueAt.toISOString(),
          daysBefore: offset,
        });
        return true;
      });
      if (claimed) sent++;
    }
    if (sent) this.d.outboxWorker.kick();
    return sent;
  }

  private async expirePreReservations(): Promise<number> {
    let expired = 0;
    for (const v of await this.d.deadlines.expiredPreReservations(100)) {
      try {
        await this.d.vouchers.applyUpdate(
          v.voucherId,
          v.version,
          { status: 'cancelled', note: 'La pre-reserva venció sin confirmarse' },
          { actor: { kind: 'system', name: 'Vencimiento automático' } },
        );
        expired++;
      } catch (err) {
        // Another process (or a person) changed it first: nothing to do.
        if ((err as AppError).status !== 409) throw err;
      }
    }
    return expired;
  }
}
