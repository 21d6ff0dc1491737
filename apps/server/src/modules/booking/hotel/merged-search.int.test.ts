import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { type InsertedPlace, insertPlace as insertPlaceRow } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { hotelInventory, supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 6, server side: own hotels (travesia) in the streamed search, the merged cacheId (paging,
 * filters, facets), quote + reserve of a travesia option through POST /api/voucher, and offers in a
 * currency without an exchange rate dropped instead of failing the search.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let other: Record<string, string>;
let noTravesia: Record<string, string>;
let loader: Record<string, string>;
const acc: Record<string, string> = {};
let cartagena = '';
let madrid = '';
let hotelId = '';
let roomTypeId = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const start = day(40);
const end = day(42);

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const criteria = (over: Record<string, unknown> = {}) => ({
  destination: cartagena,
  countryCode: 'CO',
  start,
  end,
  paxes: [{ adults: 2, children: [] }],
  ...over,
});

// JSON.parse gives each event's data untyped, as the web reads it.
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const [ev, data] = chunk.split('\n');
      return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
    });

async function stream(headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await call('POST', '/api/hotel/search/stream/simulate', headers, criteria(body));
  expect(res.statusCode, res.body).toBe(200);
  return events(res.body);
}

const insertPlace = (name: string, type: 'country' | 'state' | 'city', parent: InsertedPlace | null) =>
  insertPlaceRow(t.database, name, type, parent);
const createAccount = (headers: Record<string, string>, supplier: string, credentials: Record<string, string>) =>
  createProviderAccount(t.app, headers, supplier, credentials);

const allotmentOn = async (d: string) => {
  const [row] = await t.database.db
    .select({ a: hotelInventory.allotment })
    .from(hotelInventory)
    .where(and(eq(hotelInventory.roomTypeId, roomTypeId), eq(hotelInventory.day, d)));
  return row.a;
};

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace('Colombia', 'country', null);
  const bolivar = await insertPlace('Bolívar', 'state', colombia);
  cartagena = (await insertPlace('Cartagena de Indias', 'city', bolivar)).id;
  const spain = await insertPlace('España', 'country', null);
  madrid = (await insertPlace('Madrid', 'city', spain)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
    { supplier: 'hotelbeds', placeId: madrid, code: 'MAD' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-restel', 'hotels-travesia'] });
  const agencyNoOwn = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  other = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  noTravesia = await loginAs(t.app, (await makeUser(t.database, 'agency', agencyNoOwn.id)).email);
  loader = await loginAs(t.app, (await makeUser(t.database, 'product-loader', null)).email);
  acc.hotelbeds = await createAccount(admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  acc.restel = await createAccount(admin, 'restel', { codigousu: 'TEST', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' });
  await createAccount(noTravesia, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  // One own hotel in Cartagena, with a map position and a description, 3 rooms a night.
  const hotel = await call('POST', '/api/product/hotel', loader, {
    name: 'Hotel Casa Travesía',
    placeId: cartagena,
    address: 'Calle del Arsenal 10',
    lat: 10.4195,
    lng: -75.5453,
    description: 'Casona colonial frente a la bahía',
    stars: 4,
    category: 'moderate',
    currency: 'USD',
    boards: ['RO', 'BB'],
    policy: { nonRefundable: false, rules: [{ before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } }], noShow: null },
    roomTypes: [{ name: 'Doble estándar', maxAdults: 3, maxChildren: 2, childAgeLimit: 11, beds: '2 camas dobles' }],
  });
  expect(hotel.statusCode, hotel.body).toBe(201);
  hotelId = hotel.json()._id;
  roomTypeId = hotel.json().roomTypes[0]._id;
  const bulk = await call('POST', '/api/product/hotel/avail/bulk', loader, {
    roomTypeId,
    from: day(30),
    to: day(50),
    allotment: 3,
    price1: '80',
    price2: '100.00',
    boardSupplements: { BB: '10' },
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('travesia in the streamed search', () => {
  it('searches own hotels with the enabled suppliers by default, in the suppliers’ answer shape', async () => {
    const evs = await stream(admin, {});
    expect(evs[0].data.suppliers.map((s: { supplier: string }) => s.supplier).sort()).toEqual(['hotelbeds', 'restel', 'travesia']);
    const own = evs.find((e) => e.event === 'result' && e.data.accountId === 'travesia');
    expect(own?.data).toMatchObject({ supplier: 'travesia', name: 'Travesía' });
    const r = own?.data.response;
    expect(r).toMatchObject({ supplier: 'travesia', itemsFound: 1, page: 1, limit: 20, totalPages: 1, dropped: 0, notes: [] });
    expect(r.cacheId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.lowestPrice.currency).toBe('USD');
    const item = r.items[0];
    expect(item).toMatchObject({
      code: hotelId,
      name: 'Hotel Casa Travesía',
      stars: 4,
      supplier: 'travesia',
      zone: 'Cartagena de Indias',
      address: 'Calle del Arsenal 10',
      location: { lat: 10.4195, lng: -75.5453 },
      description: 'Casona colonial frente a la bahía',
    });
    expect(item.options.map((o: { board: { code: string } }) => o.board.code)).toEqual(['RO', 'BB']);
    const option = item.options[0];
    expect(Object.keys(option).sort()).toEqual(
      [
        'availability',
        'board',
        'breakdown',
        'cancellation',
        'expiresAt',
        'optionId',
        'payAtHotel',
        'price',
        'refundable',
        'rooms',
        'supplier',
      ].sort(),
    );
    expect(option.supplier).toBe('travesia');
    expect(option.price.amount).toBe(item.minPrice.amount);
    expect(option.refundable).toBe(true);
    expect(evs.at(-1)).toMatchObject({ event: 'done', data: { ok: 3, failed: 0 } });
  }, 30_000);

  it('takes "travesia" among the chosen providers, and leaves it out when the module is off', async () => {
    const only = await stream(admin, { providers: ['travesia'] });
    expect(only.filter((e) => e.event === 'result').map((e) => e.data.accountId)).toEqual(['travesia']);
    const without = await stream(noTravesia, {});
    expect(without[0].data.suppliers.map((s: { supplier: string }) => s.supplier)).toEqual(['hotelbeds']);
    const refused = await stream(noTravesia, { providers: ['travesia'] });
    expect(refused.find((e) => e.event === 'failure')?.data).toMatchObject({ accountId: 'travesia', code: 'FORBIDDEN' });
    expect(refused.at(-1)?.data).toMatchObject({ ok: 0, failed: 1, cacheId: null, itemsFound: 0 });
  }, 30_000);
});

describe('the merged cacheId', () => {
  it('pages every supplier’s hotels together, with filters and facets, never calling a supplier', async () => {
    const evs = await stream(admin, {});
    const results = evs.filter((e) => e.event === 'result');
    const done = evs.at(-1)?.data as { cacheId: string; itemsFound: number; expires: string };
    // One entry per property: Hotelbeds and Restel sell the same simulator hotels (decision 0480).
    const names = new Set(results.flatMap((e) => e.data.response.items.map((i: { name: string }) => i.name)));
    expect(done.itemsFound).toBe(names.size);
    expect(done.itemsFound).toBeLessThan(results.reduce((n, e) => n + e.data.response.itemsFound, 0));
    expect(Date.parse(done.expires)).toBeGreaterThan(Date.now());
    const url = `/api/hotel/search/${done.cacheId}`;
    const first = (await call('GET', `${url}?limit=5`, admin)).json().response;
    expect(first).toMatchObject({ cacheId: done.cacheId, supplier: 'mixed', itemsFound: done.itemsFound, page: 1, limit: 5 });
    expect(first.totalPages).toBe(Math.ceil(done.itemsFound / 5));
    expect(first.facets.suppliers).toEqual(['hotelbeds', 'restel', 'travesia']);
    expect(first.facets.boards.map((b: { code: string }) => b.code)).toContain('BB');
    expect(first.facets.priceRange.currency).toBe('USD');
    expect(first.facets.stars.length).toBeGreaterThan(0);
    const prices = first.items.map((i: { minPrice: { amount: string } }) => Number(i.minPrice.amount));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    // All hotels across pages, no duplicates.
    const all = (await call('GET', `${url}?limit=200`, admin)).json().response.items as Array<{ supplier: string; code: string }>;
    expect(new Set(all.map((i) => `${i.supplier}:${i.code}`)).size).toBe(done.itemsFound);
    const own = (await call('GET', `${url}?supplier=travesia`, admin)).json().response;
    expect(own.items.map((i: { code: string }) => i.code)).toEqual([hotelId]);
    expect(own.items[0].options[0].optionId).toMatch(/^\d+-\d+$/);
    const two = (await call('GET', `${url}?supplier=hotelbeds,restel&sort=-price&board=BB`, admin)).json().response;
    expect(two.items.every((i: { supplier: string }) => i.supplier !== 'travesia')).toBe(true);
    for (const i of two.items) for (const o of i.options) expect(o.board.code).toBe('BB');
    const cat = (await call('GET', `${url}?category=${encodeURIComponent('Moderado')}`, admin)).json().response;
    expect(cat.items.map((i: { code: string }) => i.code)).toEqual([hotelId]);
    const bad = await call('GET', `${url}?supplier=amadeus`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Proveedor no válido');
  }, 30_000);

  it('shows a hotel Hotelbeds and Restel both sell as one entry with both rates, each quoted from its supplier', async () => {
    const evs = await stream(admin, { providers: [acc.hotelbeds, acc.restel] });
    const results = evs.filter((e) => e.event === 'result');
    expect(results.map((e) => e.data.supplier).sort()).toEqual(['hotelbeds', 'restel']);
    const done = evs.at(-1)?.data as { cacheId: string; itemsFound: number };
    const all = (await call('GET', `/api/hotel/search/${done.cacheId}?limit=50`, admin)).json().response;
    type Item = {
      name: string;
      supplier: string;
      minPrice: { amount: string };
      options: { supplier: string; optionId: string; price: { amount: string } }[];
    };
    const items = all.items as Item[];
    expect(all.itemsFound).toBe(done.itemsFound);
    expect(items).toHaveLength(done.itemsFound);
    expect(new Set(items.map((i) => i.name)).size).toBe(items.length);
    const both = items.filter((i) => new Set(i.options.map((o) => o.supplier)).size === 2);
    expect(both.length).toBeGreaterThan(0);
    const hotel = both[0];
    // The card's price is its cheapest rate of any supplier; each rate quotes through the merged cacheId.
    expect(hotel.minPrice.amount).toBe(hotel.options[0].price.amount);
    expect(hotel.supplier).toBe(hotel.options[0].supplier);
    for (const supplier of ['hotelbeds', 'restel']) {
      const option = hotel.options.find((o) => o.supplier === supplier);
      expect(option?.optionId).toMatch(/^\d+-\d+$/);
      const q = await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId: option?.optionId });
      expect(q.statusCode, q.body).toBe(200);
      expect(q.json().response.previousPrice).toEqual(option?.price);
    }
    // Sorted by each property's cheapest rate.
    const prices = items.map((i) => Number(i.minPrice.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }, 60_000);

  it('quotes a supplier option through the merged cacheId; an unknown option is a 404', async () => {
    const done = (await stream(admin, { providers: [acc.hotelbeds, 'travesia'] })).at(-1)?.data as { cacheId: string };
    const hb = (await call('GET', `/api/hotel/search/${done.cacheId}?supplier=hotelbeds&limit=1`, admin)).json().response.items[0];
    const option = hb.options[0];
    expect(option.optionId).toMatch(/^0-\d+$/);
    const q = await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId: option.optionId });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response).toMatchObject({ hotel: { code: hb.code }, previousPrice: option.price, checkIn: start, checkOut: end });
    for (const optionId of ['7-0', '0-99999', '12']) {
      const missing = await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId });
      expect(missing.statusCode, optionId).toBe(404);
      expect(missing.json().code).toBe('OPTION_NOT_FOUND');
    }
  }, 30_000);

  it('is 404 SEARCH_EXPIRED for another user or an unknown id', async () => {
    const done = (await stream(admin, { providers: ['travesia'] })).at(-1)?.data as { cacheId: string };
    const foreign = await call('GET', `/api/hotel/search/${done.cacheId}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'SEARCH_EXPIRED', msg: 'La búsqueda expiró; vuelve a buscar' });
    expect((await call('GET', '/api/hotel/search/AAAAAAAAAAAAAAAAAAAAAA', admin)).json().code).toBe('SEARCH_EXPIRED');
  }, 30_000);
});

describe('quote and reserve a travesia option', () => {
  it('re-prices from own inventory and books once per idempotency key, taking the rooms once', async () => {
    const done = (await stream(admin, {})).at(-1)?.data as { cacheId: string };
    const own = (await call('GET', `/api/hotel/search/${done.cacheId}?supplier=travesia`, admin)).json().response.items[0];
    const option = own.options.find((o: { board: { code: string } }) => o.board.code === 'BB');
    const q = await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId: option.optionId });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json().response;
    expect(quote).toMatchObject({
      priceChanged: false,
      policyChanged: false,
      price: option.price,
      previousPrice: option.price,
      hotel: { code: hotelId, name: 'Hotel Casa Travesía', category: 'Moderado' },
      board: { code: 'BB' },
      checkIn: start,
      checkOut: end,
      availability: 'available',
    });
    expect(quote.quoteId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(quote.rooms).toEqual([{ code: roomTypeId, name: 'Doble estándar', adults: 2, childrenAges: [] }]);
    const before = await allotmentOn(start);
    const key = `own-${randomUUID()}`;
    const body = {
      type: 'hotel',
      integrator: 'travesia',
      client: { name: 'Laura', surname: 'Gómez', email: 'laura@example.com' },
      companions: [
        [
          { name: 'Laura', surname: 'Gómez' },
          { name: 'Pedro', surname: 'Gómez' },
        ],
      ],
      price: { gross: quote.price.amount, currency: quote.price.currency },
      bookingCodes: { quoteId: quote.quoteId },
    };
    const first = await call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ success: true, created: true, response: { status: 'confirmed', provider: 'travesia' } });
    const again = await call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ success: true, created: false });
    expect(again.json().response._id).toBe(first.json().response._id);
    const rows = await t.database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(await allotmentOn(start)).toBe(before - 1);
    expect(await allotmentOn(day(41))).toBe(before - 1);
    // The same key with another option's quote: 409, the first voucher untouched.
    const ro = own.options.find((o: { board: { code: string } }) => o.board.code === 'RO');
    const roQuote = (await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId: ro.optionId })).json().response;
    const reused = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': key },
      {
        ...body,
        price: { gross: roQuote.price.amount, currency: roQuote.price.currency },
        bookingCodes: { quoteId: roQuote.quoteId },
      },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A price other than the quote's: 409, nothing booked.
    const moved = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': `own-${randomUUID()}` },
      {
        ...body,
        price: { gross: '1.00', currency: quote.price.currency },
      },
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('PRICE_CHANGED');
    expect(await allotmentOn(start)).toBe(before - 1);
  }, 30_000);

  it('keeps the whole spec §3 client and every companion on the voucher', async () => {
    const stay = {
      start: day(44),
      end: day(46),
      paxes: [
        { adults: 1, children: [] },
        { adults: 2, children: [] },
      ],
    };
    const done = (await stream(admin, { ...stay, providers: ['travesia'] })).at(-1)?.data as { cacheId: string };
    const own = (await call('GET', `/api/hotel/search/${done.cacheId}?supplier=travesia`, admin)).json().response.items[0];
    const q = await call('POST', '/api/hotel/quote', admin, { cacheId: done.cacheId, optionId: own.options[0].optionId });
    expect(q.statusCode, q.body).toBe(200);
    const quote = q.json().response;
    // What the reserve screen sends (apps/web reserve-page.tsx).
    const client = {
      name: 'Laura',
      surname: 'Gómez',
      email: 'laura@example.com',
      address: 'Carrera 7 # 71-21',
      document: '52123456',
      documentType: 'CC',
      age: 41,
      country: 'Colombia',
      city: 'Bogotá',
      postalCode: '110231',
      nationality: 'Colombia',
      nationalityCode: 'CO',
      phones: ['+57 300 123 4567'],
    };
    const companions = [
      [{ name: 'Laura', surname: 'Gómez', age: 41, type: 'adult' }],
      [
        { name: 'Pedro', surname: 'Gómez', age: 30, type: 'adult' },
        { name: 'Ana', surname: 'Ruiz', age: 30, type: 'adult' },
      ],
    ];
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': `own-${randomUUID()}` },
      {
        type: 'hotel',
        integrator: 'travesia',
        client,
        companions,
        price: { gross: quote.price.amount, currency: quote.price.currency },
        bookingCodes: { quoteId: quote.quoteId },
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const read = await call('GET', `/api/voucher/${res.json().response._id}`, admin);
    expect(read.statusCode, read.body).toBe(200);
    const voucher = read.json().response ?? read.json();
    expect(voucher.client).toEqual(client);
    expect(voucher.companions).toEqual(companions.flatMap((room, i) => room.map((p) => ({ ...p, room: i + 1 }))));
  }, 30_000);
});

describe('a currency without an exchange rate', () => {
  it('drops those offers with a Spanish note instead of failing the search', async () => {
    // Madrid answers in EUR and this database has no EUR rate.
    const res = await call('POST', '/api/hotel/hotelbeds/avail/simulate', admin, {
      ...criteria({ destination: madrid }),
      provider_id: acc.hotelbeds,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().response;
    expect(r.itemsFound).toBe(0);
    expect(r.dropped).toBeGreaterThan(0);
    expect(r.notes).toContain(`Se omitieron ${r.dropped} ofertas en EUR: no hay tasa de cambio registrada para esa moneda`);
    const evs = await stream(admin, { destination: madrid, providers: [acc.hotelbeds] });
    expect(evs.find((e) => e.event === 'result')?.data.response.dropped).toBe(r.dropped);
  }, 30_000);

  it('drops an own hotel in that currency, keeping the others, in the own search and the stream', async () => {
    const euro = await call('POST', '/api/product/hotel', loader, {
      name: 'Hotel Euro Travesía',
      placeId: cartagena,
      address: 'Calle de la Moneda 1',
      stars: 3,
      category: 'value',
      currency: 'EUR',
      boards: ['RO', 'BB'],
      policy: { nonRefundable: true, rules: [], noShow: null },
      roomTypes: [{ name: 'Doble', maxAdults: 2, maxChildren: 0, childAgeLimit: 11, beds: '1 cama doble' }],
    });
    expect(euro.statusCode, euro.body).toBe(201);
    const bulk = await call('POST', '/api/product/hotel/avail/bulk', loader, {
      roomTypeId: euro.json().roomTypes[0]._id,
      from: day(30),
      to: day(50),
      allotment: 2,
      price2: '90',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const note = 'Se omitieron 2 ofertas en EUR: no hay tasa de cambio registrada para esa moneda';
    const own = await call('POST', '/api/hotel/travesia/avail', admin, criteria());
    expect(own.statusCode, own.body).toBe(200);
    const r = own.json().response;
    expect(r.items.map((i: { _id: string }) => i._id)).toEqual([hotelId]);
    expect(r).toMatchObject({ itemsFound: 1, dropped: 2, notes: [note] });
    const evs = await stream(admin, { providers: ['travesia'] });
    const result = evs.find((e) => e.event === 'result')?.data;
    expect(result, JSON.stringify(evs)).toBeDefined();
    expect(result.response).toMatchObject({ itemsFound: 1, dropped: 2, notes: [note] });
    expect(result.response.items.map((i: { code: string }) => i.code)).toEqual([hotelId]);
    expect(evs.at(-1)?.data).toMatchObject({ ok: 1, failed: 0, itemsFound: 1 });
  }, 30_000);
});
