import { startSimulator } from '@travesia/supplier-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierDestinations } from '../../../db/schema/index.js';
import { blobKey } from './cache.js';

/**
 * The hotel routes answer through their contracts response schemas (packages/contracts/src/booking/hotel.ts),
 * as the ticket, transfer and flight routes do: whatever the server holds beyond the schema is not sent.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let account = '';
let cartagena = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', colombia)).id;
  await t.database.db.insert(supplierDestinations).values({ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' });
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  account = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** Adds a field no schema declares to every stored offer's cancellation policy of the search. */
async function plantUndeclaredField(cacheId: string) {
  let planted = 0;
  for (let i = 0; ; i++) {
    const raw = await t.store.get(blobKey(cacheId, i));
    if (!raw) break;
    const offers = JSON.parse(raw) as { cancellation?: unknown; offer: { cancellation: Record<string, unknown> } }[];
    for (const o of offers) o.offer.cancellation.internalNote = 'solo para el servidor';
    await t.store.set(blobKey(cacheId, i), JSON.stringify(offers), 600);
    planted += offers.length;
  }
  return planted;
}

describe('hotel response schemas', () => {
  it('the cached page and the quote send only what their schema declares', async () => {
    const body = {
      provider_id: account,
      destination: cartagena,
      countryCode: 'CO',
      start: day(40),
      end: day(42),
      paxes: [{ adults: 2, children: [] }],
    };
    const search = await t.app.inject({ method: 'POST', url: '/api/hotel/hotelbeds/avail', headers: admin, payload: body });
    expect(search.statusCode, search.body).toBe(200);
    const first = search.json().response;
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items[0].options[0].cancellation).toHaveProperty('refundable');
    expect(await plantUndeclaredField(first.cacheId)).toBeGreaterThan(0);

    const page = await t.app.inject({ method: 'GET', url: `/api/hotel/search/${first.cacheId}?page=1&limit=5`, headers: admin });
    expect(page.statusCode, page.body).toBe(200);
    const option = page.json().response.items[0].options[0];
    expect(option.cancellation.refundable).toBeTypeOf('boolean');
    expect(page.body).not.toContain('internalNote');

    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/hotel/quote',
      headers: admin,
      payload: { cacheId: first.cacheId, optionId: option.optionId },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // The quote's previous policy is the stored offer's own (with the planted field); the answer leaves it out.
    expect(quote.json().response.previousCancellation.refundable).toBe(option.cancellation.refundable);
    expect(quote.body).not.toContain('internalNote');
  });

  it('the OpenAPI document shows the hotel answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: admin })).json();
    for (const [path, method] of [
      ['/api/hotel/quote', 'post'],
      ['/api/hotel/search/{cacheId}', 'get'],
      ['/api/voucher/reserve', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(Object.keys(op.responses), path).toContain(method === 'post' && path.includes('reserve') ? '201' : '200');
    }
    const quote = doc.paths['/api/hotel/quote'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(quote)).toContain('priceChanged');
  });
});
