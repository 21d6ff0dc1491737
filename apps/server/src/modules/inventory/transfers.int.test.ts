import { INVENTORY_MESSAGES as m, TRANSFER_MESSAGES as trm } from '@travesia/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { vouchers } from '../../db/schema/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};
/** An adviser of an agency with the travesia transfers module. */
let searcher: Record<string, string> = {};
const D = (day: number) => `2031-03-${String(day).padStart(2, '0')}`; // 2031-03-03 is a Monday

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const transferBody = (over: Record<string, unknown> = {}) => ({
  name: 'Aeropuerto CTG - Cartagena privado',
  originId: ids.air,
  destinationId: ids.ctg,
  type: 'private',
  vehicle: 'van',
  minPax: 1,
  maxPax: 6,
  priceMode: 'per-vehicle',
  price: '35',
  startHour: '05:00',
  endHour: '22:00',
  ...over,
});
const setCapacity = (transferId: string, body: Record<string, unknown>) =>
  inject('POST', '/api/product/transfer/capacity', w.headers.loader, { transferId, ...body });
const capacityOf = async (transferId: string, day: string) => {
  const res = await inject('GET', `/api/product/transfer/capacity?transferId=${transferId}&from=${day}&to=${day}`, w.headers.loader);
  return res.json().days[0]?.capacity as number | undefined;
};
const search = (body: Record<string, unknown> = {}, headers = searcher) =>
  inject('POST', '/api/transfer/travesia/avail', headers, {
    origin: ids.air,
    destination: ids.ctg,
    date: D(3),
    hour: '10:30',
    pax: 2,
    ...body,
  });
const tokenOf = async (transferId: string, body: Record<string, unknown> = {}) => {
  const res = await search(body);
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json().response.items.find((i: { _id: string }) => i._id === transferId);
  return item?.token as string;
};
const book = (token: string, key: string, extra: Record<string, unknown> = {}, headers = searcher) =>
  inject('POST', '/api/transfer/travesia/book', headers, {
    token,
    idempotencyKey: key,
    holder: { name: 'Luis', surname: 'Gómez' },
    ...extra,
  });

let privateId = '';
let sharedId = '';

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  const agency = await makeAgency(t.database, { modules: ['transfers-travesia'] });
  searcher = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
  await add('air', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG' }, 'ctg');
  privateId = (await inject('POST', '/api/product/transfer', w.headers.loader, transferBody())).json()._id;
  sharedId = (
    await inject(
      'POST',
      '/api/product/transfer',
      w.headers.loader,
      transferBody({
        name: 'Aeropuerto CTG - Cartagena compartido',
        type: 'shared',
        vehicle: 'bus',
        priceMode: 'per-person',
        price: '8',
        maxPax: 20,
      }),
    )
  ).json()._id;
}, 60_000);
afterAll(() => t?.close());

describe('transfer capacity (products:manage)', () => {
  it('loads vehicles or seats over a range on chosen weekdays and reads them back', async () => {
    const res = await setCapacity(privateId, { from: D(2), to: D(8), weekdays: [1, 2, 3, 4, 5], capacity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ days: 5 });
    expect((await setCapacity(sharedId, { from: D(1), to: D(31), capacity: 10 })).json()).toEqual({ days: 31 });
    const cal = await inject('GET', `/api/product/transfer/capacity?transferId=${privateId}&from=${D(1)}&to=${D(9)}`, w.headers.loader);
    expect(cal.statusCode).toBe(200);
    expect(cal.json().days.map((d: { day: string; capacity: number }) => [d.day, d.capacity])).toEqual(
      [3, 4, 5, 6, 7].map((d) => [D(d), 3]),
    );
    expect(cal.json().transfer).toMatchObject({ _id: privateId, typeLabel: 'Privado' });
    // Stop-sale alone keeps the capacity.
    await setCapacity(privateId, { from: D(7), to: D(7), stopSale: true });
    expect(await capacityOf(privateId, D(7))).toBe(3);
  });

  it('refuses bad capacity in Spanish; agency users may not load it', async () => {
    const bad = async (body: Record<string, unknown>, message: string, transferId = privateId) => {
      const res = await setCapacity(transferId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    };
    await bad({ from: D(1), to: D(2), capacity: -1 }, trm.capacity);
    await bad({ from: D(5), to: D(1), capacity: 1 }, m.endBeforeStart);
    await bad({ from: D(1), to: D(2) }, m.nothingToChange);
    await bad({ from: '2031-01-01', to: '2032-06-01', capacity: 1 }, m.rangeTooLong);
    const unknown = await setCapacity('00000000-0000-4000-8000-000000000000', { from: D(1), to: D(2), capacity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await inject('POST', '/api/product/transfer/capacity', searcher, { transferId: privateId, from: D(1), to: D(2), capacity: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('transfer search and booking', () => {
  it('offers only transfers with vehicles or seats left that day', async () => {
    const items = (await search()).json().response.items;
    expect(items.map((i: { _id: string; capacity: number }) => [i._id, i.capacity])).toEqual([
      [sharedId, 10],
      [privateId, 3],
    ]);
    expect(items[0].token).toEqual(expect.any(String));
    // Stop-sale day, a day with no capacity loaded, more passengers than seats left.
    expect((await search({ date: D(7) })).json().response.items.map((i: { _id: string }) => i._id)).toEqual([sharedId]);
    expect((await search({ date: D(9) })).json().response.items.map((i: { _id: string }) => i._id)).toEqual([sharedId]);
    expect((await search({ pax: 11 })).json().response.itemsFound).toBe(0);
  });

  it('books a private transfer: one vehicle taken, pickup details kept, idempotent; cancelling gives it back', async () => {
    const token = await tokenOf(privateId, { pax: 4, countryCode: 'COL' });
    const res = await book(token, 'tr-1', {
      expectedPrice: { amount: '35', currency: 'USD' },
      pickup: { hour: '11:15', flightNumber: 'av 9542', address: 'Terminal nacional, puerta 3' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().voucher;
    expect(v).toMatchObject({ status: 'confirmed', provider: 'travesia', price: { amount: '35.00', currency: 'USD' } });
    expect(await capacityOf(privateId, D(3))).toBe(2);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, v._id));
    expect(row.type).toBe('transfer');
    expect(row.product).toMatchObject({
      pax: 4,
      nationality: 'CO',
      pickup: { date: D(3), hour: '11:15', flightNumber: 'AV 9542', address: 'Terminal nacional, puerta 3' },
    });
    // A retry answers the same voucher and takes nothing.
    const again = await book(token, 'tr-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().voucher._id).toBe(v._id);
    expect(await capacityOf(privateId, D(3))).toBe(2);
    expect((await inject('POST', `/api/voucher/${v._id}/cancel`, searcher, {})).statusCode).toBe(200);
    expect(await capacityOf(privateId, D(3))).toBe(3);
  });

  it('a shared transfer takes a seat per passenger', async () => {
    const token = await tokenOf(sharedId, { date: D(4), pax: 3 });
    const res = await book(token, 'tr-shared');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().voucher.price).toEqual({ amount: '24.00', currency: 'USD' });
    expect(await capacityOf(sharedId, D(4))).toBe(7);
  });

  it('refuses bad or unavailable options in Spanish; nothing is half written', async () => {
    expect((await book('not-a-token-at-all', 'tr-x')).statusCode).toBe(400);
    const token = await tokenOf(privateId, { date: D(5) });
    const late = await book(token, 'tr-late', { pickup: { hour: '23:30' } });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().msg).toBe(trm.pickupHour);
    const flight = await book(token, 'tr-flight', { pickup: { flightNumber: '¿?' } });
    expect(flight.statusCode).toBe(400);
    expect(flight.json().msg).toBe(trm.flightNumber);
    const changed = await book(token, 'tr-price', { expectedPrice: { amount: '30', currency: 'USD' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PRICE_CHANGED');
    // The loader closes the day after the search.
    await setCapacity(privateId, { from: D(5), to: D(5), stopSale: true });
    const closed = await book(token, 'tr-closed');
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'NO_AVAILABILITY', msg: m.noAvailability });
    const rows = await t.database.db
      .select()
      .from(vouchers)
      .where(sql`idempotency_key like 'tr-%' and idempotency_key <> 'tr-1' and idempotency_key <> 'tr-shared'`);
    expect(rows).toHaveLength(0);
    // A ticket or hotel token is no transfer option; platform staff have no agency to book for.
    const superToken = (await search({}, w.headers.super)).json().response.items[0].token;
    expect((await book(superToken, 'tr-super', {}, w.headers.super)).statusCode).toBe(403);
  });

  it('provider_id and countryCode: travesia or nothing, a known nationality', async () => {
    expect((await search({ provider_id: 'travesia' })).statusCode).toBe(200);
    const other = await search({ provider_id: 'hotelbeds' });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('Este buscador solo atiende el proveedor travesia');
    const country = await search({ countryCode: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.json().msg).toBe('País de nacionalidad desconocido');
    expect((await search({ countryCode: 'co', simulate: true })).statusCode).toBe(200);
  });

  it('N concurrent bookings for the last K places: exactly K succeed', async () => {
    await setCapacity(privateId, { from: D(10), to: D(10), capacity: 4 });
    await setCapacity(sharedId, { from: D(10), to: D(10), capacity: 10 });
    // Each booking its own search's option: an option token is booked once (issue 12 finding 10).
    const priv: string[] = [];
    const shared: string[] = [];
    for (let i = 0; i < 20; i++) {
      priv.push(await tokenOf(privateId, { date: D(10) }));
      shared.push(await tokenOf(sharedId, { date: D(10), pax: 2 }));
    }
    const results = await Promise.all([
      ...priv.map((token, i) => book(token, `tr-race-p${i}`)),
      ...shared.map((token, i) => book(token, `tr-race-s${i}`)),
    ]);
    const privCodes = results.slice(0, 20).map((r) => r.statusCode);
    const sharedCodes = results.slice(20).map((r) => r.statusCode);
    expect(privCodes.filter((c) => c === 201)).toHaveLength(4);
    expect(privCodes.filter((c) => c === 409)).toHaveLength(16);
    expect(sharedCodes.filter((c) => c === 201)).toHaveLength(5);
    expect(sharedCodes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().msg).toBe(m.noAvailability);
    expect([await capacityOf(privateId, D(10)), await capacityOf(sharedId, D(10))]).toEqual([0, 0]);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vouchers)
      .where(sql`idempotency_key like 'tr-race-%'`);
    expect(n).toBe(9);
  }, 60_000);
});
