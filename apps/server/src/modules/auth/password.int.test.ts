import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hash } from '@node-rs/argon2';
import { MESSAGES } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.js';
import { linkIn } from '../../../test/mail-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema/index.js';
import { legacyHashOf } from '../../lib/passwords.js';

/** Issue 12 finding 7: the server receives the password and applies the policy to every new one. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (user: string, password: string) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user, password } });
const storedHash = async (id: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0].h as string;

async function recoveryToken(email: string) {
  const before = t.mail.messages.length;
  await t.app.inject({ method: 'POST', url: '/api/user/remember-password', payload: { email }, remoteAddress: `192.0.2.${before % 250}` });
  await t.app.services.outbox.drain();
  const link = linkIn(await t.mail.waitFor(email)) as string;
  return decodeURIComponent(new URL(link).searchParams.get('token') as string);
}

const change = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/change-password', payload: { token, password } });

describe('new passwords (recovery and invitation links)', () => {
  it('refuses "a", short, overlong and common passwords with the Spanish field message, and keeps the link usable', async () => {
    const user = await makeUser(t.database, 'super', null, {
      profile: { name: 'Rosario', lastName: 'Quintero', docType: 'CC', docNumber: '1' },
    });
    const token = await recoveryToken(user.email);
    const cases: Array<[string, string]> = [
      ['a', MESSAGES['password.tooWeak']],
      ['Corta-2026!', MESSAGES['password.tooWeak']], // 11 characters
      ['x'.repeat(129), MESSAGES['password.tooLong']],
      ['password1234', MESSAGES['password.tooCommon']],
      ['qwertyuiop123', MESSAGES['password.tooCommon']],
      ['RosarioQuintero', MESSAGES['password.tooCommon']],
    ];
    for (const [password, message] of cases) {
      const r = await change(token, password);
      expect(r.statusCode, password).toBe(400);
      expect(r.json().fields.password, password).toBe(message);
    }
    expect((await change(token, 'mi tortuga se llama Pancho')).statusCode).toBe(200);
    expect((await login(user.email, 'mi tortuga se llama Pancho')).statusCode).toBe(200);
  });

  it('stores a plain argon2id hash of the password (no client pre-hash) and keeps spaces as typed', async () => {
    const user = await makeUser(t.database, 'super', null);
    const token = await recoveryToken(user.email);
    expect((await change(token, '  espacios al borde 2026  ')).statusCode).toBe(200);
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$/);
    expect((await login(user.email, '  espacios al borde 2026  ')).statusCode).toBe(200);
    expect((await login(user.email, 'espacios al borde 2026')).statusCode).toBe(401);
  });
});

describe('sign-in with the password itself', () => {
  it('bounds its length (no hashing of megabytes) and keeps the same 401 for wrong ones', async () => {
    const user = await makeUser(t.database, 'super', null);
    const long = await login(user.email, 'x'.repeat(1025));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.password).toBe(MESSAGES['password.tooLong']);
    expect((await login(user.email, 'x'.repeat(1024))).statusCode).toBe(401);
  });

  it('accounts stored before the change (argon2id of the SHA-256 pre-hash) still sign in and are upgraded', async () => {
    const user = await makeUser(t.database, 'super', null, { passwordHash: await legacyHashOf('Demo1234!') });
    // What an old web client would send now counts as a wrong password.
    const preHashed = createHash('sha256').update('Demo1234!').digest('hex');
    expect((await login(user.email, preHashed)).statusCode).toBe(401);
    expect((await login(user.email, 'Demo1234!')).statusCode).toBe(200);
    expect(await storedHash(user.id)).toMatch(/^\$argon2id\$/);
    expect((await login(user.email, 'Demo1234!')).statusCode).toBe(200);
    expect((await login(user.email, 'Demo1234?')).statusCode).toBe(401);
  });

  it('migration 0720 marks hashes written the old way, so they verify the old way', async () => {
    const plain = 'Demo1234!';
    const oldStyle = await hash(createHash('sha256').update(plain).digest('hex'));
    const user = await makeUser(t.database, 'super', null, { passwordHash: oldStyle });
    const fresh = await makeUser(t.database, 'super', null, { passwordHash: null });
    const sql = await readFile(new URL('../../db/migrations/0720-password-hash-scheme.sql', import.meta.url), 'utf8');
    // Run it again on this user only (the other rows of the test database are new-style already).
    await t.database.withScriptConnection((run) =>
      run(sql.replace('where password_hash like', `where id = '${user.id}' and password_hash like`)),
    );
    expect(await storedHash(user.id)).toBe(`sha256+${oldStyle}`);
    expect((await login(user.email, plain)).statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, fresh.id)))[0].passwordHash).toBeNull();
  });
});
