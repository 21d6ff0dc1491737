import { MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { linkIn } from '../../../test/mail-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { LOGIN_LIMITS } from './login-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (user: string, password: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user, password: password, ...extra } });

describe('POST /api/user/login', () => {
  it('signs in and answers token, user and agency', async () => {
    const agency = await makeAgency(t.database, { name: 'Viajes Login' });
    const user = await makeUser(t.database, 'agency', agency.id);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({ _id: user.id, email: user.email, type: 'agency' });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.agency).toMatchObject({ _id: agency.id, name: 'Viajes Login', mode: 'sandbox', theme: 'default' });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-access-token': body.token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user.id);
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { 'adm-kd-token': body.token } });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('sessions last 12 hours, 30 days with remember_me', async () => {
    const user = await makeUser(t.database, 'super', null);
    const short = (await login(user.email, TEST_PASSWORD)).json();
    const long = (await login(user.email, TEST_PASSWORD, { remember_me: true })).json();
    const hours = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;
    expect(hours(short.expiresAt)).toBeGreaterThan(11.9);
    expect(hours(short.expiresAt)).toBeLessThan(12.1);
    expect(hours(long.expiresAt) / 24).toBeGreaterThan(29.9);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const user = await makeUser(t.database, 'super', null);
    const wrong = await login(user.email, 'otra-clave');
    const unknown = await login('nadie@test.example', 'otra-clave');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, msg: MESSAGES['login.failed'] });
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses an inactive user', async () => {
    const user = await makeUser(t.database, 'super', null, { status: 'inactive' });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(MESSAGES['login.failed']);
  });

  it('validates with the spec messages', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ user: MESSAGES['email.required'], password: MESSAGES['password.required'] });
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user: 'no-es-email', password: 'x' } });
    expect(bad.json().fields.user).toBe(MESSAGES['email.invalid']);
  });

  it('answers 400 to malformed JSON and 413 to an oversize body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe(MESSAGES['http.invalidJson']);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe(MESSAGES['http.payloadTooLarge']);
  });

  it('rate-limits failed sign-ins per account with a 429', async () => {
    const user = await makeUser(t.database, 'super', null);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'mala')).statusCode).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MESSAGES['login.rateLimited']);
  });

  it('rate-limits failed sign-ins per IP address across accounts (credential stuffing)', async () => {
    const ip = '203.0.113.9';
    const attempt = (user: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: ip, payload: { user, password } });
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) expect((await attempt(`x${i}@test.example`, 'x')).statusCode).toBe(401);
    const user = await makeUser(t.database, 'super', null);
    const r = await attempt(user.email, TEST_PASSWORD);
    expect(r.statusCode).toBe(429);
    expect(r.json().msg).toBe(MESSAGES['login.rateLimited']);
  });
});

describe('sessions', () => {
  it('401 without a token, and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const user = await makeUser(t.database, 'super', null);
    const headers = await loginAs(t.app, user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/logout', headers })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(MESSAGES['http.sessionExpired']);
  });

  it('a garbage token is a 401, never a 500', async () => {
    for (const token of ['x', 'a'.repeat(5000), "' or 1=1 --"]) {
      const r = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-access-token': token } });
      expect(r.statusCode).toBe(401);
    }
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets the password and revokes sessions', async () => {
    const user = await makeUser(t.database, 'super', null);
    const oldSession = await loginAs(t.app, user.email);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/remember-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MESSAGES['password.recoverySent']);
    const mail = await t.mail.waitFor(user.email);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/travesia\.test\/remember-password\?token=/);
    const token = decodeURIComponent(new URL(link as string).searchParams.get('token') as string);

    const change = () => t.app.inject({ method: 'POST', url: '/api/user/change-password', payload: { token, password: 'NuevaClave9!' } });
    expect((await change()).statusCode).toBe(200);
    const reuse = await change();
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toBe(MESSAGES['password.tokenInvalid']);

    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: oldSession })).statusCode).toBe(401);
    expect((await login(user.email, 'NuevaClave9!')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = t.mail.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/remember-password', payload: { email: 'nadie@test.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(MESSAGES['password.recoverySent']);
    await t.app.services.outbox.drain();
    expect(t.mail.messages.length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const user = await makeUser(t.database, 'super', null);
    await t.app.inject({ method: 'POST', url: '/api/user/remember-password', payload: { email: user.email } });
    const link = linkIn(await t.mail.waitFor(user.email)) as string;
    const token = decodeURIComponent(new URL(link).searchParams.get('token') as string);
    const { passwordTokens } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { token, password: 'NuevaClave9!' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MESSAGES['password.tokenInvalid']);
  });
});

describe('operations', () => {
  it('health and OpenAPI', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).json().status).toBe('ok');
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/api/user/login');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('unknown API routes answer a Spanish 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe(MESSAGES['http.routeNotFound']);
  });
});
