import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierAuditLog, supplierDestinations } from '../../../db/schema/index.js';

/**
 * Issue 15 item 3, decision 0630: the suppliers' static content (Hotelbeds Content API, Juniper HotelContent)
 * follows a search instead of holding it. The search answers with `contentPending`, the content arrives in the
 * background and the pages carry its photos; the next search finds it cached; a failing content call never
 * fails a search. The simulator answers content calls 4 s late for the accounts marked `slow:static`, so "the
 * search did not wait" is shown by order, never by timing.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let cartagena = '';
const acc: Record<string, string> = {};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const body = (provider_id: string, offset = 40) => ({
  provider_id,
  destination: cartagena,
  countryCode: 'CO',
  start: day(offset),
  end: day(offset + 2),
  paxes: [{ adults: 2, children: [] }],
});
type Item = { code: string; supplier: string; images?: string[]; address?: string; location?: unknown; options: { supplier?: string }[] };
const idle = () => t.app.services.hotelSearch.contentFetcher.idle();

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', slowMs: 4_000 });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'juniper', placeId: cartagena, code: '49000' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  const create = (supplier: string, credentials: Record<string, string>) => createProviderAccount(t.app, admin, supplier, credentials);
  acc.hotelbeds = await create('hotelbeds', { hotelsApiKey: 'demo+slow:static', hotelsSecret: 'sandbox' });
  acc.juniper = await create('juniper', { email: 'agencia@demo.com', password: 'sandbox' });
  acc.restel = await create('restel', { codigousu: 'TEST', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' });
  acc.broken = await create('hotelbeds', { hotelsApiKey: 'demo+error-500:static', hotelsSecret: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await idle();
  await t?.close();
  await sim?.close();
});

describe('supplier content follows the search', () => {
  it('a Hotelbeds search answers before its content; the pages carry the photos once it arrives; the next search has them at once', async () => {
    const first = await call('POST', '/api/hotel/hotelbeds/avail', admin, body(acc.hotelbeds));
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json().response;
    // Answered while the content call (held 4 s by the simulator) was still under way.
    expect(r.contentPending).toBe(true);
    expect(r.items.every((i: Item) => !i.images)).toBe(true);
    expect(r.items[0].location).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });

    await idle();
    const page = (await call('GET', `/api/hotel/search/${r.cacheId}`, admin)).json().response;
    expect(page.contentPending).toBeUndefined();
    for (const item of page.items as Item[]) {
      expect(item.images?.[0]).toBe(`${sim.url}/hotelbeds/giata/${item.code.slice(0, 2)}/${item.code}/${item.code}a_hb_a_001.jpg`);
      expect(item.address).toMatch(/^Calle /);
    }
    const photo = await fetch(page.items[0].images[0]);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    // One content call for the search (its own correlation id: paging a search still calls no supplier).
    await t.app.services.suppliers.audit.flush();
    const calls = await t.database.db
      .select({ op: supplierAuditLog.operation })
      .from(supplierAuditLog)
      .where(eq(supplierAuditLog.correlationId, `content:${r.cacheId}`));
    expect(calls.map((c) => c.op)).toEqual(['static.content']);

    const again = (await call('POST', '/api/hotel/hotelbeds/avail', admin, body(acc.hotelbeds, 41))).json().response;
    expect(again.contentPending).toBeUndefined();
    expect(again.items[0].images).toHaveLength(4);
  }, 30_000);

  it('a failing content call fails nothing: the search answers, the pending mark goes, the cards have no photos', async () => {
    const res = await call('POST', '/api/hotel/hotelbeds/avail', admin, body(acc.broken, 45));
    expect(res.statusCode, res.body).toBe(200);
    const { cacheId } = res.json().response;
    await idle();
    const page = await call('GET', `/api/hotel/search/${cacheId}`, admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().response.contentPending).toBeUndefined();
    expect(page.json().response.items.every((i: Item) => !i.images)).toBe(true);
    await t.app.services.suppliers.audit.flush();
    const failed = await t.database.db
      .select({ status: supplierAuditLog.responseStatus })
      .from(supplierAuditLog)
      .where(eq(supplierAuditLog.correlationId, `content:${cacheId}`));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((f) => f.status === 500)).toBe(true);
  }, 30_000);

  it('the merged search of a stream: one card per property with the photos of whichever supplier gave them', async () => {
    const { provider_id: _none, ...criteria } = body(acc.juniper, 50);
    const providers = [acc.hotelbeds, acc.juniper, acc.restel];
    const res = await call('POST', '/api/hotel/search/stream/simulate', admin, { ...criteria, providers });
    expect(res.statusCode).toBe(200);
    const done = res.body
      .split('\n\n')
      .filter((f) => f.startsWith('event: done'))
      .map((f) => JSON.parse(f.slice(f.indexOf('data: ') + 6)))[0];
    expect(done.cacheId).toBeTruthy();
    await idle();
    const page = (await call('GET', `/api/hotel/search/${done.cacheId}?limit=50`, admin)).json().response;
    expect(page.contentPending).toBeUndefined();
    // Restel gives no content: its rates share the card (and the photos) of the property the others describe.
    const compared = (page.items as Item[]).filter((i) => new Set(i.options.map((o) => o.supplier)).size === 3);
    expect(compared.length).toBeGreaterThan(0);
    for (const item of page.items as Item[]) expect(item.images?.[0]).toMatch(new RegExp(`^${sim.url}/(hotelbeds/giata|juniper/photos)/`));
  }, 30_000);
});
