import type { ReminderSettings, UpcomingDeadline } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AgencyMailContext } from '../agency-settings/mail-context.js';
import { agencyOf } from '../integrations/service.js';
import type { VoucherService } from '../voucher/service.js';
import { deadlineReminderMail } from './mails.js';
import type { DeadlineRepository } from './repository.js';

export interface DeadlineServiceDeps {
  repo: DeadlineRepository;
  vouchers: VoucherService;
  agencyMail: AgencyMailContext;
  mailer: Mailer;
  publicUrl: string;
}

/** Voucher deadlines for people: the dashboard card, the agency's reminder settings, the reminder mail. */
export class DeadlineService {
  constructor(private readonly d: DeadlineServiceDeps) {}

  /** Open deadlines due within `days` in the caller's voucher scope ("Vencen pronto"). */
  async upcoming(auth: AuthContext, days: number): Promise<UpcomingDeadline[]> {
    const rows = await this.d.repo.upcoming(this.d.vouchers.scopeOf(auth), days);
    return rows.map((r) => ({
      voucherId: r.voucherId,
      reference: r.reference,
      productName: r.productName ?? r.product.name ?? null,
      status: r.status,
      kind: r.kind,
      dueAt: r.dueAt.toISOString(),
    }));
  }

  settings(auth: AuthContext): Promise<ReminderSettings> {
    return this.d.repo.settings(agencyOf(auth).id);
  }

  async putSettings(auth: AuthContext, body: ReminderSettings): Promise<ReminderSettings> {
    const agencyId = agencyOf(auth).id;
    await this.d.repo.putSettings(agencyId, { offsets: [...new Set(body.offsets)].sort((a, b) => b - a), daily: body.daily });
    return this.d.repo.settings(agencyId);
  }

  /**
   * The outbox handler of `deadline.reminder`: mails the agency side that wants deadline mails (the booking
   * user and the agency admins who did not turn them off, plus the agency's addresses for deadlines) in one
   * mail, in the agency's zone, under its sender name and reply-to. A deadline closed meanwhile mails nobody.
   */
  async mailReminder(payload: Record<string, unknown>): Promise<void> {
    const d = await this.d.repo.withVoucher(String(payload.deadlineId));
    if (!d || d.closed) return;
    const to = await this.d.agencyMail.recipients(d.agencyId, d.userId, 'deadlines');
    if (!to.length) return;
    const look = await this.d.agencyMail.look(d.agencyId);
    const link = `${this.d.publicUrl.replace(/\/$/, '')}/booking/${d.voucherId}/voucher`;
    // One mail to the agency side, so a retry after a failure never repeats it to some of them.
    await this.d.mailer.send({
      ...deadlineReminderMail(to.join(', '), d, Number(payload.offsetDays), link, look.timeZone),
      fromName: look.senderName,
      replyTo: look.replyTo,
    });
  }
}
