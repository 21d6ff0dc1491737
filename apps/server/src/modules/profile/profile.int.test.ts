import { MESSAGES, OWN_PROFILE_MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeWorld, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

const profile = { name: 'Ana', lastName: 'Gómez', docType: 'CC', docNumber: '1020304050' };

describe('own profile', () => {
  it('answers every signed-in user their own profile, with every notification on by default', async () => {
    for (const [h, u] of [
      [w.headers.adviser, w.users.adviser],
      [w.headers.super, w.users.superUser],
      [w.headers.loader, w.users.loader],
    ] as const) {
      const res = await t.app.inject({ url: '/api/profile', headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: u.email,
        profile: { name: u.profile.name },
        notifications: { bookings: true, cancellations: true, approvals: true, deadlines: true },
      });
    }
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
  });

  it('saves name, document and notification choices of the caller only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: w.headers.adviser,
      // type, e-mail and agency in the body are not fields of this call: they are dropped, never applied
      payload: { profile, notifications: { deadlines: false }, type: 'super', email: 'x@y.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: w.users.adviser.email, profile, notifications: { deadlines: false, bookings: true } });
    const me = (await t.app.inject({ url: '/api/user', headers: w.headers.adviser })).json();
    expect(me.user).toMatchObject({ type: 'adviser', email: w.users.adviser.email, profile: { name: 'Ana', docNumber: '1020304050' } });
    expect((await t.app.inject({ url: '/api/profile', headers: w.headers.reseller })).json().profile.name).not.toBe('Ana');
  });

  it('refuses a profile without its required fields, in Spanish', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: w.headers.adviser,
      payload: { profile: { ...profile, name: ' ' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['profile.name']).toBe(MESSAGES['profile.name.required']);
    const flags = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: w.headers.adviser,
      payload: { profile, notifications: { bookings: 'sí' } },
    });
    expect(flags.statusCode).toBe(400);
  });
});

describe('password change from the profile', () => {
  const url = '/api/profile/password';

  it('needs the current password and a new one that meets the policy (decision 0132)', async () => {
    const h = w.headers.reseller;
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: h,
      payload: { currentPassword: 'no-es-esta', password: 'Montaña-azul-del-norte-7' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe(OWN_PROFILE_MESSAGES['currentPassword.wrong']);
    const short = await t.app.inject({ method: 'POST', url, headers: h, payload: { currentPassword: TEST_PASSWORD, password: 'corta' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe(MESSAGES['password.tooWeak']);
    const common = await t.app.inject({
      method: 'POST',
      url,
      headers: h,
      payload: { currentPassword: TEST_PASSWORD, password: 'password1234' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toBe(MESSAGES['password.tooCommon']);
    const missing = await t.app.inject({ method: 'POST', url, headers: h, payload: { password: 'Montaña-azul-del-norte-7' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.currentPassword).toBe(OWN_PROFILE_MESSAGES['currentPassword.required']);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const other = await loginAs(t.app, w.users.reseller.email);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: w.headers.reseller,
      payload: { currentPassword: TEST_PASSWORD, password: 'Montaña-azul-del-norte-7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe(OWN_PROFILE_MESSAGES.passwordChanged);
    expect((await t.app.inject({ url: '/api/profile', headers: w.headers.reseller })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: other })).statusCode).toBe(401);
    await expect(loginAs(t.app, w.users.reseller.email)).rejects.toThrow(/401/);
    await loginAs(t.app, w.users.reseller.email, 'Montaña-azul-del-norte-7');
  });
});
