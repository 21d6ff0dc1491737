import { MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { linkIn } from '../../../test/mail-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

const profile = { name: 'Laura', lastName: 'Mejía', docType: 'CC', docNumber: '52123456' };
const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /api/user (me) and /api/user/{id}', () => {
  it('answers the signed-in user and agency', async () => {
    const r = await req('GET', '/api/user', w.headers.adviser);
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({ _id: w.users.adviser.id, type: 'adviser', agency: { _id: w.agencyA.id } });
    expect(r.json().agency._id).toBe(w.agencyA.id);
  });

  it('lets everyone read themselves, managers their agency, and hides other agencies (404)', async () => {
    expect((await req('GET', `/api/user/${w.users.adviser.id}`, w.headers.adviser)).statusCode).toBe(200);
    expect((await req('GET', `/api/user/${w.users.adviser.id}`, w.headers.admin)).statusCode).toBe(200);
    expect((await req('GET', `/api/user/${w.users.adviser.id}`, w.headers.super)).statusCode).toBe(200);
    const other = await req('GET', `/api/user/${w.users.adviser.id}`, w.headers.adminB);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(MESSAGES['user.notFound']);
    expect((await req('GET', `/api/user/${w.users.admin.id}`, w.headers.adviser)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await req('GET', '/api/user/not-a-uuid', w.headers.super)).statusCode).toBe(400);
    expect((await req('GET', '/api/user/00000000-0000-4000-8000-000000000000', w.headers.super)).statusCode).toBe(404);
  });
});

describe('GET /api/user/all', () => {
  it('super sees every agency; an agency admin only its own', async () => {
    const all = (await req('GET', '/api/user/all?limit=200', w.headers.super)).json();
    const ids = all.docs.map((u: { _id: string }) => u._id);
    expect(ids).toEqual(expect.arrayContaining([w.users.admin.id, w.users.adminB.id, w.users.loader.id]));
    const mine = (await req('GET', '/api/user/all?limit=200', w.headers.admin)).json();
    const agencies = new Set(mine.docs.map((u: { agency: { _id: string } | null }) => u.agency?._id));
    expect([...agencies]).toEqual([w.agencyA.id]);
    expect(mine).toMatchObject({ page: 1, limit: 200, hasPrevPage: false });
  });

  it('filters by text and paginates', async () => {
    const r = (await req('GET', `/api/user/all?q=${encodeURIComponent(w.users.reseller.email)}`, w.headers.admin)).json();
    expect(r.docs).toHaveLength(1);
    expect(r.totalDocs).toBe(1);
    const page = (await req('GET', '/api/user/all?limit=2&page=2', w.headers.super)).json();
    expect(page).toMatchObject({ page: 2, limit: 2, hasPrevPage: true, prevPage: 1 });
    for (const q of ['%', '_', "'; drop table users; --", '.*(', 'x'.repeat(100)]) {
      expect((await req('GET', `/api/user/all?q=${encodeURIComponent(q)}`, w.headers.super)).statusCode).toBe(200);
    }
    expect((await req('GET', `/api/user/all?q=${'x'.repeat(101)}`, w.headers.super)).statusCode).toBe(400);
    expect((await req('GET', '/api/user/all?page=0', w.headers.super)).statusCode).toBe(400);
    expect((await req('GET', '/api/user/all?limit=10000', w.headers.super)).statusCode).toBe(400);
  });

  it('is forbidden to advisers, resellers and product-loaders', async () => {
    for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      const r = await req('GET', '/api/user/all', h);
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe(MESSAGES['http.forbidden']);
    }
  });
});

describe('POST /api/user', () => {
  it('an agency admin creates an adviser in its own agency, whatever agencyId it sends, and an invitation is mailed', async () => {
    const email = 'nueva.asesora@test.example';
    const r = await req('POST', '/api/user', w.headers.admin, {
      email,
      type: 'adviser',
      agencyId: w.agencyB.id,
      profile,
      canSeeAllVouchers: true,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      email,
      type: 'adviser',
      status: 'active',
      agency: { _id: w.agencyA.id },
      canSeeAllVouchers: true,
      commission: { type: 'percentage', value: '0' },
    });
    const link = linkIn(await t.mail.waitFor(email));
    expect(link).toBeTruthy();
    const token = decodeURIComponent(new URL(link as string).searchParams.get('token') as string);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { token, password: 'Bienvenida1!' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: email, password: 'Bienvenida1!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an agency admin cannot create super or product-loader users', async () => {
    for (const type of ['super', 'product-loader']) {
      const r = await req('POST', '/api/user', w.headers.admin, { email: `${type}.x@test.example`, type, profile });
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe(MESSAGES['user.typeNotAllowed']);
    }
  });

  it('super must say which agency an agency user belongs to', async () => {
    const r = await req('POST', '/api/user', w.headers.super, { email: 'sin.agencia@test.example', type: 'agency', profile });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields.agencyId).toBe(MESSAGES['user.agencyRequired']);
    const ok = await req('POST', '/api/user', w.headers.super, {
      email: 'con.agencia@test.example',
      type: 'agency',
      agencyId: w.agencyB.id,
      profile,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().agency._id).toBe(w.agencyB.id);
    const loader = await req('POST', '/api/user', w.headers.super, {
      email: 'cargador2@test.example',
      type: 'product-loader',
      agencyId: w.agencyB.id,
      profile,
    });
    expect(loader.json().agency).toBeNull();
  });

  it('validates with the spec profile messages', async () => {
    const r = await req('POST', '/api/user', w.headers.admin, { email: 'x', type: 'adviser', profile: { name: ' ' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().fields).toMatchObject({
      email: MESSAGES['email.invalid'],
      'profile.name': MESSAGES['profile.name.required'],
      'profile.lastName': MESSAGES['profile.lastName.required'],
      'profile.docType': MESSAGES['profile.docType.required'],
      'profile.docNumber': MESSAGES['profile.docNumber.required'],
    });
    const badCommission = await req('POST', '/api/user', w.headers.admin, {
      email: 'c@test.example',
      type: 'adviser',
      profile,
      commission: { type: 'percentage', value: '-3' },
    });
    expect(badCommission.statusCode).toBe(400);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const r = await req('POST', '/api/user', w.headers.super, { email: w.users.adviser.email.toUpperCase(), type: 'super', profile });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe(MESSAGES['user.emailTaken']);
  });

  it('is forbidden to advisers and resellers', async () => {
    for (const h of [w.headers.adviser, w.headers.reseller]) {
      expect((await req('POST', '/api/user', h, { email: 'z@test.example', type: 'adviser', profile })).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/user/{id}', () => {
  it('toggles status by an update; an inactive user cannot sign in and loses its sessions', async () => {
    const created = (await req('POST', '/api/user', w.headers.admin, { email: 'toggle@test.example', type: 'reseller', profile })).json();
    const off = await req('PUT', `/api/user/${created._id}`, w.headers.admin, { status: 'inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('inactive');
    const on = await req('PUT', `/api/user/${created._id}`, w.headers.admin, { status: 'active' });
    expect(on.json().status).toBe('active');
  });

  it('cannot touch another agency (404), cannot promote to super (403), cannot deactivate oneself (400)', async () => {
    expect((await req('PUT', `/api/user/${w.users.adviser.id}`, w.headers.adminB, { status: 'inactive' })).statusCode).toBe(404);
    expect((await req('PUT', `/api/user/${w.users.adviser.id}`, w.headers.admin, { type: 'super' })).statusCode).toBe(403);
    const self = await req('PUT', `/api/user/${w.users.admin.id}`, w.headers.admin, { status: 'inactive' });
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe(MESSAGES['user.cannotDeactivateSelf']);
    expect((await req('PUT', `/api/user/${w.users.adviser.id}`, w.headers.adviser, { status: 'inactive' })).statusCode).toBe(403);
  });

  it('updates profile, commission and canSeeAllVouchers', async () => {
    const r = await req('PUT', `/api/user/${w.users.adviser.id}`, w.headers.admin, {
      profile: { ...profile, name: 'Camila' },
      commission: { type: 'fixed', value: '12.5' },
      canSeeAllVouchers: true,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ profile: { name: 'Camila' }, commission: { type: 'fixed', value: '12.5' }, canSeeAllVouchers: true });
  });

  it('a deactivated user is signed out at once', async () => {
    const target = (await req('POST', '/api/user', w.headers.super, { email: 'saldra@test.example', type: 'super', profile })).json();
    const { users } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const { hashPassword } = await import('../../lib/passwords.js');
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Temporal1!') })
      .where(eq(users.id, target._id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: 'saldra@test.example', password: 'Temporal1!' },
    });
    const headers = { 'x-access-token': login.json().token };
    expect((await req('GET', '/api/user', headers)).statusCode).toBe(200);
    await req('PUT', `/api/user/${target._id}`, w.headers.super, { status: 'inactive' });
    expect((await req('GET', '/api/user', headers)).statusCode).toBe(401);
  });
});
