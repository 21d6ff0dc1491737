import { MESSAGES } from '@travesia/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../../test/account-app.js';
import { makeUser } from '../../../test/factories.js';
import { type CaughtMail, linkIn } from '../../../test/mail-catcher.js';
import { outbox, passwordTokens } from '../../db/schema/index.js';
import { RECOVERY_LIMITS } from './service.js';

/**
 * Issue 12 finding 11 (recovery): the answer does the same work for known and unknown e-mails and never
 * waits for the mail (outbox), a mail outage is not a 500, requests are throttled per e-mail and per
 * address, and only the newest link works.
 */
let t: AccountTestApp;
beforeAll(async () => {
  t = await createAccountTestApp();
});
afterAll(() => t.close());

let n = 0;
const ask = (email: string, remoteAddress = `192.0.2.${++n % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/user/remember-password', payload: { email }, remoteAddress });
const jobs = async () => (await t.database.db.select().from(outbox).where(eq(outbox.kind, 'password-recovery'))).length;
/** Retries wait for their backoff; tests make them due at once instead of waiting. */
const retryNow = async () => {
  await t.database.db
    .update(outbox)
    .set({ availableAt: sql`now()` })
    .where(and(isNull(outbox.doneAt), isNull(outbox.failedAt)));
  await t.app.services.outbox.drain();
};
const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email));
const tokenOf = (mail: CaughtMail) => decodeURIComponent(new URL(linkIn(mail) as string).searchParams.get('token') as string);
const change = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/change-password', payload: { token, password: 'Recuperada-2026' } });

describe('password recovery', () => {
  it('answers the same, with the same work, for a known and an unknown e-mail, and with mail down', async () => {
    const user = await makeUser(t.database, 'super', null);
    await t.mailDown();
    try {
      const jobsBefore = await jobs();
      const known = await ask(user.email);
      const afterKnown = await jobs();
      const unknown = await ask('nadie-aqui@test.example');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json().msg).toBe(MESSAGES['password.recoverySent']);
      // One queued job each: the account is looked up by the worker, after the answer.
      expect(afterKnown - jobsBefore).toBe(1);
      expect((await jobs()) - afterKnown).toBe(1);
      await t.app.services.outbox.drain();
      const [job] = await t.database.db.select().from(outbox).where(sql`${outbox.payload}->>'email' = ${user.email}`);
      expect(job.doneAt).toBeNull();
      expect(job.attempts).toBeGreaterThanOrEqual(1);
      expect(job.lastError).toBeTruthy();
    } finally {
      await t.mailUp();
    }
    await retryNow();
    const mail = await t.mail.waitFor(user.email);
    expect(mail.raw).toContain('Recibimos una solicitud para cambiar');
    expect((await change(tokenOf(mail))).statusCode).toBe(200);
    expect(t.mail.messages.some((m) => m.to.includes('nadie-aqui@test.example'))).toBe(false);
  });

  it('20 requests for one e-mail send at most 3 mails; one address is stopped after 20 requests', async () => {
    const user = await makeUser(t.database, 'super', null);
    const from = '198.51.100.30';
    const answers = await Promise.all(Array.from({ length: RECOVERY_LIMITS.perIp }, () => ask(user.email, from)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(RECOVERY_LIMITS.perIp).fill(200));
    const over = await ask('otra@test.example', from);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe(MESSAGES['password.recoveryRateLimited']);
    await t.app.services.outbox.drain();
    expect(mailsTo(user.email)).toHaveLength(RECOVERY_LIMITS.perEmail);
    // Other addresses asking for the same e-mail are answered as usual, without another mail.
    expect((await ask(user.email, '198.51.100.31')).statusCode).toBe(200);
    await t.app.services.outbox.drain();
    expect(mailsTo(user.email)).toHaveLength(RECOVERY_LIMITS.perEmail);
  });

  it('a new link voids the older ones; a used link voids the rest', async () => {
    const user = await makeUser(t.database, 'super', null);
    await ask(user.email);
    await t.app.services.outbox.drain();
    const first = tokenOf(await t.mail.waitFor(user.email));
    await ask(user.email);
    await t.app.services.outbox.drain();
    await expect.poll(() => mailsTo(user.email).length).toBe(2);
    const second = tokenOf(mailsTo(user.email)[1]);
    expect(second).not.toBe(first);
    const old = await change(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe(MESSAGES['password.tokenInvalid']);
    expect((await change(second)).statusCode).toBe(200);
    const live = await t.database.db
      .select()
      .from(passwordTokens)
      .where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
    expect(live).toHaveLength(0);
  });

  it('inactive accounts get nothing, like unknown ones', async () => {
    const user = await makeUser(t.database, 'super', null, { status: 'inactive' });
    expect((await ask(user.email)).statusCode).toBe(200);
    await t.app.services.outbox.drain();
    expect(mailsTo(user.email)).toHaveLength(0);
  });
});
