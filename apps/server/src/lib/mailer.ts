import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The agency's sender name (the address stays MAIL_FROM's, so SPF/DKIM still hold) and reply-to. */
  fromName?: string | null;
  replyTo?: string | null;
}

/**
 * Sends mail over SMTP (SMTP_URL). Without SMTP the message is written as an .eml file under
 * DATA_DIR/mail and logged, so password recovery works out of the box.
 */
export class Mailer {
  /** Made on the first mail: nodemailer is loaded then, not at start-up (decision 0550). */
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly opts: { smtpUrl?: string; from: string; dataDir: string },
    private readonly log: Logger,
  ) {}

  private transporter() {
    const { smtpUrl } = this.opts;
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Bounded waits: a hung SMTP server fails the outbox job (retried later) instead of holding it.
      smtpUrl
        ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }

  async send(mail: Mail): Promise<void> {
    const { fromName, replyTo, ...content } = mail;
    const info = await (await this.transporter()).sendMail({
      from: fromName ? { name: fromName, address: addressOf(this.opts.from) } : this.opts.from,
      ...(replyTo ? { replyTo } : {}),
      ...content,
    });
    if (this.opts.smtpUrl) {
      this.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    const dir = path.join(this.opts.dataDir, 'mail');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    this.log.info({ to: mail.to, subject: mail.subject, file, links: linksIn(mail.text) }, 'mail written to file (no SMTP_URL)');
  }

  close() {
    void this.transport?.then((t) => t.close());
  }
}

/** The bare address of a `Name <address>` sender (or the sender itself). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
