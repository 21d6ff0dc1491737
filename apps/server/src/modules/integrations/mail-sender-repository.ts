import type { MailSettings } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencyMailSettings } from '../../db/schema/index.js';

/**
 * The sender name and reply-to of an agency's mails (table `agency_mail_settings`, decision 0262).
 * Its own small repository so the mail look (agency-settings' AgencyMailContext, used by the voucher
 * and deadline mails) reads it without depending on the integrations service: both are given this one
 * object in services.ts.
 */
export class MailSenderRepository {
  constructor(private readonly db: Db) {}

  /** The agency's sender (nulls when it set none). */
  async of(agencyId: string): Promise<MailSettings> {
    const [row] = await this.db.select().from(agencyMailSettings).where(eq(agencyMailSettings.agencyId, agencyId)).limit(1);
    return { senderName: row?.senderName ?? null, replyTo: row?.replyTo ?? null };
  }

  async put(agencyId: string, values: MailSettings): Promise<void> {
    const set = { senderName: values.senderName || null, replyTo: values.replyTo || null, updatedAt: new Date() };
    await this.db
      .insert(agencyMailSettings)
      .values({ agencyId, ...set })
      .onConflictDoUpdate({ target: agencyMailSettings.agencyId, set });
  }
}
