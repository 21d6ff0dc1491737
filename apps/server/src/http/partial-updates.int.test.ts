import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Issue 12 finding 3: a partial update changes only the fields it gives, never resets the others to defaults. */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') });
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: w.headers.super, ...(payload === undefined ? {} : { payload: payload as object }) });

const entry = (name: string) => ({ active: false, name, provider: 'juniper', visible: true });

describe('PUT /api/agency/{id} is a partial update', () => {
  async function configuredAgency() {
    const res = await call('POST', '/api/agency', {
      name: `Parcial ${randomBytes(4).toString('hex')}`,
      theme: 'ocean',
      mode: 'production',
      options: { 'hotels-travesia': true, 'tickets-travesia': true },
      distributed: { disney: [entry('Magic Kingdom')], universal: [entry('Islands of Adventure')] },
      active: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const kept = (a: Record<string, unknown>) => ({
    theme: a.theme,
    mode: a.mode,
    options: a.options,
    distributed: a.distributed,
    active: a.active,
    logo: a.logo,
  });

  it('an empty body changes nothing', async () => {
    const before = await configuredAgency();
    const res = await call('PUT', `/api/agency/${before._id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(kept(res.json())).toEqual(kept(before));
    expect(kept((await call('GET', `/api/agency/${before._id}`)).json())).toEqual(kept(before));
  });

  it('{name} changes only the name: modules, mode, Disney/Universal entries and state stay', async () => {
    const before = await configuredAgency();
    const res = await call('PUT', `/api/agency/${before._id}`, { name: `${before.name} renombrada` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe(`${before.name} renombrada`);
    expect(kept(res.json())).toEqual(kept(before));
    expect(before).toMatchObject({ mode: 'production', active: false, theme: 'ocean' });
  });

  it('one module flag or one distributed list changes only that flag or list', async () => {
    const before = await configuredAgency();
    const res = await call('PUT', `/api/agency/${before._id}`, {
      options: { 'tickets-travesia': false, 'transfers-travesia': true },
      distributed: { disney: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options).toEqual({ 'hotels-travesia': true, 'transfers-travesia': true });
    expect(res.json().distributed).toEqual({ disney: [], universal: before.distributed.universal });
    expect(res.json()).toMatchObject({ mode: 'production', active: false, theme: 'ocean' });
  });

  it('the web form (whole object, every module true or false) still saves as before', async () => {
    const before = await configuredAgency();
    const body = {
      name: before.name,
      logo: null,
      theme: 'dark',
      mode: 'sandbox',
      active: true,
      options: { 'hotels-travesia': false, 'tickets-travesia': true },
      distributed: { disney: [entry('Epcot')], universal: [] },
    };
    const res = await call('PUT', `/api/agency/${before._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ theme: 'dark', mode: 'sandbox', active: true, options: { 'tickets-travesia': true } });
    expect(res.json().options).not.toHaveProperty('hotels-travesia');
    expect(res.json().distributed).toEqual({ disney: [entry('Epcot')], universal: [] });
  });
});

describe('PUT /api/provider-template/{id} is a partial update', () => {
  it('the toggle {active:false} keeps a private template private', async () => {
    const created = await call('POST', '/api/provider-template', {
      supplier: 'hotelbeds',
      name: `Privada ${randomBytes(4).toString('hex')}`,
      shared: false,
      credentials: { hotelsApiKey: 'hb-key-123', hotelsSecret: 'hb-secret-ABCDEFGH1234' },
      settings: { currency: 'EUR' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    expect(created.json().shared).toBe(false);

    const off = await call('PUT', `/api/provider-template/${id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, shared: false });
    expect(off.json().settings.currency).toBe('EUR');

    const on = await call('PUT', `/api/provider-template/${id}`, {});
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ active: false, shared: false });
  });
});
