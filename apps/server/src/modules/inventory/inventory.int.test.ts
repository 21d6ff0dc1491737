import { INVENTORY_MESSAGES as m, SUPPLIER_ERROR_MESSAGES } from '@travesia/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { type OwnHotelCriteria, type OwnHotelQuote, ownHotelQuote, reserveOwnHotel } from '../../../test/own-hotels.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hotelInventory, vouchers } from '../../db/schema/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};
let hotelId = '';
let roomTypeId = '';

// Far enough in the future for the free-cancellation window, fixed so that weekdays are known.
const D = (day: number) => `2031-03-${String(day).padStart(2, '0')}`; // 2031-03-03 is a Monday

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const avail = (body: Record<string, unknown>, headers = w.headers.adviser) =>
  inject('POST', '/api/hotel/travesia/avail', headers, {
    destination: ids.co,
    start: D(3),
    end: D(6),
    paxes: [{ adults: 2, children: [] }],
    ...body,
  });
const allotmentOf = async (day: string, rt = roomTypeId) => {
  const [row] = await t.database.db
    .select({ a: hotelInventory.allotment })
    .from(hotelInventory)
    .where(and(eq(hotelInventory.roomTypeId, rt), eq(hotelInventory.day, day)));
  return row.a;
};

const hotelBody = (over: Record<string, unknown> = {}) => ({
  name: 'Hotel Casa Travesía',
  placeId: ids.ctg,
  address: 'Calle del Arsenal 10',
  stars: 4,
  category: 'moderate',
  currency: 'USD',
  boards: ['RO', 'BB'],
  amenities: ['Piscina', 'Wifi'],
  policy: { nonRefundable: false, rules: [{ before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } }], noShow: null },
  roomTypes: [{ name: 'Doble estándar', maxAdults: 3, maxChildren: 2, childAgeLimit: 11, beds: '2 camas dobles' }],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('bol', { name: 'Bolívar', type: 'state' }, 'co');
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'bol');
  await add('ant', { name: 'Antioquia', type: 'state' }, 'co');
  await add('mx', { name: 'México', type: 'country', countryCode: 'MX' });
}, 60_000);
afterAll(() => t?.close());

describe('hotel products (products:manage)', () => {
  it('a product loader creates a hotel with its room types; agency users may not', async () => {
    const res = await inject('POST', '/api/product/hotel', w.headers.loader, hotelBody());
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json();
    expect(h).toMatchObject({
      name: 'Hotel Casa Travesía',
      categoryLabel: 'Moderado',
      stars: 4,
      policyText: 'Gratis hasta 7 días antes de la llegada; después, 1 noche',
    });
    expect(h.roomTypes).toHaveLength(1);
    hotelId = h._id;
    roomTypeId = h.roomTypes[0]._id;
    for (const who of ['admin', 'adviser', 'reseller'] as const) {
      expect((await inject('POST', '/api/product/hotel', w.headers[who], hotelBody())).statusCode).toBe(403);
      expect((await inject('GET', '/api/product/hotel', w.headers[who])).statusCode).toBe(403);
    }
    const list = await inject('GET', '/api/product/hotel?q=casa', w.headers.super);
    expect(list.json()).toMatchObject({ totalDocs: 1, docs: [{ _id: hotelId, placeName: 'Cartagena' }] });
    expect((await inject('GET', '/api/product/hotel/00000000-0000-4000-8000-000000000000', w.headers.loader)).statusCode).toBe(404);
  });

  it('edits a hotel and its room types', async () => {
    const res = await inject('PUT', `/api/product/hotel/${hotelId}`, w.headers.loader, hotelBody({ stars: 5, category: 'deluxe' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stars: 5, categoryLabel: 'De Lujo' });
    const add = await inject('POST', `/api/product/hotel/${hotelId}/room-type`, w.headers.loader, { name: 'Suite', maxAdults: 2 });
    expect(add.statusCode, add.body).toBe(201);
    const suite = add.json()._id;
    const upd = await inject('PUT', `/api/product/hotel/${hotelId}/room-type/${suite}`, w.headers.loader, {
      name: 'Suite junior',
      maxAdults: 2,
    });
    expect(upd.json().name).toBe('Suite junior');
    expect((await inject('DELETE', `/api/product/hotel/${hotelId}/room-type/${suite}`, w.headers.loader)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/product/hotel/${hotelId}/room-type/${suite}`, w.headers.loader)).statusCode).toBe(404);
  });

  it('refuses bad products in Spanish', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await inject('POST', '/api/product/hotel', w.headers.loader, hotelBody(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    };
    await bad({ stars: 6 }, m.stars);
    await bad({ category: 'cheap' }, m.category);
    await bad({ name: '' }, m.name);
    await bad({ placeId: '00000000-0000-4000-8000-000000000000' }, m.placeNotFound);
    await bad({ roomTypes: [{ name: 'X', maxAdults: 0 }] }, m.adults);
  });
});

describe('availability', () => {
  it('bulk edits a range on chosen weekdays and reads the calendar', async () => {
    // Every day of March: 5 rooms, double 100, single 80, child 20, breakfast 10 pp.
    let res = await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, {
      roomTypeId,
      from: D(1),
      to: D(31),
      allotment: 5,
      price1: '80',
      price2: '100.00',
      priceChild: 20,
      boardSupplements: { BB: '10' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ days: 31 });
    // Weekends (Fri, Sat) cost more.
    res = await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, {
      roomTypeId,
      from: D(1),
      to: D(31),
      weekdays: [5, 6],
      price2: '150',
    });
    expect(res.json()).toEqual({ days: 9 });
    const cal = await inject('GET', `/api/product/hotel/avail/calendar?roomTypeId=${roomTypeId}&from=${D(6)}&to=${D(8)}`, w.headers.loader);
    expect(cal.statusCode, cal.body).toBe(200);
    expect(cal.json().days.map((d: { day: string; price2: string; allotment: number }) => [d.day, d.price2, d.allotment])).toEqual([
      [D(6), '100.00', 5],
      [D(7), '150.00', 5],
      [D(8), '150.00', 5],
    ]);
    expect(cal.json().days[0].boardSupplements).toEqual({ BB: '10' });
  });

  it('refuses negative prices and allotments, reversed ranges and unknown room types', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, { roomTypeId, from: D(1), to: D(2), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    };
    await bad({ price2: '-1' }, m.money);
    await bad({ allotment: -3 }, m.allotment);
    await bad({ from: D(5), to: D(1), allotment: 1 }, m.endBeforeStart);
    await bad({ roomTypeId: '00000000-0000-4000-8000-000000000000', allotment: 1 }, m.unknownRoomType);
    await bad({}, m.nothingToChange);
    expect(
      (await inject('POST', '/api/product/hotel/avail/bulk', w.headers.admin, { roomTypeId, from: D(1), to: D(2), allotment: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('travesia search', () => {
  it('finds the hotel by country and by state, priced for the whole stay, with its policy', async () => {
    for (const dest of [ids.co, ids.bol, ids.ctg]) {
      const res = await avail({ destination: dest });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      expect(r.success).toBe(true);
      expect(r.response.itemsFound).toBe(1);
    }
    const r = (await avail({})).json().response;
    const item = r.items[0];
    expect(item).toMatchObject({ _id: hotelId, provider: 'travesia', placeName: 'Cartagena' });
    // Mon–Wed nights at 100: RO 300, BB 300 + 3 × 2 × 10 = 360.
    const byBoard = Object.fromEntries(
      item.options.map((o: { board: { code: string }; price: { amount: string } }) => [o.board.code, o.price.amount]),
    );
    expect(byBoard).toEqual({ RO: '300.00', BB: '360.00' });
    expect(r.lowestPrice).toBe('300.00');
    expect(r.highestPrice).toBe('360.00');
    expect(item.options[0].cancellation.rules[0]).toMatchObject({ nights: 1, currency: 'USD' });
    expect(item.options[0].policyText).toBe('Gratis hasta 7 días antes de la llegada; después, 1 noche');
    // Agency staff never see our net cost.
    expect(item.options[0].cost).toBeUndefined();
    expect(Date.parse(r.expires)).toBeGreaterThan(Date.now());
    // Across a price change: Thu 100 + Fri 150 + Sat 150.
    const weekend = (await avail({ start: D(6), end: D(9) })).json().response;
    expect(weekend.lowestPrice).toBe('400.00');
    expect((await avail({ destination: ids.mx })).json().response.itemsFound).toBe(0);
    expect((await avail({ destination: ids.ant })).json().response.itemsFound).toBe(0);
  });

  it('answers only what can be sold: children, min nights, closed to arrival, stop-sale, rooms', async () => {
    // Child of 5: 100 + 20 per night. A 12-year-old is an adult: no triple price, so nothing.
    expect((await avail({ paxes: [{ adults: 2, children: [5] }] })).json().response.lowestPrice).toBe('360.00');
    expect((await avail({ paxes: [{ adults: 2, children: [12] }] })).json().response.itemsFound).toBe(0);
    const bulk = (body: Record<string, unknown>) =>
      inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, { roomTypeId, ...body });
    await bulk({ from: D(10), to: D(10), minNights: 4 });
    expect((await avail({ start: D(10), end: D(13) })).json().response.itemsFound).toBe(0);
    expect((await avail({ start: D(10), end: D(14) })).json().response.itemsFound).toBe(1);
    await bulk({ from: D(17), to: D(17), closedToArrival: true });
    expect((await avail({ start: D(17), end: D(19) })).json().response.itemsFound).toBe(0);
    expect((await avail({ start: D(16), end: D(19) })).json().response.itemsFound).toBe(1);
    await bulk({ from: D(21), to: D(21), stopSale: true });
    expect((await avail({ start: D(19), end: D(23) })).json().response.itemsFound).toBe(0);
    expect(
      (await avail({ start: D(24), end: D(26), paxes: Array.from({ length: 6 }, () => ({ adults: 1, children: [] })) })).json().response
        .itemsFound,
    ).toBe(0);
    expect(
      (await avail({ start: D(24), end: D(26), paxes: Array.from({ length: 5 }, () => ({ adults: 1, children: [] })) })).json().response
        .lowestPrice,
    ).toBe('800.00');
    // Beyond what is loaded (April): nothing.
    expect((await avail({ start: D(30), end: '2031-04-02' })).json().response.itemsFound).toBe(0);
  });

  it('refuses bad searches in Spanish', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await avail(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    };
    await bad({ start: D(6), end: D(3) }, m.endBeforeStart);
    await bad({ start: D(1), end: '2031-04-05' }, m.tooManyNights);
    await bad({ paxes: Array.from({ length: 10 }, () => ({ adults: 1, children: [] })) }, m.tooManyRooms);
    await bad({ paxes: [{ adults: 2, children: [18] }] }, m.childAge);
    await bad({ paxes: [{ adults: 2, children: [-1] }] }, m.childAge);
    await bad({ destination: '00000000-0000-4000-8000-000000000000' }, m.destinationUnknown);
    await bad({ start: '2031-02-30' }, m.date);
    await bad({ provider_id: 'hotelbeds' }, 'Este buscador solo atiende el proveedor travesia');
    await bad({ countryCode: 'ZZ' }, 'País de nacionalidad desconocido');
    await bad({ countryCode: 'Colombia' }, 'Código de país no válido');
  });

  it('accepts provider_id travesia, a nationality (alpha-2 or alpha-3) and simulate, which holds nothing', async () => {
    for (const extra of [
      { provider_id: 'travesia' },
      { provider_id: null },
      { countryCode: 'COL' },
      { countryCode: 'es', simulate: true },
    ]) {
      const res = await avail(extra);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response.itemsFound).toBe(1);
    }
  });
});

describe('travesia booking (through the booking engine, decision 0350)', () => {
  const criteria = (over: Partial<OwnHotelCriteria> = {}): OwnHotelCriteria => ({
    destination: ids.co,
    start: D(3),
    end: D(6),
    paxes: [{ adults: 2, children: [] }],
    ...over,
  });
  const roQuote = (over: Partial<OwnHotelCriteria> = {}, headers = w.headers.adviser) =>
    ownHotelQuote(t.app, headers, criteria(over), (o) => (o.board as { code: string }).code === 'RO');
  const book = (quote: OwnHotelQuote, key: string, headers = w.headers.adviser, over: Parameters<typeof reserveOwnHotel>[4] = {}) =>
    reserveOwnHotel(t.app, headers, quote, key, over);

  it('books: a confirmed voucher, rooms taken every night, idempotent, other agency 404, cancellation gives rooms back', async () => {
    const quote = await roQuote({
      start: D(3),
      end: D(5),
      paxes: [
        { adults: 2, children: [] },
        { adults: 1, children: [] },
      ],
    });
    expect(quote.price).toEqual({ amount: '360.00', currency: 'USD' });
    const before = [await allotmentOf(D(3)), await allotmentOf(D(4)), await allotmentOf(D(5))];
    const res = await book(quote, 'reserva-1');
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().response;
    expect(v).toMatchObject({ status: 'confirmed', provider: 'travesia', nights: 2 });
    expect(v.locator).toBe(v.externalBookingReference);
    expect(v.policies[0]).toMatchObject({ nights: 1, currency: 'USD' });
    expect([await allotmentOf(D(3)), await allotmentOf(D(4)), await allotmentOf(D(5))]).toEqual([before[0] - 2, before[1] - 2, before[2]]);
    const again = await book(quote, 'reserva-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().response._id).toBe(v._id);
    expect(await allotmentOf(D(3))).toBe(before[0] - 2);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, v._id));
    expect(row).toMatchObject({ priceGross: '360.00', costNet: '360.00', costCurrency: 'USD', agencyId: w.agencyA.id });
    expect((await inject('GET', `/api/voucher/${v._id}`, w.headers.adminB)).statusCode).toBe(404);
    expect((await inject('GET', `/api/voucher/${v._id}`, w.headers.admin)).statusCode).toBe(200);
    // The quote is the seller's: another agency can't book it.
    const foreign = await book(quote, 'reserva-ajena', w.headers.adminB);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('QUOTE_EXPIRED');
    const cancel = await inject('POST', `/api/voucher/${v._id}/cancel`, w.headers.admin, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([await allotmentOf(D(3)), await allotmentOf(D(4))]).toEqual([before[0], before[1]]);
    // Cancelling twice gives nothing back twice.
    expect((await inject('POST', `/api/voucher/${v._id}/cancel`, w.headers.admin, {})).statusCode).toBe(409);
    expect(await allotmentOf(D(3))).toBe(before[0]);
  });

  it('refuses bad or unavailable options; nothing is taken', async () => {
    const bad = await book(
      { quoteId: 'x', price: { amount: '1', currency: 'USD' }, rooms: [{ adults: 2, childrenAges: [] }] },
      'reserva-k1',
    );
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    // The price the user saw is not the quote's: refused with the current price, nothing booked.
    const seen = await roQuote({ start: D(24), end: D(26) });
    expect(seen.price.amount).toBe('200.00');
    const changed = await book(seen, 'reserva-precio', w.headers.adviser, { price: { gross: '150.00', currency: 'USD' } });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(changed.json().fields.price).toContain('200.00 USD');
    const quote = await roQuote({ start: D(12), end: D(14) });
    const left = await allotmentOf(D(12));
    // The product loader closes the night after the quote: the supplier's refusal, no rooms taken.
    await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, { roomTypeId, from: D(13), to: D(13), stopSale: true });
    const res = await book(quote, 'reserva-k2');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toBe(SUPPLIER_ERROR_MESSAGES.SUPPLIER_NOT_AVAILABLE);
    // The engine records the voucher before the provider is called: it is cancelled, with nothing held.
    const rows = await t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, 'reserva-k2'));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    expect(await allotmentOf(D(12))).toBe(left);
  });

  it('50 concurrent bookings for the last 10 rooms: exactly 10 succeed', async () => {
    await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, { roomTypeId, from: D(27), to: D(29), allotment: 10 });
    // Each booking its own quote: a quote is booked once.
    const quotes: OwnHotelQuote[] = [];
    for (let i = 0; i < 50; i++) quotes.push(await roQuote({ start: D(27), end: D(29) }));
    const results = await Promise.all(quotes.map((q, i) => book(q, `carrera-${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().msg).toBe(SUPPLIER_ERROR_MESSAGES.SUPPLIER_NOT_AVAILABLE);
    expect([await allotmentOf(D(27)), await allotmentOf(D(28))]).toEqual([0, 0]);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(vouchers)
      .where(sql`idempotency_key like 'carrera-%' and status = 'confirmed'`);
    expect(n).toBe(10);
  }, 120_000);
});

describe('deleting a room type', () => {
  it('is refused with 409 while a live booking holds it, keeping its availability; once cancelled it can go', async () => {
    const add = await inject('POST', `/api/product/hotel/${hotelId}/room-type`, w.headers.loader, { name: 'Cabaña', maxAdults: 2 });
    expect(add.statusCode, add.body).toBe(201);
    const rt = add.json()._id as string;
    await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, {
      roomTypeId: rt,
      from: D(3),
      to: D(6),
      allotment: 2,
      price1: '90',
      price2: '90',
    });
    const quote = await ownHotelQuote(
      t.app,
      w.headers.adviser,
      { destination: ids.co, start: D(3), end: D(5), paxes: [{ adults: 2, children: [] }], countryCode: 'ES' },
      (o) => (o.rooms as { code: string }[])[0].code === rt && (o.board as { code: string }).code === 'RO',
    );
    const booked = await reserveOwnHotel(t.app, w.headers.adviser, quote, 'cabana-1');
    expect(booked.statusCode, booked.body).toBe(201);
    const voucherId = booked.json().response._id as string;
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
    expect(row.product.nationality).toBe('ES');

    const del = await inject('DELETE', `/api/product/hotel/${hotelId}/room-type/${rt}`, w.headers.loader);
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json()).toMatchObject({ code: 'ROOM_TYPE_BOOKED', msg: m.roomTypeBooked });
    expect([await allotmentOf(D(3), rt), await allotmentOf(D(5), rt)]).toEqual([1, 2]);
    // Deactivating it instead is allowed and keeps the booking's nights.
    const off = await inject('PUT', `/api/product/hotel/${hotelId}/room-type/${rt}`, w.headers.loader, {
      name: 'Cabaña',
      maxAdults: 2,
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await allotmentOf(D(3), rt)).toBe(1);

    expect((await inject('POST', `/api/voucher/${voucherId}/cancel`, w.headers.admin, {})).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/product/hotel/${hotelId}/room-type/${rt}`, w.headers.loader)).statusCode).toBe(204);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(hotelInventory)
      .where(eq(hotelInventory.roomTypeId, rt));
    expect(n).toBe(0);
  });
});
