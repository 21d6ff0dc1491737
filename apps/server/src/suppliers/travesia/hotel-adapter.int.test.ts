import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hotelInventory } from '../../db/schema/index.js';
import { SupplierError } from '../errors.js';
import type { HotelQuote, HotelSupplier } from '../types.js';
import { OWN_INVENTORY_ACCOUNT_ID, ownInventoryAccount } from './account.js';

/** Own hotels behind the supplier contract, through the registry, on the inventory module's port. */
let t: TestApp;
let hotels: HotelSupplier;
let w: Awaited<ReturnType<typeof makeWorld>>;
let hotelId = '';
let roomTypeId = '';
const ids: Record<string, string> = {};
const D = (day: number) => `2031-06-${String(day).padStart(2, '0')}`;
const holder = { name: 'Ana', surname: 'Pérez' };
const couple = [
  { name: 'Ana', surname: 'Pérez', type: 'adult' as const, age: 40 },
  { name: 'Luis', surname: 'Pérez', type: 'adult' as const, age: 41 },
];

async function roomsLeft(day: string): Promise<number> {
  const [row] = await t.database.db
    .select({ a: hotelInventory.allotment })
    .from(hotelInventory)
    .where(and(eq(hotelInventory.roomTypeId, roomTypeId), eq(hotelInventory.day, day)));
  return row.a;
}

async function setAllotment(from: string, to: string, allotment: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/product/hotel/avail/bulk',
    headers: w.headers.loader,
    payload: { roomTypeId, from, to, allotment, price1: '100', price2: '120' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/product/hotel',
    headers: w.headers.loader,
    payload: {
      name: 'Hotel Casa Travesía',
      placeId: ids.ctg,
      address: 'Calle del Arsenal 10',
      stars: 4,
      category: 'moderate',
      currency: 'USD',
      boards: ['RO'],
      amenities: [],
      policy: { nonRefundable: false, rules: [{ before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } }], noShow: null },
      roomTypes: [{ name: 'Doble estándar', maxAdults: 3, maxChildren: 2, childAgeLimit: 11, beds: '2 camas dobles' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  hotelId = created.json()._id;
  roomTypeId = created.json().roomTypes[0]._id;
  await setAllotment(D(1), D(28), 3);
  hotels = t.app.services.suppliers.registry.hotel(ownInventoryAccount('sandbox'));
}, 60_000);
afterAll(() => t?.close());

describe('own hotels as a provider (suppliers/travesia)', () => {
  let quote: HotelQuote;
  const stay = { checkIn: D(3), checkOut: D(5), rooms: [{ adults: 2, childrenAges: [] }] };

  it('is registered for hotels; searches a stay and re-quotes the option', async () => {
    expect(t.app.services.suppliers.registry.supports('travesia', 'hotel')).toBe(true);
    const found = await hotels.search({ ...stay, destination: ids.co });
    expect(found.offers).toHaveLength(1);
    const offer = found.offers[0];
    expect(offer).toMatchObject({
      supplier: 'travesia',
      accountId: OWN_INVENTORY_ACCOUNT_ID,
      hotel: { code: hotelId, name: 'Hotel Casa Travesía', category: 'Moderado' },
      rooms: [{ code: roomTypeId, name: 'Doble estándar' }],
      board: { code: 'RO' },
      total: { amount: '240.00', currency: 'USD' },
      payAtHotel: false,
    });
    expect(offer.cancellation.rules[0]).toMatchObject({ currency: 'USD' });
    quote = await hotels.quote(offer);
    expect(quote).toMatchObject({ priceChanged: false, total: { amount: '240.00' }, availability: 'available' });
    // Four adults fit no room of the hotel: not offered.
    expect((await hotels.search({ ...stay, destination: ids.co, rooms: [{ adults: 4, childrenAges: [] }] })).offers).toHaveLength(0);
  });

  it('books keyed by our reference: the same reference takes the rooms once; recovery finds it', async () => {
    const input = { quote, holder, paxes: [couple], clientReference: 'TRV-HOTEL-1' };
    const first = await hotels.book(input);
    expect(first).toMatchObject({ status: 'confirmed', ref: { locator: 'TRV-HOTEL-1' }, checkIn: D(3), checkOut: D(5) });
    const again = await hotels.book(input);
    expect(again.ref).toEqual(first.ref);
    expect([await roomsLeft(D(3)), await roomsLeft(D(4)), await roomsLeft(D(5))]).toEqual([2, 2, 3]);
    expect((await hotels.findByClientReference('TRV-HOTEL-1', { from: D(3), to: D(5) }))?.status).toBe('confirmed');
    expect(await hotels.findByClientReference('TRV-NOPE', { from: D(3), to: D(5) })).toBeNull();
  });

  it('refuses a stay with a closed night, taking nothing', async () => {
    await setAllotment(D(4), D(4), 0);
    const full = hotels.book({ quote, holder, paxes: [couple], clientReference: 'TRV-HOTEL-2' });
    await expect(full).rejects.toBeInstanceOf(SupplierError);
    await expect(full).rejects.toMatchObject({ code: 'SUPPLIER_NOT_AVAILABLE', status: 409 });
    expect(await hotels.findByClientReference('TRV-HOTEL-2', { from: D(3), to: D(5) })).toBeNull();
    expect(await roomsLeft(D(3))).toBe(2);
    await setAllotment(D(4), D(4), 2);
  });

  it('cancels with the penalty first, gives the rooms back once', async () => {
    const simulated = await hotels.cancel({ locator: 'TRV-HOTEL-1' }, { simulate: true });
    expect(simulated).toMatchObject({ simulated: true, penaltyKnown: true, penalty: { amount: '0.00', currency: 'USD' } });
    expect(await roomsLeft(D(3))).toBe(2);
    const done = await hotels.cancel({ locator: 'TRV-HOTEL-1' }, { simulate: false });
    expect(done).toMatchObject({ simulated: false, status: 'cancelled' });
    expect([await roomsLeft(D(3)), await roomsLeft(D(4))]).toEqual([3, 3]);
    await expect(hotels.cancel({ locator: 'TRV-HOTEL-1' }, { simulate: false })).rejects.toMatchObject({
      code: 'SUPPLIER_NOT_CANCELLABLE',
    });
    expect(await roomsLeft(D(3))).toBe(3);
  });

  it('50 concurrent bookings for the last 10 rooms: exactly 10', async () => {
    await setAllotment(D(20), D(22), 10);
    const found = await hotels.search({ destination: ids.ctg, checkIn: D(20), checkOut: D(22), rooms: [{ adults: 2, childrenAges: [] }] });
    const q = await hotels.quote(found.offers[0]);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => hotels.book({ quote: q, holder, paxes: [couple], clientReference: `TRV-RACE-${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'SUPPLIER_NOT_AVAILABLE' });
    expect([await roomsLeft(D(20)), await roomsLeft(D(21)), await roomsLeft(D(22))]).toEqual([0, 0, 10]);
  }, 60_000);
});
