import { INVENTORY_MESSAGES as m, SUPPLIER_ERROR_MESSAGES, TRANSFER_MESSAGES as trm } from '@travesia/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import {
  type OwnTransferCriteria,
  type OwnTransferQuote,
  ownTransferOptions,
  ownTransferQuote,
  quoteOwnTransfer,
  reserveOwnTransfer,
} from '../../../test/own-transfers.js';
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
const PRIVATE = 'Aeropuerto CTG - Cartagena privado';
const SHARED = 'Aeropuerto CTG - Cartagena compartido';
/** Own transfers are searched, quoted and reserved on the booking engine (decision 0395). */
const criteria = (over: Partial<OwnTransferCriteria> = {}): OwnTransferCriteria => ({
  origin: ids.air,
  destination: ids.ctg,
  date: D(3),
  time: '10:30',
  adults: 2,
  ...over,
});
const namesOf = async (over: Partial<OwnTransferCriteria> = {}, headers = searcher) =>
  (await ownTransferOptions(t.app, headers, criteria(over))).items.map((i) => i.category);
const quoteOf = (name: string, over: Partial<OwnTransferCriteria> = {}) => ownTransferQuote(t.app, searcher, criteria(over), name);
const book = (quote: OwnTransferQuote, key: string, over: Record<string, unknown> = {}, headers = searcher) =>
  reserveOwnTransfer(t.app, headers, quote, key, over);

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
        name: SHARED,
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

describe('transfer search and booking (booking engine)', () => {
  it('offers only transfers with vehicles or seats left that day', async () => {
    // Cheapest first: 2 seats at 8 before the van at 35.
    expect(await namesOf()).toEqual([SHARED, PRIVATE]);
    // Stop-sale day, a day with no capacity loaded, more passengers than seats left.
    expect(await namesOf({ date: D(7) })).toEqual([SHARED]);
    expect(await namesOf({ date: D(9) })).toEqual([SHARED]);
    expect(await namesOf({ adults: 11 })).toEqual([]);
  });

  it('books a private transfer: one vehicle taken, transport kept, idempotent; cancelling gives it back', async () => {
    const quote = await quoteOf(PRIVATE, { adults: 4, time: '11:15' });
    expect(quote.price).toEqual({ amount: '35.00', currency: 'USD' });
    const res = await book(quote, 'transfer-1', { legs: [{ quoteId: quote.quoteId, transport: { type: 'FLIGHT', code: 'AV9542' } }] });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().response;
    expect(v).toMatchObject({ status: 'confirmed', provider: 'travesia' });
    expect(await capacityOf(privateId, D(3))).toBe(2);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, v._id));
    expect(row.type).toBe('transfer');
    expect([row.priceGross, row.priceCurrency]).toEqual(['35.00', 'USD']);
    expect(JSON.stringify(row.product)).toContain('AV9542');
    expect(JSON.stringify(row.product)).toContain('11:15');
    // A retry answers the same voucher and takes nothing.
    const again = await book(quote, 'transfer-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().response._id).toBe(v._id);
    expect(await capacityOf(privateId, D(3))).toBe(2);
    expect((await inject('POST', `/api/voucher/${v._id}/cancel`, searcher, {})).statusCode).toBe(200);
    expect(await capacityOf(privateId, D(3))).toBe(3);
  });

  it('a shared transfer takes a seat per passenger', async () => {
    const quote = await quoteOf(SHARED, { date: D(4), adults: 3 });
    const res = await book(quote, 'transfer-shared');
    expect(res.statusCode, res.body).toBe(201);
    expect(quote.price).toEqual({ amount: '24.00', currency: 'USD' });
    expect(await capacityOf(sharedId, D(4))).toBe(7);
  });

  it('refuses bad or unavailable options in Spanish; nothing is left confirmed', async () => {
    const garbage = await book({ quoteId: 'z'.repeat(40), price: { amount: '35.00', currency: 'USD' } }, 'transfer-garbage');
    expect(garbage.statusCode, garbage.body).toBe(409);
    expect(garbage.json().code).toBe('QUOTE_EXPIRED');
    // A pickup outside the product's hours is not offered at all.
    expect(await namesOf({ date: D(5), time: '23:30' })).toEqual([]);
    const quote = await quoteOf(PRIVATE, { date: D(5) });
    const transport = await book(quote, 'transfer-transport', {
      legs: [{ quoteId: quote.quoteId, transport: { type: 'BUS', code: 'X' } }],
    });
    expect(transport.statusCode).toBe(400);
    expect(transport.json().msg).toBe('Tipo de transporte no válido');
    const changed = await book(quote, 'transfer-price', { price: { gross: '30', currency: 'USD' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PRICE_CHANGED');
    // The loader closes the day after the quote: the engine records the voucher first, so it ends cancelled (decision 0395).
    await setCapacity(privateId, { from: D(5), to: D(5), stopSale: true });
    const closed = await book(quote, 'transfer-closed');
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'SUPPLIER_NOT_AVAILABLE', msg: SUPPLIER_ERROR_MESSAGES.SUPPLIER_NOT_AVAILABLE });
    const rows = await t.database.db
      .select({ key: vouchers.idempotencyKey, status: vouchers.status })
      .from(vouchers)
      .where(sql`idempotency_key in ('transfer-garbage', 'transfer-transport', 'transfer-price', 'transfer-closed')`);
    expect(rows).toEqual([{ key: 'transfer-closed', status: 'cancelled' }]);
    expect(await capacityOf(privateId, D(5))).toBe(3);
  });

  it('platform staff have no agency to book for', async () => {
    const { cacheId, items } = await ownTransferOptions(t.app, w.headers.super, criteria({ date: D(6) }));
    const quote = await quoteOwnTransfer(t.app, w.headers.super, cacheId, items[0].optionId);
    const res = await book(quote, 'transfer-super', {}, w.headers.super);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toBe('Solo los usuarios de una agencia pueden reservar');
  });

  it('N concurrent bookings for the last K places: exactly K succeed', async () => {
    await setCapacity(privateId, { from: D(10), to: D(10), capacity: 4 });
    await setCapacity(sharedId, { from: D(10), to: D(10), capacity: 10 });
    // Each booking its own quote: a quote is booked once (issue 12 finding 10).
    const { cacheId, items } = await ownTransferOptions(t.app, searcher, criteria({ date: D(10) }));
    const optionOf = (name: string) => items.find((i) => i.category === name)?.optionId ?? '';
    const priv: OwnTransferQuote[] = [];
    const shared: OwnTransferQuote[] = [];
    for (let i = 0; i < 20; i++) {
      priv.push(await quoteOwnTransfer(t.app, searcher, cacheId, optionOf(PRIVATE)));
      shared.push(await quoteOwnTransfer(t.app, searcher, cacheId, optionOf(SHARED)));
    }
    const results = await Promise.all([
      ...priv.map((q, i) => book(q, `transfer-race-p${i}`)),
      ...shared.map((q, i) => book(q, `transfer-race-s${i}`)),
    ]);
    const privCodes = results.slice(0, 20).map((r) => r.statusCode);
    const sharedCodes = results.slice(20).map((r) => r.statusCode);
    expect(privCodes.filter((c) => c === 201)).toHaveLength(4);
    expect(privCodes.filter((c) => c === 409)).toHaveLength(16);
    expect(sharedCodes.filter((c) => c === 201)).toHaveLength(5);
    expect(sharedCodes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('SUPPLIER_NOT_AVAILABLE');
    expect([await capacityOf(privateId, D(10)), await capacityOf(sharedId, D(10))]).toEqual([0, 0]);
    const counts = await t.database.db
      .select({ status: vouchers.status, n: sql<number>`count(*)::int` })
      .from(vouchers)
      .where(sql`idempotency_key like 'transfer-race-%'`)
      .groupBy(vouchers.status);
    expect(Object.fromEntries(counts.map((c) => [c.status, c.n]))).toEqual({ confirmed: 9, cancelled: 31 });
  }, 120_000);
});
