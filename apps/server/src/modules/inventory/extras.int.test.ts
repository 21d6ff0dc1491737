import { HOTEL_BOOKING_MESSAGES, INVENTORY_MESSAGES as m, TRANSFER_BOOKING_MESSAGES, TICKET_MESSAGES as tm } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { type OwnTransferCriteria, ownTransferOptions, ownTransferSearchBody } from '../../../test/own-transfers.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};
let ticketId = '';
/** An adviser of an agency with the travesia tickets and transfers modules. */
let searcher: Record<string, string> = {};
const D = (day: number) => `2031-03-${String(day).padStart(2, '0')}`; // 2031-03-03 is a Monday

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const ticketBody = (over: Record<string, unknown> = {}) => ({
  name: 'Tour en chiva por Cartagena',
  placeId: ids.ctg,
  price: '40',
  fullPrice: '55',
  childPrice: '25.50',
  maxPeople: 8,
  startHour: '08:00',
  endHour: '18:00',
  sessions: ['14:00', '09:00'],
  childrenAllowed: true,
  policy: { nonRefundable: false, rules: [{ before: 24, unit: 'hours', penalty: { type: 'percent', value: '100' } }], noShow: null },
  ...over,
});
const transferBody = (over: Record<string, unknown> = {}) => ({
  name: 'Aeropuerto CTG - Bocagrande privado',
  originId: ids.air,
  destinationId: ids.ctg,
  type: 'private',
  vehicle: 'van',
  minPax: 1,
  maxPax: 6,
  priceMode: 'per-vehicle',
  price: '35',
  days: [1, 2, 3, 4, 5, 6],
  startHour: '05:00',
  endHour: '22:00',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  const agency = await makeAgency(t.database, { modules: ['hotels-travesia', 'tickets-travesia', 'transfers-travesia'] });
  searcher = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('bol', { name: 'Bolívar', type: 'state' }, 'co');
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'bol');
  await add('boca', { name: 'Bocagrande', type: 'neighborhood' }, 'ctg');
  await add('air', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG' }, 'ctg');
  await add('mde', { name: 'Medellín', type: 'city' }, 'co');
}, 60_000);
afterAll(() => t?.close());

describe('own tickets', () => {
  it('a product loader creates a ticket with sessions and loads capacity; agency users may not', async () => {
    const res = await inject('POST', '/api/product/ticket', w.headers.loader, ticketBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sessions: ['09:00', '14:00'],
      price: '40.00',
      policyText: 'Gratis hasta 24 horas antes de la llegada; después, 100% del total',
    });
    ticketId = res.json()._id;
    expect((await inject('POST', '/api/product/ticket', w.headers.admin, ticketBody())).statusCode).toBe(403);
    const cap = await inject('POST', '/api/product/ticket/capacity', w.headers.loader, { ticketId, from: D(3), to: D(9), capacity: 10 });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(cap.json()).toEqual({ slots: 14 });
    await inject('POST', '/api/product/ticket/capacity', w.headers.loader, {
      ticketId,
      from: D(4),
      to: D(4),
      session: '14:00',
      capacity: 2,
    });
    const cal = await inject('GET', `/api/product/ticket/capacity?ticketId=${ticketId}&from=${D(4)}&to=${D(4)}`, w.headers.loader);
    expect(cal.json().slots).toEqual([
      { day: D(4), session: '09:00', capacity: 10, stopSale: false },
      { day: D(4), session: '14:00', capacity: 2, stopSale: false },
    ]);
    const list = await inject('GET', '/api/product/ticket?q=chiva', w.headers.loader);
    expect(list.json()).toMatchObject({ totalDocs: 1, docs: [{ placeName: 'Cartagena' }] });
    const upd = await inject('PUT', `/api/product/ticket/${ticketId}`, w.headers.loader, ticketBody({ maxPeople: 6, minPeople: 2 }));
    expect(upd.json()).toMatchObject({ maxPeople: 6, minPeople: 2 });
  });

  it('refuses bad tickets and capacities in Spanish', async () => {
    const bad = async (url: string, body: unknown, message: string) => {
      const res = await inject('POST', url, w.headers.loader, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(message);
    };
    await bad('/api/product/ticket', ticketBody({ price: '-5' }), m.money);
    await bad('/api/product/ticket', ticketBody({ startHour: '19:00' }), tm.hours);
    await bad('/api/product/ticket', ticketBody({ minPeople: 0 }), tm.minPeople);
    await bad('/api/product/ticket', ticketBody({ minPeople: 9 }), tm.minAboveMax);
    await bad('/api/product/ticket/capacity', { ticketId, from: D(3), to: D(4), capacity: -1 }, tm.capacity);
    await bad('/api/product/ticket/capacity', { ticketId, from: D(3), to: D(4), session: '11:00', capacity: 1 }, tm.unknownSession);
    await bad('/api/product/ticket/capacity', { ticketId, from: D(5), to: D(4), capacity: 1 }, m.endBeforeStart);
    expect((await inject('GET', '/api/product/ticket/00000000-0000-4000-8000-000000000000', w.headers.loader)).statusCode).toBe(404);
  });

  it('the travesia ticket search (booking engine) answers the sessions with room for the group, priced, in the destination and below', async () => {
    const avail = (body: Record<string, unknown>, headers = searcher) =>
      inject('POST', '/api/ticket/travesia/avail', headers, {
        destination: ids.co,
        countryCode: 'CO',
        date: D(4),
        paxes: { adults: 2, children: [6] },
        ...body,
      });
    const res = await avail({});
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().response;
    expect(r.itemsFound).toBe(1);
    // 14:00 has 2 places left: only the 09:00 session takes 3 people.
    expect(r.items[0].sessions).toEqual([{ code: '09:00', name: '09:00' }]);
    expect(r.items[0].price).toEqual({ amount: '105.50', currency: 'USD' });
    expect(r.items[0].cancellation.rules[0]).toMatchObject({ percent: '100' });
    expect((await avail({ paxes: { adults: 2, children: [] } })).json().response.items[0].sessions).toHaveLength(2);
    expect((await avail({ destination: ids.mde })).json().response.itemsFound).toBe(0);
    expect((await avail({ date: D(12) })).json().response.itemsFound).toBe(0);
    expect((await avail({ paxes: { adults: 9, children: [] } })).json().response.itemsFound).toBe(0);
    // Below the minimum group (2) the ticket is not offered; the options page shows the group allowed.
    expect((await avail({ paxes: { adults: 1, children: [] } })).json().response.itemsFound).toBe(0);
    const quote = await inject('POST', '/api/ticket/quote', searcher, { cacheId: r.cacheId, optionId: r.items[0].optionId });
    expect(quote.json().response.content.importantInfo).toContain('Personas por reserva: de 2 a 6');
    const bad = await avail({ paxes: { adults: 1, children: [19] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(HOTEL_BOOKING_MESSAGES.childAgeInvalid);
    // An agency without the tickets module may not search.
    const agency = await makeAgency(t.database, { modules: ['hotels-travesia'] });
    const user = await makeUser(t.database, 'adviser', agency.id);
    expect((await avail({}, await loginAs(t.app, user.email))).statusCode).toBe(403);
  });
});

describe('booking own tickets (through the booking engine, decision 0270)', () => {
  const capacityOf = async (day: string, session: string) => {
    const res = await inject('GET', `/api/product/ticket/capacity?ticketId=${ticketId}&from=${day}&to=${day}`, w.headers.loader);
    return res.json().slots.find((x: { session: string }) => x.session === session).capacity as number;
  };
  /** A search of the day for `adults` and the quote of its (only) ticket. */
  const quoteFor = async (date: string, adults: number) => {
    const res = await inject('POST', '/api/ticket/travesia/avail', searcher, {
      destination: ids.ctg,
      countryCode: 'CO',
      date,
      paxes: { adults, children: [] },
    });
    const { cacheId, items } = res.json().response;
    const q = await inject('POST', '/api/ticket/quote', searcher, { cacheId, optionId: items[0].optionId });
    return { ...(q.json().response as { quoteId: string; price: { amount: string; currency: string } }), adults };
  };
  const book = (q: Awaited<ReturnType<typeof quoteFor>>, key: string, headers = searcher) =>
    inject('POST', '/api/ticket/reserve', headers, {
      client: { name: 'Luis', surname: 'Gómez' },
      companions: Array.from({ length: q.adults }, (_, i) => ({ name: `Persona ${i + 1}`, surname: 'Gómez' })),
      price: { gross: q.price.amount, currency: q.price.currency },
      bookingCodes: { quoteId: q.quoteId },
      session: '09:00',
      idempotencyKey: key,
    });

  it('books places of a session keyed by our reference, idempotently; cancelling gives them back', async () => {
    const q = await quoteFor(D(5), 3);
    const res = await book(q, 'ticket-key-1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().response).toMatchObject({ status: 'confirmed', provider: 'travesia', price: { gross: '120.00', currency: 'USD' } });
    expect(await capacityOf(D(5), '09:00')).toBe(7);
    expect((await book(q, 'ticket-key-1')).statusCode).toBe(200);
    expect(await capacityOf(D(5), '09:00')).toBe(7);
    // Another agency's user cannot book this seller's quote.
    expect((await book(q, 'ticket-key-other', w.headers.adminB)).statusCode).toBe(409);
    const id = res.json().response._id;
    expect((await inject('POST', `/api/voucher/${id}/cancel`, searcher, {})).statusCode).toBe(200);
    expect(await capacityOf(D(5), '09:00')).toBe(10);
    expect((await book({ ...q, quoteId: 'garbage-quote-value' }, 'ticket-key-2')).statusCode).toBe(409);
  });

  it('under concurrent bookings never sells more places than there are', async () => {
    await inject('POST', '/api/product/ticket/capacity', w.headers.loader, {
      ticketId,
      from: D(6),
      to: D(6),
      session: '09:00',
      capacity: 5,
    });
    // Each booking its own quote: a quote is booked once (issue 12 finding 10).
    const quotes = [];
    for (let i = 0; i < 8; i++) quotes.push(await quoteFor(D(6), 2));
    const results = await Promise.all(quotes.map((q, i) => book(q, `ticket-race-${i}`)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(r.json().code).toBe('SUPPLIER_NOT_AVAILABLE');
    expect(await capacityOf(D(6), '09:00')).toBe(1);
  }, 60_000);
});

describe('own transfers', () => {
  it('creates transfers and finds them from the airport to a neighbourhood of the city', async () => {
    const res = await inject('POST', '/api/product/transfer', w.headers.loader, transferBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      typeLabel: 'Privado',
      vehicleLabel: 'Camioneta',
      priceModeLabel: 'Por vehículo',
      days: [1, 2, 3, 4, 5, 6],
    });
    const shared = await inject(
      'POST',
      '/api/product/transfer',
      w.headers.loader,
      transferBody({
        name: 'Compartido aeropuerto - Cartagena',
        type: 'shared',
        vehicle: 'bus',
        priceMode: 'per-person',
        price: '8',
        maxPax: 20,
      }),
    );
    expect(shared.statusCode).toBe(201);
    // Only days with capacity loaded are sold (decision 0086).
    for (const id of [res.json()._id, shared.json()._id]) {
      const cap = await inject('POST', '/api/product/transfer/capacity', w.headers.loader, {
        transferId: id,
        from: D(1),
        to: D(31),
        capacity: 20,
      });
      expect(cap.statusCode, cap.body).toBe(200);
    }
    expect((await inject('POST', '/api/product/transfer', w.headers.adviser, transferBody())).statusCode).toBe(403);
    const bad = await inject('POST', '/api/product/transfer', w.headers.loader, transferBody({ minPax: 5, maxPax: 2 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(tm.minMax);

    // Own transfers are searched on the booking engine (decision 0395), between two of our places.
    const criteria = (over: Partial<OwnTransferCriteria>): OwnTransferCriteria => ({
      origin: ids.air,
      destination: ids.boca,
      date: D(3),
      time: '10:30',
      adults: 3,
      ...over,
    });
    const search = async (over: Partial<OwnTransferCriteria>) => (await ownTransferOptions(t.app, searcher, criteria(over))).items;
    const items = await search({});
    expect(items.map((i) => [i.category, i.price.amount])).toEqual([
      ['Compartido aeropuerto - Cartagena', '24.00'],
      ['Aeropuerto CTG - Bocagrande privado', '35.00'],
    ]);
    expect([items[0].from.description, items[0].to.description]).toEqual(['Aeropuerto Rafael Núñez', 'Cartagena']);
    // Sunday: not operated. 23:00: out of hours. 7 people: only the shared one.
    expect(await search({ date: D(9) })).toEqual([]);
    expect(await search({ time: '23:00' })).toEqual([]);
    expect((await search({ adults: 7 })).map((i) => i.category)).toEqual(['Compartido aeropuerto - Cartagena']);
    expect(await search({ destination: ids.mde })).toEqual([]);
    const badHour = await inject('POST', '/api/transfer/search/stream', searcher, ownTransferSearchBody(criteria({ time: '25:00' })));
    expect(badHour.statusCode).toBe(400);
    expect(badHour.json().msg).toBe(TRANSFER_BOOKING_MESSAGES.timeInvalid);
  });
});
