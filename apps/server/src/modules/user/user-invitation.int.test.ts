import { MESSAGES } from '@travesia/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../../test/account-app.js';
import { loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { linkIn } from '../../../test/mail-catcher.js';
import { outbox, users } from '../../db/schema/index.js';

/**
 * Issue 12 finding 11 (user creation): the user and its invitation job are one transaction; the mail
 * leaves after the commit through the outbox, so a mail outage answers 201 and the mail goes out later.
 */
let t: AccountTestApp;
let headers: Record<string, string>;
let agencyId: string;
beforeAll(async () => {
  t = await createAccountTestApp();
  const agency = await makeAgency(t.database);
  agencyId = agency.id;
  const admin = await makeUser(t.database, 'agency', agency.id);
  headers = await loginAs(t.app, admin.email);
});
afterAll(() => t.close());

const profile = { name: 'Inés', lastName: 'Caída', docType: 'CC', docNumber: '7001' };
const create = (email: string) => t.app.inject({ method: 'POST', url: '/api/user', headers, payload: { email, type: 'adviser', profile } });
const usersWith = async (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

describe('creating a user while mail is down', () => {
  it('answers 201 with one user and a queued invitation; the mail goes out when SMTP is back', async () => {
    const email = 'sin-correo@test.example';
    await t.mailDown();
    try {
      const r = await create(email);
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({ email, agency: { _id: agencyId } });
      await t.app.services.outbox.drain();
      const again = await create(email);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe(MESSAGES['user.emailTaken']);
      const [user] = await usersWith(email);
      const [job] = await t.database.db.select().from(outbox).where(sql`${outbox.payload}->>'userId' = ${user.id}`);
      expect(job).toMatchObject({ kind: 'invitation', doneAt: null, failedAt: null });
      expect(job.attempts).toBeGreaterThanOrEqual(1);
      expect(job.availableAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await t.mailUp();
    }
    await t.database.db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(and(isNull(outbox.doneAt), isNull(outbox.failedAt)));
    await t.app.services.outbox.drain();
    const mail = await t.mail.waitFor(email);
    expect(mail.raw).toContain('Abre este enlace para elegir tu contrase');
    const token = decodeURIComponent(new URL(linkIn(mail) as string).searchParams.get('token') as string);
    const set = await t.app.inject({ method: 'POST', url: '/api/user/change-password', payload: { token, password: 'Bienvenida-2026' } });
    expect(set.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user: email, password: 'Bienvenida-2026' } })).statusCode,
    ).toBe(200);
  });

  it('writes no user when its invitation cannot be queued (one transaction)', async () => {
    const email = 'a-medias@test.example';
    await t.database.withScriptConnection((run) =>
      run(`alter table outbox add constraint test_no_invitations check (kind <> 'invitation') not valid`),
    );
    try {
      const r = await create(email);
      expect(r.statusCode).toBe(500);
      expect(await usersWith(email)).toHaveLength(0);
    } finally {
      await t.database.withScriptConnection((run) => run('alter table outbox drop constraint test_no_invitations'));
    }
    expect((await create(email)).statusCode).toBe(201);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('two creations of one e-mail at once: one 201, one 409, one user', async () => {
    const email = 'a-la-vez@test.example';
    const codes = (await Promise.all([create(email), create(email)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(await usersWith(email)).toHaveLength(1);
  });
});
