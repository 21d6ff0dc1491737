import { API_KEY_PREFIX } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const keys = '/api/configuration/integrations/api-keys';

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

async function createKey(headers: Record<string, string>, scopes: string[], name = 'ERP') {
  const res = await t.app.inject({ method: 'POST', url: keys, headers, payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; key: string; prefix: string };
}

describe('API keys: management', () => {
  it('creates a key shown once, lists it without the secret and stores only its hash', async () => {
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    expect(created.key).toMatch(/^tvk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = await t.app.inject({ url: keys, headers: w.headers.admin });
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((k: { _id: string }) => k._id === created._id);
    expect(listed).toMatchObject({ name: 'ERP', scopes: ['vouchers:read'], revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(list.json())).not.toContain(created.key);
    const stored = await t.database.db.execute('select key_hash from api_keys');
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it('refuses bad input in Spanish: no name, no scopes, an unknown scope', async () => {
    for (const payload of [
      { name: '', scopes: ['vouchers:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['users:manage'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: keys, headers: w.headers.admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg ?? res.json().message).toMatch(/[a-záéíóú]/i);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: keys,
      headers: w.headers.admin,
      payload: { name: 'x', scopes: ['users:manage'] },
    });
    expect(res.body).toContain('Permiso no válido');
  });

  it('is closed to advisers, resellers and product loaders; super (no agency) is told why', async () => {
    for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await t.app.inject({ url: keys, headers: h })).statusCode).toBe(403);
    }
    const res = await t.app.inject({ url: keys, headers: w.headers.super });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('pertenecen a una agencia');
  });

  it("an agency admin sees and revokes only its own agency's keys", async () => {
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    const otherList = await t.app.inject({ url: keys, headers: w.headers.adminB });
    expect(otherList.json().map((k: { _id: string }) => k._id)).not.toContain(created._id);
    const revoke = await t.app.inject({ method: 'POST', url: `${keys}/${created._id}/revoke`, headers: w.headers.adminB });
    expect(revoke.statusCode).toBe(404);
  });
});

describe('API keys: authentication', () => {
  it('authenticates with Authorization: Bearer and with X-Api-Key, as the agency, and records last use', async () => {
    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id });
    await makeVoucher(t.app, { agencyId: w.agencyB.id });
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    for (const headers of [{ authorization: `Bearer ${created.key}` }, { 'x-api-key': created.key }]) {
      const res = await t.app.inject({ url: '/api/voucher', headers });
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().docs.map((d: { _id: string }) => d._id);
      expect(ids).toContain(voucher.id);
      expect(res.json().docs.every((d: { agency: { _id: string } | string }) => JSON.stringify(d).includes(w.agencyA.id))).toBe(true);
    }
    const listed = (await t.app.inject({ url: keys, headers: w.headers.admin })).json().find((k: { _id: string }) => k._id === created._id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a key beyond its scopes is 403, and never opens configuration, users or its own management', async () => {
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    const headers = { 'x-api-key': created.key };
    for (const url of ['/api/dashboard/deadlines', keys, '/api/user', '/api/configuration/commission', '/api/user/me']) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg ?? res.json().message).toBe('La llave de API no tiene permiso para esta operación');
    }
  });

  it('a revoked, malformed or unknown key is 401 with a Spanish message', async () => {
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    const revoke = await t.app.inject({ method: 'POST', url: `${keys}/${created._id}/revoke`, headers: w.headers.admin });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    const again = await t.app.inject({ method: 'POST', url: `${keys}/${created._id}/revoke`, headers: w.headers.admin });
    expect(again.statusCode).toBe(409);
    const unknown = `${API_KEY_PREFIX}${'A'.repeat(43)}`;
    for (const key of [created.key, 'nonsense', '', unknown, `${created.key}x`, 'tvk_']) {
      const asBearer = key.startsWith(API_KEY_PREFIX) ? [{ authorization: `Bearer ${key}` }] : [];
      for (const headers of [{ 'x-api-key': key }, ...asBearer]) {
        const res = await t.app.inject({ url: '/api/voucher', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json().msg ?? res.json().message).toBe('La llave de API no es válida o fue revocada');
      }
    }
  });

  it('a key stops working when its user is deactivated', async () => {
    const admin2 = await makeUser(t.database, 'agency', w.agencyA.id);
    const h = await loginAs(t.app, admin2.email);
    const created = await createKey(h, ['vouchers:read']);
    expect((await t.app.inject({ url: '/api/voucher', headers: { 'x-api-key': created.key } })).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, admin2.id));
    expect((await t.app.inject({ url: '/api/voucher', headers: { 'x-api-key': created.key } })).statusCode).toBe(401);
  });

  it('the OpenAPI document lists the key schemes and, for a key, only the operations its scopes allow', async () => {
    const created = await createKey(w.headers.admin, ['vouchers:read']);
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'x-api-key': created.key } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['token', 'apiKey', 'bearer']));
    expect(doc.info.description).toContain('X-Api-Key');
    expect(doc.paths['/api/voucher/']?.get ?? doc.paths['/api/voucher']?.get).toBeDefined();
    expect(doc.paths['/api/configuration/integrations/api-keys']).toBeUndefined();
  });
});
