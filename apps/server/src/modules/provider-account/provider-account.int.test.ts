import { randomBytes } from 'node:crypto';
import { MESSAGES, maskSecret, PROVIDER_MESSAGES } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { providerAccounts, users } from '../../db/schema/index.js';
import { loadSession } from '../../http/auth.js';
import { keyIdOf, SecretBox } from '../../lib/secret-box.js';
import type { ResolvedProviderAccount } from '../../suppliers/account.js';
import { AgencyRepository } from '../agency/repository.js';
import type { ConnectionTester } from './connection-tester.js';
import { openCredentials } from './credentials.js';
import { ProviderAccountRepository } from './repository.js';
import { ProviderAccountService } from './service.js';

const SECRETS_KEY = randomBytes(32).toString('hex');
const SIM_URL = 'http://sim.test:4100';

/** A fake registry: records what it was given; a password 'mala' fails, 'explota' throws. */
const tested: ResolvedProviderAccount[] = [];
const fakeTester: ConnectionTester = {
  async testConnection(account) {
    tested.push(account);
    if (account.credentials.password === 'explota') throw new Error(`boom with ${account.credentials.password}`);
    return account.credentials.password === 'mala' ? { ok: false, message: 'Credenciales rechazadas' } : { ok: true, latencyMs: 42 };
  },
};

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY, SUPPLIER_SIM_URL: SIM_URL }, { connectionTester: fakeTester });
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());
beforeEach(() => {
  tested.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const juniper = (over: Record<string, unknown> = {}) => ({
  supplier: 'juniper',
  name: `Juniper ${++seq}`,
  credentials: { email: 'xml@agencia.example', password: 'Contraseña-Muy-Larga-9876' },
  settings: { currency: 'eur', nationality: 'es', language: 'es', timeouts: { 'hotel.search': 8000 } },
  ...over,
});
const hotelbedsTemplate = (over: Record<string, unknown> = {}) => ({
  supplier: 'hotelbeds',
  name: `Hotelbeds operador ${++seq}`,
  credentials: { hotelsApiKey: 'hb-key-123', hotelsSecret: 'hb-secret-ABCDEFGH1234' },
  ...over,
});

async function createOwn(headers = w.headers.admin, body: Record<string, unknown> = juniper()) {
  const res = await call('POST', '/api/provider-account', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function createTemplate(body: Record<string, unknown> = hotelbedsTemplate()) {
  const res = await call('POST', '/api/provider-template', w.headers.super, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function storedRow(id: string) {
  const [row] = await t.database.db.select().from(providerAccounts).where(eq(providerAccounts.id, id));
  return row;
}
const authFor = async (headers: Record<string, string>) => {
  const auth = await loadSession(t.database.db, headers['x-access-token']);
  if (!auth) throw new Error('no session');
  return auth;
};

describe('agency accounts: create, read, encryption and masking', () => {
  it('creates an account, stores the credentials sealed and answers the secret masked', async () => {
    const res = await call('POST', '/api/provider-account', w.headers.admin, juniper({ name: 'Juniper principal' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'agency',
      agencyId: w.agencyA.id,
      supplier: 'juniper',
      name: 'Juniper principal',
      active: true,
      template: null,
      credentialsReadable: true,
      credentials: { email: 'xml@agencia.example', password: maskSecret('Contraseña-Muy-Larga-9876') },
      settings: { currency: 'EUR', nationality: 'ES', language: 'es', timeouts: { 'hotel.search': 8000 } },
    });
    expect(body.credentials.password).toBe('••••••9876');
    expect(res.body).not.toContain('Contraseña-Muy-Larga');

    const row = await storedRow(body._id);
    expect(row.credentialsEnc).toMatch(/^v1\.[0-9a-f]{12}\./);
    expect(row.credentialsEnc).not.toContain('Contraseña');
    expect(row.credentialsEnc).not.toContain('xml@agencia');
    const opened = openCredentials(SecretBox.fromText(SECRETS_KEY), row.id, row.credentialsEnc as string);
    expect(opened).toEqual({ email: 'xml@agencia.example', password: 'Contraseña-Muy-Larga-9876' });

    const got = await call('GET', `/api/provider-account/${body._id}`, w.headers.admin);
    expect(got.statusCode).toBe(200);
    expect(got.json().credentials.password).toBe('••••••9876');
    const list = await call('GET', '/api/provider-account?supplier=juniper&q=principal', w.headers.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalDocs: 1, docs: [{ _id: body._id }] });
    expect(list.body).not.toContain('Contraseña-Muy-Larga');
  });

  it('masks short secrets completely and defaults the settings', async () => {
    const body = await createOwn(w.headers.admin, {
      supplier: 'restel',
      name: 'Restel',
      credentials: { codigousu: 'U1', clausu: 'abc', afiliacio: 'AF', secacc: 'xyz12' },
    });
    expect(body.credentials).toEqual({ codigousu: 'U1', clausu: '••••••', afiliacio: 'AF', secacc: '••••••' });
    expect(body.settings).toEqual({ currency: 'USD', nationality: 'CO', language: 'es', timeouts: {} });
  });

  it('validates with Spanish messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [juniper({ name: '' }), 'name', PROVIDER_MESSAGES.nameRequired],
      [juniper({ supplier: 'amadeus' }), 'supplier', PROVIDER_MESSAGES.supplierInvalid],
      [juniper({ credentials: { email: 'a@b.co' } }), 'credentials.password', PROVIDER_MESSAGES.credentialRequired],
      [juniper({ credentials: { email: 'a@b.co', password: 'x', pin: '1' } }), 'credentials.pin', PROVIDER_MESSAGES.credentialUnknown],
      [juniper({ credentials: { email: 'a@b.co', password: '••••••' } }), 'credentials.password', PROVIDER_MESSAGES.credentialMasked],
      [
        juniper({ credentials: { email: 'a@b.co', password: 'x', host: 'http://169.254.169.254' } }),
        'credentials.host',
        PROVIDER_MESSAGES.hostInvalid,
      ],
      [
        juniper({ credentials: { email: 'a@b.co', password: 'x', host: 'http://localhost:8080' } }),
        'credentials.host',
        PROVIDER_MESSAGES.hostInvalid,
      ],
      [juniper({ settings: { currency: 'dolares' } }), 'settings.currency', PROVIDER_MESSAGES.currencyInvalid],
      [juniper({ settings: { nationality: 'COL' } }), 'settings.nationality', PROVIDER_MESSAGES.nationalityInvalid],
      [juniper({ settings: { timeouts: { 'hotel.search': 10 } } }), 'settings.timeouts.hotel.search', PROVIDER_MESSAGES.timeoutInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/provider-account', w.headers.admin, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fields?.[field], `${field}: ${res.body}`).toBe(message);
    }
    const badKey = await call('POST', '/api/provider-account', w.headers.admin, juniper({ settings: { timeouts: { 'hotel.fly': 5000 } } }));
    expect(badKey.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/provider-account',
      headers: { ...w.headers.admin, 'content-type': 'application/json' },
      payload: '{"supplier":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses a duplicate name in the same agency (case-insensitive), allows it in another', async () => {
    await createOwn(w.headers.admin, juniper({ name: 'Cuenta Duplicada' }));
    const dup = await call('POST', '/api/provider-account', w.headers.admin, juniper({ name: 'cuenta duplicada' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(PROVIDER_MESSAGES.nameTaken);
    await createOwn(w.headers.adminB, juniper({ name: 'Cuenta Duplicada' }));
  });
});

describe('agency accounts: update keeps what is masked', () => {
  it('keeps the stored secret when the mask is sent back or the field is left out', async () => {
    const created = await createOwn();
    const kept = await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, {
      name: 'Renombrada',
      credentials: { email: 'otro@agencia.example', password: created.credentials.password },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Renombrada', credentials: { email: 'otro@agencia.example', password: '••••••9876' } });
    const box = SecretBox.fromText(SECRETS_KEY);
    let row = await storedRow(created._id);
    expect(openCredentials(box, row.id, row.credentialsEnc as string)).toEqual({
      email: 'otro@agencia.example',
      password: 'Contraseña-Muy-Larga-9876',
    });

    await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, { active: false, settings: { currency: 'COP' } });
    row = await storedRow(created._id);
    expect(row.active).toBe(false);
    expect(row.settings).toEqual({ currency: 'COP', nationality: 'ES', language: 'es', timeouts: { 'hotel.search': 8000 } });
    expect(openCredentials(box, row.id, row.credentialsEnc as string).password).toBe('Contraseña-Muy-Larga-9876');

    const replaced = await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, {
      credentials: { password: 'NuevaClaveSecreta-5555', host: 'https://xml.cliente-juniper.com' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().credentials).toEqual({
      email: 'otro@agencia.example',
      password: '••••••5555',
      host: 'https://xml.cliente-juniper.com',
    });
    row = await storedRow(created._id);
    expect(openCredentials(box, row.id, row.credentialsEnc as string).password).toBe('NuevaClaveSecreta-5555');

    const cleared = await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, { credentials: { host: '' } });
    expect(cleared.json().credentials).not.toHaveProperty('host');
  });

  it('refuses a stale mask, a cleared required field and an unknown id', async () => {
    const created = await createOwn();
    const stale = await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, { credentials: { password: '••••••1111' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fields['credentials.password']).toBe(PROVIDER_MESSAGES.credentialMasked);
    const cleared = await call('PUT', `/api/provider-account/${created._id}`, w.headers.admin, { credentials: { password: '' } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fields['credentials.password']).toBe(PROVIDER_MESSAGES.credentialRequired);
    const unknown = await call('PUT', '/api/provider-account/00000000-0000-4000-8000-000000000000', w.headers.admin, { active: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(PROVIDER_MESSAGES.notFound);
    const badId = await call('GET', '/api/provider-account/no-es-uuid', w.headers.admin);
    expect(badId.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('only agency admins manage their own accounts; others 403, another agency 404', async () => {
    const account = await createOwn();
    for (const who of ['adviser', 'reseller', 'loader'] as const) {
      expect((await call('GET', '/api/provider-account', w.headers[who])).statusCode, who).toBe(403);
      expect((await call('POST', '/api/provider-account', w.headers[who], juniper())).statusCode, who).toBe(403);
      expect((await call('GET', `/api/provider-account/${account._id}`, w.headers[who])).statusCode, who).toBe(403);
      expect((await call('GET', '/api/provider-template', w.headers[who])).statusCode, who).toBe(403);
      expect((await call('GET', `/api/agency/${w.agencyA.id}/provider-account`, w.headers[who])).statusCode, who).toBe(403);
    }
    const superOwn = await call('GET', '/api/provider-account', w.headers.super);
    expect(superOwn.statusCode).toBe(403);
    expect(superOwn.json().msg).toBe(PROVIDER_MESSAGES.noAgency);
    expect((await call('GET', '/api/provider-template', w.headers.admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/agency/${w.agencyA.id}/provider-account`, w.headers.admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/provider-account' })).statusCode).toBe(401);

    // Agency B's admin cannot see, change, test or delete agency A's account, nor find it in its list.
    const other = w.headers.adminB;
    for (const [method, url, body] of [
      ['GET', `/api/provider-account/${account._id}`],
      ['PUT', `/api/provider-account/${account._id}`, { name: 'robada' }],
      ['DELETE', `/api/provider-account/${account._id}`],
      ['POST', `/api/provider-account/${account._id}/test`],
    ] as Array<[Method, string, unknown?]>) {
      const res = await call(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listB = (await call('GET', '/api/provider-account', other)).json();
    expect(listB.docs.map((d: { _id: string }) => d._id)).not.toContain(account._id);
    expect((await storedRow(account._id)).name).toBe(account.name);
  });
});

describe('super: any agency and templates', () => {
  it('manages an agency account through /api/agency/:agencyId/provider-account', async () => {
    const base = `/api/agency/${w.agencyB.id}/provider-account`;
    const created = await call('POST', base, w.headers.super, juniper({ name: 'Puesta por super' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    expect(created.json().agencyId).toBe(w.agencyB.id);
    expect((await call('GET', base, w.headers.super)).json().docs.some((d: { _id: string }) => d._id === id)).toBe(true);
    expect((await call('GET', `${base}/${id}`, w.headers.super)).statusCode).toBe(200);
    const upd = await call('PUT', `${base}/${id}`, w.headers.super, { name: 'Editada por super' });
    expect(upd.json().name).toBe('Editada por super');
    const test = await call('POST', `${base}/${id}/test`, w.headers.super);
    expect(test.json()).toMatchObject({ success: true, ok: true, mode: 'sandbox' });
    // the account is agency B's: asking for it under agency A is a 404, and so is an unknown agency
    expect((await call('GET', `/api/agency/${w.agencyA.id}/provider-account/${id}`, w.headers.super)).statusCode).toBe(404);
    const noAgency = await call('GET', '/api/agency/00000000-0000-4000-8000-000000000000/provider-account', w.headers.super);
    expect(noAgency.statusCode).toBe(404);
    expect(noAgency.json().msg).toBe(MESSAGES['agency.notFound']);
    expect((await call('DELETE', `${base}/${id}`, w.headers.super)).statusCode).toBe(200);
    expect((await call('GET', `${base}/${id}`, w.headers.super)).statusCode).toBe(404);
  });

  it('keeps templates: masked, counted, linkable by agencies, never showing their credentials to them', async () => {
    const template = await createTemplate();
    expect(template).toMatchObject({ kind: 'template', agencyId: null, shared: true, linkedAccounts: 0 });
    expect(template.credentials).toEqual({ hotelsApiKey: 'hb-key-123', hotelsSecret: '••••••1234' });
    const hidden = await createTemplate(hotelbedsTemplate({ shared: false }));

    const linkable = (await call('GET', '/api/provider-account/templates', w.headers.admin)).json();
    const linkableIds = linkable.map((x: { _id: string }) => x._id);
    expect(linkableIds).toContain(template._id);
    expect(linkableIds).not.toContain(hidden._id);
    expect(JSON.stringify(linkable)).not.toContain('hb-key');
    const superLinkable = (await call('GET', `/api/agency/${w.agencyA.id}/provider-account/templates`, w.headers.super)).json();
    expect(superLinkable.map((x: { _id: string }) => x._id)).toContain(hidden._id);

    const linked = await call('POST', '/api/provider-account', w.headers.admin, {
      supplier: 'hotelbeds',
      name: 'Hotelbeds del operador',
      templateId: template._id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({ template: { _id: template._id, active: true }, credentials: {}, settings: { currency: 'USD' } });
    expect(linked.body).not.toContain('hb-key');
    expect((await storedRow(linked.json()._id)).credentialsEnc).toBeNull();

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ supplier: 'hotelbeds', name: 'x1', templateId: hidden._id }, PROVIDER_MESSAGES.templateNotFound],
      [{ supplier: 'juniper', name: 'x2', templateId: template._id }, PROVIDER_MESSAGES.templateSupplierMismatch],
      [{ supplier: 'hotelbeds', name: 'x3', templateId: '00000000-0000-4000-8000-000000000000' }, PROVIDER_MESSAGES.templateNotFound],
      [{ supplier: 'hotelbeds', name: 'x4', templateId: linked.json()._id }, PROVIDER_MESSAGES.templateNotFound],
    ];
    for (const [payload, message] of refusals) {
      const res = await call('POST', '/api/provider-account', w.headers.admin, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.templateId).toBe(message);
    }
    const withCreds = await call('POST', '/api/provider-account', w.headers.admin, {
      supplier: 'hotelbeds',
      name: 'x5',
      templateId: template._id,
      credentials: { hotelsApiKey: 'k' },
    });
    expect(withCreds.statusCode).toBe(400);
    // super may link a template that is not shared
    const superLinked = await call('POST', `/api/agency/${w.agencyB.id}/provider-account`, w.headers.super, {
      supplier: 'hotelbeds',
      name: 'Enlazada por super',
      templateId: hidden._id,
    });
    expect(superLinked.statusCode, superLinked.body).toBe(201);

    const listed = (await call('GET', '/api/provider-template?supplier=hotelbeds', w.headers.super)).json();
    expect(listed.docs.find((d: { _id: string }) => d._id === template._id).linkedAccounts).toBe(1);
    expect((await call('GET', `/api/provider-template/${hidden._id}`, w.headers.super)).json().linkedAccounts).toBe(1);

    const refused = await call('DELETE', `/api/provider-template/${template._id}`, w.headers.super);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(PROVIDER_MESSAGES.linkedAccounts(1));

    // unlinking needs the account's own credentials
    const unlinkBare = await call('PUT', `/api/provider-account/${linked.json()._id}`, w.headers.admin, { templateId: null });
    expect(unlinkBare.statusCode).toBe(400);
    expect(unlinkBare.json().fields['credentials.hotelsSecret']).toBe(PROVIDER_MESSAGES.credentialRequired);
    const unlinked = await call('PUT', `/api/provider-account/${linked.json()._id}`, w.headers.admin, {
      templateId: null,
      credentials: { hotelsApiKey: 'propia', hotelsSecret: 'secreto-propio-000000' },
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toMatchObject({ template: null, credentials: { hotelsApiKey: 'propia', hotelsSecret: '••••••0000' } });
    // and linking again drops them
    const relinked = await call('PUT', `/api/provider-account/${linked.json()._id}`, w.headers.admin, { templateId: template._id });
    expect(relinked.json()).toMatchObject({ template: { _id: template._id }, credentials: {} });
    expect((await storedRow(linked.json()._id)).credentialsEnc).toBeNull();

    const upd = await call('PUT', `/api/provider-template/${template._id}`, w.headers.super, {
      shared: false,
      credentials: { hotelsSecret: '••••••1234', activitiesApiKey: 'act-key' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ shared: false, credentials: { hotelsSecret: '••••••1234', activitiesApiKey: 'act-key' } });
    const tRow = await storedRow(template._id);
    expect(openCredentials(SecretBox.fromText(SECRETS_KEY), tRow.id, tRow.credentialsEnc as string).hotelsSecret).toBe(
      'hb-secret-ABCDEFGH1234',
    );
    // templates are not agency accounts and vice versa
    expect((await call('GET', `/api/provider-template/${linked.json()._id}`, w.headers.super)).statusCode).toBe(404);
    expect((await call('GET', `/api/provider-account/${template._id}`, w.headers.admin)).statusCode).toBe(404);

    const spare = await createTemplate();
    expect((await call('DELETE', `/api/provider-template/${spare._id}`, w.headers.super)).statusCode).toBe(200);
    expect((await call('GET', `/api/provider-template/${spare._id}`, w.headers.super)).statusCode).toBe(404);
  });
});

describe('usable accounts and user availableProviders', () => {
  it('answers the agency active accounts, narrowed by availableProviders, without credentials', async () => {
    const agency = (await call('POST', '/api/agency', w.headers.super, { name: `Agencia usable ${++seq}` })).json();
    const admin = await makeUser(t.database, 'agency', agency._id);
    const adminH = await loginAs(t.app, admin.email);
    const a1 = await createOwn(adminH, juniper({ name: 'Uno' }));
    const a2 = await createOwn(adminH, juniper({ name: 'Dos' }));
    await createOwn(adminH, juniper({ name: 'Inactiva', active: false }));
    const template = await createTemplate();
    const linked = await createOwn(adminH, { supplier: 'hotelbeds', name: 'Vinculada', templateId: template._id });

    const all = await call('GET', '/api/provider-account/usable', adminH);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['Dos', 'Uno', 'Vinculada']);
    expect(Object.keys(all.json()[0]).sort()).toEqual(['_id', 'name', 'supplier']);

    // a template switched off takes its linked accounts out of use
    await call('PUT', `/api/provider-template/${template._id}`, w.headers.super, { active: false });
    expect((await call('GET', '/api/provider-account/usable', adminH)).json().map((a: { name: string }) => a.name)).not.toContain(
      'Vinculada',
    );

    const adviser = await makeUser(t.database, 'adviser', agency._id, { availableProviders: [a2._id, linked._id] });
    const adviserH = await loginAs(t.app, adviser.email);
    const narrowed = (await call('GET', '/api/provider-account/usable', adviserH)).json();
    expect(narrowed.map((a: { _id: string }) => a._id)).toEqual([a2._id]);
    expect(a1._id).toBeDefined();

    // platform staff search with the active templates
    const superUsable = (await call('GET', '/api/provider-account/usable', w.headers.super)).json();
    expect(superUsable.every((a: { _id: string }) => a._id !== a1._id)).toBe(true);
    expect(superUsable.length).toBeGreaterThan(0);
  });

  it('validates availableProviders on user create and update', async () => {
    const mine = await createOwn();
    const theirs = await createOwn(w.headers.adminB);
    const template = await createTemplate();
    const profile = { name: 'Ana', lastName: 'Ruiz', docType: 'CC', docNumber: '1' };
    const newUser = (availableProviders: string[], headers = w.headers.admin, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/user', headers, { email: `u${++seq}@test.example`, type: 'adviser', profile, availableProviders, ...extra });

    for (const ids of [[theirs._id], [mine._id, theirs._id], [template._id], ['00000000-0000-4000-8000-000000000000']]) {
      const res = await newUser(ids);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(MESSAGES['user.providerNotAvailable']);
      expect(res.json().fields.availableProviders).toBe(MESSAGES['user.providerNotAvailable']);
    }
    const ok = await newUser([mine._id]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().availableProviders).toEqual([mine._id]);
    // super creating a user in agency B cannot hand it agency A's account
    const superBad = await newUser([mine._id], w.headers.super, { agencyId: w.agencyB.id });
    expect(superBad.statusCode).toBe(400);
    // platform staff may be narrowed to templates only
    const loader = await newUser([template._id], w.headers.super, { type: 'product-loader' });
    expect(loader.statusCode, loader.body).toBe(201);

    const id = ok.json()._id;
    const bad = await call('PUT', `/api/user/${id}`, w.headers.admin, { availableProviders: [theirs._id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(MESSAGES['user.providerNotAvailable']);
    // moving the user to agency B keeps an agency-A list: refused until a new list comes with it
    const move = await call('PUT', `/api/user/${id}`, w.headers.super, { agencyId: w.agencyB.id });
    expect(move.statusCode).toBe(400);
    const moved = await call('PUT', `/api/user/${id}`, w.headers.super, { agencyId: w.agencyB.id, availableProviders: [theirs._id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().availableProviders).toEqual([theirs._id]);
  });

  it('refuses to delete an account users are restricted to, and deletes it once they are not', async () => {
    const account = await createOwn();
    const user = await makeUser(t.database, 'adviser', w.agencyA.id, { availableProviders: [account._id] });
    const refused = await call('DELETE', `/api/provider-account/${account._id}`, w.headers.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(PROVIDER_MESSAGES.inUseByUsers(1));
    await t.database.db.update(users).set({ availableProviders: [] }).where(eq(users.id, user.id));
    const deleted = await call('DELETE', `/api/provider-account/${account._id}`, w.headers.admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, msg: PROVIDER_MESSAGES.deleted });
    expect((await call('DELETE', `/api/provider-account/${account._id}`, w.headers.admin)).statusCode).toBe(404);
  });
});

describe('resolveForUse', () => {
  it('resolves in sandbox to the simulator and in production to the supplier host', async () => {
    const svc = t.app.services.providerAccounts;
    const agency = (await call('POST', '/api/agency', w.headers.super, { name: `Agencia modos ${++seq}` })).json();
    const admin = await makeUser(t.database, 'agency', agency._id);
    const adminH = await loginAs(t.app, admin.email);
    const own = await createOwn(adminH, juniper({ name: 'Propia' }));
    const withHost = await createOwn(
      adminH,
      juniper({ name: 'Con host', credentials: { email: 'h@x.co', password: 'p-host-secret', host: 'https://xml.cliente.com/' } }),
    );
    const template = await createTemplate();
    const linked = await createOwn(adminH, {
      supplier: 'hotelbeds',
      name: 'Vinculada',
      templateId: template._id,
      settings: { language: 'en' },
    });

    let auth = await authFor(adminH);
    const sandbox = await svc.resolveForUse(auth, own._id);
    expect(sandbox).toMatchObject({
      id: own._id,
      supplier: 'juniper',
      name: 'Propia',
      mode: 'sandbox',
      baseUrl: `${SIM_URL}/juniper`,
      credentials: { email: 'xml@agencia.example', password: 'Contraseña-Muy-Larga-9876' },
      settings: { currency: 'EUR', nationality: 'ES', language: 'es', timeouts: { 'hotel.search': 8000 } },
    });
    // decrypted credentials never serialise in clear (a stray log line prints '[redacted]')
    expect(JSON.stringify(sandbox)).not.toContain('Contraseña-Muy-Larga');
    expect(JSON.stringify(sandbox)).toContain('"credentials":"[redacted]"');
    expect((await svc.resolveForUse(auth, withHost._id)).baseUrl).toBe(`${SIM_URL}/juniper`);
    const linkedSandbox = await svc.resolveForUse(auth, linked._id);
    expect(linkedSandbox).toMatchObject({
      id: linked._id,
      supplier: 'hotelbeds',
      mode: 'sandbox',
      baseUrl: `${SIM_URL}/hotelbeds`,
      credentials: { hotelsApiKey: 'hb-key-123', hotelsSecret: 'hb-secret-ABCDEFGH1234' },
      settings: { language: 'en' },
    });

    await call('PUT', `/api/agency/${agency._id}`, w.headers.super, { mode: 'production' });
    auth = await authFor(adminH);
    // Issue 14: no silent default to Juniper's test host; a production account must name its host.
    await expect(svc.resolveForUse(auth, own._id)).rejects.toMatchObject({ code: 'SUPPLIER_HOST_REQUIRED', status: 400 });
    expect((await svc.resolveForUse(auth, withHost._id)).baseUrl).toBe('https://xml.cliente.com');
    expect(await svc.resolveForUse(auth, linked._id)).toMatchObject({ mode: 'production', baseUrl: 'https://api.hotelbeds.com' });
  });

  it('refuses what the caller may not use', async () => {
    const svc = t.app.services.providerAccounts;
    const own = await createOwn();
    const theirs = await createOwn(w.headers.adminB);
    const inactive = await createOwn(w.headers.admin, juniper({ active: false }));
    const template = await createTemplate();
    const auth = await authFor(w.headers.admin);
    await expect(svc.resolveForUse(auth, theirs._id)).rejects.toMatchObject({ status: 404 });
    await expect(svc.resolveForUse(auth, template._id)).rejects.toMatchObject({ status: 404 });
    await expect(svc.resolveForUse(auth, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    await expect(svc.resolveForUse(auth, inactive._id)).rejects.toMatchObject({ status: 400, message: PROVIDER_MESSAGES.inactive });

    const restricted = await makeUser(t.database, 'adviser', w.agencyA.id, { availableProviders: [inactive._id] });
    const rAuth = await authFor(await loginAs(t.app, restricted.email));
    await expect(svc.resolveForUse(rAuth, own._id)).rejects.toMatchObject({ status: 403, message: PROVIDER_MESSAGES.notAllowed });

    // platform staff use templates, always in sandbox
    const superAuth = await authFor(w.headers.super);
    expect(await svc.resolveForUse(superAuth, template._id)).toMatchObject({ mode: 'sandbox', baseUrl: `${SIM_URL}/hotelbeds` });
    await expect(svc.resolveForUse(superAuth, own._id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('POST …/test (probar conexión)', () => {
  it('resolves the account in its mode and answers the tester result', async () => {
    const account = await createOwn(w.headers.admin, juniper({ active: false }));
    const ok = await call('POST', `/api/provider-account/${account._id}/test`, w.headers.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, ok: true, msg: PROVIDER_MESSAGES.testOk, mode: 'sandbox', latencyMs: null }); // no latency for non-super (decision 0143)
    expect(tested).toHaveLength(1);
    expect(tested[0]).toMatchObject({ id: account._id, mode: 'sandbox', baseUrl: `${SIM_URL}/juniper` });
    expect(tested[0].credentials.password).toBe('Contraseña-Muy-Larga-9876');

    await call('PUT', `/api/provider-account/${account._id}`, w.headers.admin, { credentials: { password: 'mala' } });
    const rejected = (await call('POST', `/api/provider-account/${account._id}/test`, w.headers.admin)).json();
    expect(rejected).toMatchObject({ ok: false, msg: 'Credenciales rechazadas' });

    await call('PUT', `/api/provider-account/${account._id}`, w.headers.admin, { credentials: { password: 'explota' } });
    const thrown = await call('POST', `/api/provider-account/${account._id}/test`, w.headers.admin);
    expect(thrown.statusCode).toBe(200);
    expect(thrown.json()).toMatchObject({ ok: false, msg: PROVIDER_MESSAGES.testFailed, latencyMs: null });
    expect(thrown.body).not.toContain('explota');
  });

  it('tests a template in production mode', async () => {
    const template = await createTemplate();
    const res = await call('POST', `/api/provider-template/${template._id}/test`, w.headers.super);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, mode: 'production' });
    expect(tested[0]).toMatchObject({ mode: 'production', baseUrl: 'https://api.hotelbeds.com' });
    expect((await call('POST', `/api/provider-template/${template._id}/test`, w.headers.admin)).statusCode).toBe(403);
  });
});

// Last on purpose: it re-seals every row under a key the app under test does not hold.
describe('key rotation', () => {
  it('re-encrypts every stored credential under the new key; the old key is then no longer needed', async () => {
    const account = await createOwn();
    const template = await createTemplate();
    const newKey = randomBytes(32);
    const ring = SecretBox.fromText(`${newKey.toString('base64')},${SECRETS_KEY}`);
    const rotating = new ProviderAccountService({
      repo: new ProviderAccountRepository(t.database.db),
      agencies: new AgencyRepository(t.database.db),
      secrets: () => ring,
      tester: fakeTester,
      simulatorUrl: () => SIM_URL,
      log: pino({ level: 'silent' }),
    });
    const first = await rotating.reencryptAll();
    expect(first.unreadable).toEqual([]);
    expect(first.reencrypted).toBeGreaterThanOrEqual(2);
    expect((await rotating.reencryptAll()).reencrypted).toBe(0);
    const onlyNew = new SecretBox([newKey]);
    for (const id of [account._id, template._id]) {
      const row = await storedRow(id);
      expect(row.credentialsEnc?.split('.')[1]).toBe(keyIdOf(newKey));
      expect(Object.keys(openCredentials(onlyNew, id, row.credentialsEnc as string)).length).toBeGreaterThan(0);
    }
    // the app still holding only the old key reports the credentials unreadable instead of failing
    const got = await call('GET', `/api/provider-account/${account._id}`, w.headers.admin);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ credentialsReadable: false, credentials: {} });
    const resolved = t.app.services.providerAccounts.resolveForUse(await authFor(w.headers.admin), account._id);
    await expect(resolved).rejects.toMatchObject({ status: 503 });
    // typing the credentials again repairs the account
    const repaired = await call('PUT', `/api/provider-account/${account._id}`, w.headers.admin, {
      credentials: { email: 'x@y.co', password: 'otra-clave-nueva' },
    });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().credentialsReadable).toBe(true);
  });
});
