import { MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('agencies (super only)', () => {
  it('creates with defaults: theme default, mode sandbox, only the flags that are on', async () => {
    const r = await req('POST', '/api/agency', w.headers.super, {
      name: 'Viajes del Caribe',
      options: { 'hotels-travesia': true, 'hotels-restel': false, 'white-labels': true },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      name: 'Viajes del Caribe',
      theme: 'default',
      mode: 'sandbox',
      active: true,
      options: { 'hotels-travesia': true, 'white-labels': true },
      distributed: { disney: [], universal: [] },
    });
    expect(r.json().options).not.toHaveProperty('hotels-restel');
  });

  it('updates mode, modules and the distributed Disney/Universal entries', async () => {
    const { _id } = (await req('POST', '/api/agency', w.headers.super, { name: 'Orlando Travel' })).json();
    const entry = { active: true, name: 'Walt Disney World', provider: 'juniper', visible: false };
    const r = await req('PUT', `/api/agency/${_id}`, w.headers.super, {
      mode: 'production',
      options: { 'hotels-juniper-disney': true },
      distributed: { disney: [entry] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      mode: 'production',
      options: { 'hotels-juniper-disney': true },
      distributed: { disney: [entry], universal: [] },
    });
    const got = await req('GET', `/api/agency/${_id}`, w.headers.super);
    expect(got.json().mode).toBe('production');
  });

  it('lists with search and pagination', async () => {
    const r = (await req('GET', '/api/agency?q=viajes%20a&limit=5', w.headers.super)).json();
    expect(r.docs.map((a: { _id: string }) => a._id)).toContain(w.agencyA.id);
    expect(r).toMatchObject({ page: 1, limit: 5 });
  });

  it('validates: name required, unknown module, bad mode; duplicate name 409; unknown id 404', async () => {
    const empty = await req('POST', '/api/agency', w.headers.super, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.name).toBe(MESSAGES['agency.name.required']);
    expect((await req('POST', '/api/agency', w.headers.super, { name: 'X', options: { 'hotels-nadie': true } })).statusCode).toBe(400);
    expect((await req('POST', '/api/agency', w.headers.super, { name: 'X', mode: 'live' })).statusCode).toBe(400);
    const dup = await req('POST', '/api/agency', w.headers.super, { name: w.agencyA.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(MESSAGES['agency.nameTaken']);
    expect((await req('GET', '/api/agency/00000000-0000-4000-8000-000000000000', w.headers.super)).statusCode).toBe(404);
  });

  it('is forbidden to everyone but super', async () => {
    for (const h of [w.headers.admin, w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await req('GET', '/api/agency', h)).statusCode).toBe(403);
      expect((await req('POST', '/api/agency', h, { name: 'Intrusa' })).statusCode).toBe(403);
      expect((await req('PUT', `/api/agency/${w.agencyA.id}`, h, { mode: 'production' })).statusCode).toBe(403);
    }
  });

  it('a deactivated agency signs its users out and keeps them out', async () => {
    const { _id } = (await req('POST', '/api/agency', w.headers.super, { name: 'Agencia Cerrada' })).json();
    const user = await makeUser(t.database, 'agency', _id);
    const headers = await loginAs(t.app, user.email);
    await req('PUT', `/api/agency/${_id}`, w.headers.super, { active: false });
    expect((await req('GET', '/api/user', headers)).statusCode).toBe(401);
    await expect(loginAs(t.app, user.email)).rejects.toThrow(/401/);
  });
});
