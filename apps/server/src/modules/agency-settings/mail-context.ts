import { DEFAULT_TIME_ZONE, imageUrl, type NotificationKind } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { NotificationPrefsRepository } from '../profile/repository.js';
import type { AgencySettingsRepository } from './repository.js';

/** How an agency's mails look: dates in its zone, its logo (absolute URL), its primary colour and its footer text. */
export interface MailLook {
  timeZone: string;
  logoUrl: string | null;
  footer: string | null;
  /** The appearance's primary colour (`#rrggbb`, validated when saved): the mail's top rule and link; none when unset. */
  color?: string | null;
  /** The agency's sender name and reply-to (/configuration/integrations, decision 0262); the platform's when unset. */
  senderName?: string | null;
  replyTo?: string | null;
  /** The instant the mail's cancellation terms are computed at; the time of writing when absent (tests fix it). */
  now?: Date;
}

/** Where the agency's mail sender comes from: a port, so this module does not depend on integrations. */
export type MailSenderOf = (agencyId: string) => Promise<{ senderName: string | null; replyTo: string | null }>;

/**
 * Who at an agency gets a kind of e-mail and how it looks (issue 16): the booking user and the agency
 * admins unless they turned that kind off on their profile, plus the addresses the agency lists for it
 * in /configuration/app.
 */
export class AgencyMailContext {
  constructor(
    private readonly d: {
      db: Db;
      settings: AgencySettingsRepository;
      prefs: NotificationPrefsRepository;
      publicUrl: string;
      sender: MailSenderOf;
    },
  ) {}

  async recipients(agencyId: string, userId: string | null, kind: NotificationKind): Promise<string[]> {
    const res = await this.d.db.execute<{ id: string; email: string }>(sql`
      (select id, email from users where id = ${userId} and status = 'active')
      union
      (select id, email from users where agency_id = ${agencyId} and type = 'agency' and status = 'active' order by created_at limit 5)`);
    const people = rowsOf<{ id: string; email: string }>(res);
    const out = await this.d.prefs.optedOut(
      people.map((p) => p.id),
      kind,
    );
    const listed = (await this.d.settings.find(agencyId))?.notificationEmails[kind] ?? [];
    const emails = [...people.filter((p) => !out.has(p.id)).map((p) => p.email), ...listed].map((e) => e.toLowerCase());
    return [...new Set(emails)];
  }

  async look(agencyId: string): Promise<MailLook> {
    const [row, sender] = await Promise.all([this.d.settings.find(agencyId), this.d.sender(agencyId)]);
    const logo = row?.appearance.logoLight;
    return {
      timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
      logoUrl: logo ? `${this.d.publicUrl.replace(/\/$/, '')}${imageUrl(logo)}` : null,
      footer: row?.appearance.voucherFooter ?? null,
      color: row?.appearance.primaryColor ?? null,
      senderName: sender.senderName,
      replyTo: sender.replyTo,
    };
  }
}
