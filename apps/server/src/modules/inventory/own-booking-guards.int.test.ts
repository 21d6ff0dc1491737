import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { ownHotelQuote, reserveOwnHotel } from '../../../test/own-hotels.js';
import { ownTransferQuote, reserveOwnTransfer } from '../../../test/own-transfers.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { vouchers } from '../../db/schema/index.js';

/**
 * Issue 12 finding 10 on own inventory (hotel, ticket, transfer), all three booked through the engine: a
 * quote is consumed by its first booking, whatever idempotency key the next one sends, and a key is
 * answered to its own user only.
 */

let t: TestApp;
const ids: Record<string, string> = {};
/** Two users of one agency with every travesia module. */
let ana: Record<string, string> = {};
let beto: Record<string, string> = {};
let n = 0;
const D = (day: number) => `2031-04-${String(day).padStart(2, '0')}`;

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const key = (label: string) => `${label}-${++n}-guard`;

interface Kind {
  name: 'hotel' | 'ticket' | 'transfer';
  /** A fresh search's option token, as `who`. */
  token(who: Record<string, string>): Promise<string>;
  book(who: Record<string, string>, token: string, key: string): ReturnType<typeof inject>;
  /** What the booking consumes (vouchers.quoteRef). */
  quoteRef: (token: string) => string;
  /** The voucher of a booking answer. */
  voucherOf: (body: { response?: { _id: string } }) => { _id: string; externalBookingReference: string };
  /** A colleague's attempt on the user's option: the engine's quotes are the seller's own (QUOTE_EXPIRED). */
  colleagueCode: string;
}
const refOf = (kind: Kind, token: string) => kind.quoteRef(token);
const voucherOf = (kind: Kind, body: unknown) => kind.voucherOf(body as never);

const holder = { name: 'Luis', surname: 'Gómez', email: 'luis@example.com' };
const kinds: Kind[] = [
  {
    // Own hotels book through the booking engine (decision 0350): the "token" is the seller's quote.
    name: 'hotel',
    async token(who) {
      const q = await ownHotelQuote(t.app, who, { destination: ids.ctg, start: D(6), end: D(8), paxes: [{ adults: 2, children: [] }] });
      return JSON.stringify(q);
    },
    book: (who, token, k) => reserveOwnHotel(t.app, who, JSON.parse(token), k, { client: holder }),
    quoteRef: (token) => `hotel-quote:${JSON.parse(token).quoteId}`,
    voucherOf: (body) => body.response as never,
    colleagueCode: 'QUOTE_EXPIRED',
  },
  {
    // Own tickets book through the booking engine (decision 0270): the "token" is the seller's quote.
    name: 'ticket',
    async token(who) {
      const res = await inject('POST', '/api/ticket/travesia/avail', who, {
        destination: ids.ctg,
        countryCode: 'CO',
        date: D(6),
        paxes: { adults: 2, children: [] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { cacheId, items } = res.json().response;
      const q = await inject('POST', '/api/ticket/quote', who, { cacheId, optionId: items[0].optionId });
      expect(q.statusCode, q.body).toBe(200);
      const { quoteId, price } = q.json().response;
      return `${quoteId}|${price.amount}|${price.currency}`;
    },
    book: (who, token, k) => {
      const [quoteId, amount, currency] = token.split('|');
      return inject('POST', '/api/ticket/reserve', who, {
        client: holder,
        companions: [holder, { name: 'Eva', surname: 'Gómez' }],
        price: { gross: amount, currency },
        bookingCodes: { quoteId },
        session: '09:00',
        idempotencyKey: k,
      });
    },
    quoteRef: (token) => `ticket-quote:${token.split('|')[0]}`,
    voucherOf: (body) => body.response as never,
    colleagueCode: 'QUOTE_EXPIRED',
  },
  {
    // Own transfers book through the booking engine (decision 0395): the "token" is the seller's quote.
    name: 'transfer',
    async token(who) {
      return JSON.stringify(
        await ownTransferQuote(t.app, who, { origin: ids.air, destination: ids.ctg, date: D(7), time: '10:30', adults: 2 }),
      );
    },
    book: (who, token, k) => reserveOwnTransfer(t.app, who, JSON.parse(token), k),
    quoteRef: (token) => `transfer-quote:${JSON.parse(token).quoteId}`,
    voucherOf: (body) => body.response as never,
    colleagueCode: 'QUOTE_EXPIRED',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
  await add('air', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG' }, 'ctg');
  const agency = await makeAgency(t.database, { modules: ['hotels-travesia', 'tickets-travesia', 'transfers-travesia'] });
  ana = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  beto = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  const loader = w.headers.loader;
  const hotel = await inject('POST', '/api/product/hotel', loader, {
    name: 'Hotel Guardia',
    placeId: ids.ctg,
    address: 'Calle 1',
    stars: 3,
    category: 'moderate',
    currency: 'USD',
    boards: ['RO'],
    policy: { nonRefundable: false, rules: [], noShow: null },
    roomTypes: [{ name: 'Doble', maxAdults: 2 }],
  });
  expect(hotel.statusCode, hotel.body).toBe(201);
  const roomTypeId = hotel.json().roomTypes[0]._id;
  const bulk = await inject('POST', '/api/product/hotel/avail/bulk', loader, {
    roomTypeId,
    from: D(1),
    to: D(30),
    allotment: 50,
    price2: '100',
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
  const ticket = await inject('POST', '/api/product/ticket', loader, {
    name: 'Tour guardia',
    placeId: ids.ctg,
    price: '40',
    maxPeople: 8,
    startHour: '08:00',
    endHour: '18:00',
    sessions: ['09:00'],
    policy: { nonRefundable: false, rules: [], noShow: null },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  await inject('POST', '/api/product/ticket/capacity', loader, { ticketId: ticket.json()._id, from: D(1), to: D(30), capacity: 100 });
  const transfer = await inject('POST', '/api/product/transfer', loader, {
    name: 'Aeropuerto - Cartagena guardia',
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
  });
  expect(transfer.statusCode, transfer.body).toBe(201);
  await inject('POST', '/api/product/transfer/capacity', loader, { transferId: transfer.json()._id, from: D(1), to: D(30), capacity: 50 });
}, 60_000);
afterAll(() => t?.close());

describe.each(kinds)('own $name bookings', (kind) => {
  it('an option token is booked once: another key is a 409 naming the voucher to its user, and nothing to a colleague', async () => {
    const token = await kind.token(ana);
    const first = await kind.book(ana, token, key(`${kind.name}-a`));
    expect(first.statusCode, first.body).toBe(201);
    const v = voucherOf(kind, first.json());
    const second = await kind.book(ana, token, key(`${kind.name}-b`));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('QUOTE_ALREADY_BOOKED');
    expect(second.json().msg).toContain(v.externalBookingReference);
    expect(second.json().fields.voucherId).toBe(v._id);
    const colleague = await kind.book(beto, token, key(`${kind.name}-c`));
    expect(colleague.statusCode, colleague.body).toBe(409);
    expect(colleague.json().code).toBe(kind.colleagueCode);
    expect(colleague.body).not.toContain(v._id);
    expect(colleague.body).not.toContain(v.externalBookingReference);
    const rows = await t.database.db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.quoteRef, refOf(kind, token)));
    expect(rows).toEqual([{ id: v._id }]);
  });

  it('parallel bookings of one token with different keys record one voucher', async () => {
    const token = await kind.token(ana);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => kind.book(ana, token, key(`${kind.name}-p${i}`))));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('QUOTE_ALREADY_BOOKED');
    expect(
      await t.database.db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(eq(vouchers.quoteRef, refOf(kind, token))),
    ).toHaveLength(1);
  });

  it("a key replayed by a colleague is a 409, never the key owner's voucher; a key reused for another option too", async () => {
    const token = await kind.token(ana);
    const k = key(`${kind.name}-shared`);
    const first = await kind.book(ana, token, k);
    expect(first.statusCode, first.body).toBe(201);
    const v = voucherOf(kind, first.json());
    const replay = await kind.book(beto, token, k);
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(replay.body).not.toContain(v._id);
    // The owner's retry still answers the voucher; the same key with another option is refused.
    const retry = await kind.book(ana, token, k);
    expect(retry.statusCode).toBe(200);
    expect(voucherOf(kind, retry.json())._id).toBe(v._id);
    const other = await kind.book(ana, await kind.token(ana), k);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
