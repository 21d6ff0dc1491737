import { TICKET_BOOKING_MESSAGES as M, PLACE_TIME_ZONE_INVALID, TICKET_MESSAGES as tm } from '@travesia/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../../test/factories.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { ownBookings, places, ticketCapacity, vouchers } from '../../../db/schema/index.js';

/**
 * Own tickets' sessions with languages, booking cut-off in the place's zone and age bands with a price
 * each (issue 17 item 6, decision 0450): the loader's endpoints, band pricing, and the quote and reserve
 * refusals, with the app's injectable clock moved across the UTC day boundary (no sleeps).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let agent: Record<string, string>;
let now = new Date('2031-06-01T12:00:00Z');
const ids: Record<string, string> = {};
/** A Tuesday; in Bogotá (UTC−5) its 21:00 session starts at 2031-06-11T02:00Z. */
const DAY = '2031-06-10';
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const bands = [
  { name: 'Adulto', ageFrom: 13, ageTo: 99, price: '35' },
  { name: 'Niño', ageFrom: 3, ageTo: 12, price: '20' },
  { name: 'Infante', ageFrom: 0, ageTo: 2, price: '0' },
];
const ticketBody = (over: Record<string, unknown> = {}) => ({
  name: 'Tour nocturno por la ciudad amurallada',
  placeId: ids.ctg,
  maxPeople: 10,
  startHour: '08:00',
  endHour: '23:00',
  sessions: [{ start: '21:00', languages: ['es'] }, '09:00'],
  languages: ['es', 'en'],
  cutoffMinutes: 60,
  ageBands: bands,
  ...over,
});

interface Quote {
  quoteId: string;
  price: { amount: string; currency: string };
  sessions: { code: string; name: string; languages?: string[]; bookableUntil?: string }[];
  languages: { code: string; name: string }[];
  ageBands: { paxType: string; ageFrom: number; ageTo: number; amount: { amount: string } }[];
}

async function search(name: string, paxes: { adults: number; children: number[] }, destination = ids.ctg, date = DAY) {
  const res = await call('POST', '/api/ticket/travesia/avail', agent, { destination, countryCode: 'CO', date, paxes });
  return {
    res,
    item:
      res.statusCode === 200 ? res.json().response.items.find((i: { activity: { name: string } }) => i.activity.name === name) : undefined,
  };
}
async function quote(name: string, paxes: { adults: number; children: number[] }) {
  const { res, item } = await search(name, paxes);
  expect(res.statusCode, res.body).toBe(200);
  expect(item, `${name} offered`).toBeTruthy();
  return call('POST', '/api/ticket/quote', agent, { cacheId: res.json().response.cacheId, optionId: item.optionId });
}
const reserveBody = (q: Quote, companions: { name: string; surname: string; age?: number }[], over: Record<string, unknown> = {}) => ({
  type: 'ticket',
  client: holder,
  companions,
  price: { gross: q.price.amount, currency: q.price.currency },
  bookingCodes: { quoteId: q.quoteId },
  ...over,
});
const family = [
  { name: 'Ana', surname: 'Pérez' },
  { name: 'Luis', surname: 'Pérez' },
  { name: 'Leo', surname: 'Pérez', age: 8 },
  { name: 'Sol', surname: 'Pérez', age: 1 },
];
const voucherCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0].n;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  w = await makeWorld(t.app, t.database);
  const agency = await makeAgency(t.database, { modules: ['tickets-travesia'] });
  agent = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  const co = await insertPlace(t.database, 'Colombia', 'country', null);
  const bol = await insertPlace(t.database, 'Bolívar', 'state', co);
  ids.co = co.id;
  ids.ctg = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bol)).id;
  const es = await insertPlace(t.database, 'España', 'country', null);
  ids.mad = (await insertPlace(t.database, 'Madrid', 'city', es)).id;
  // Zones set on the countries: the cities inherit them (decision 0450).
  await t.database.db.update(places).set({ timeZone: 'America/Bogota' }).where(eq(places.id, co.id));
  await t.database.db.update(places).set({ timeZone: 'Europe/Madrid' }).where(eq(places.id, es.id));
}, 60_000);
afterAll(() => t?.close());

async function createTicket(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/product/ticket', w.headers.loader, ticketBody(over));
  expect(res.statusCode, res.body).toBe(201);
  const ticket = res.json();
  const sessions: string[] = ticket.sessions.length ? ticket.sessions : [''];
  await t.database.db
    .insert(ticketCapacity)
    .values(
      ['2031-06-09', DAY, '2031-06-11'].flatMap((day) =>
        sessions.map((session) => ({ ticketId: ticket._id as string, day, session, capacity: 20 })),
      ),
    );
  return ticket as { _id: string; name: string };
}

describe('the loader: sessions with languages, cut-off, age bands; places with a zone', () => {
  it('saves sessions with their languages, the cut-off and the bands (price = the adults band), in the place zone', async () => {
    const res = await call('POST', '/api/product/ticket', w.headers.loader, ticketBody({ name: 'Loader: bandas' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sessions: ['09:00', '21:00'],
      sessionLanguages: { '09:00': ['es', 'en'], '21:00': ['es'] },
      languages: ['es', 'en'],
      cutoffMinutes: 60,
      ageBands: [
        { name: 'Infante', ageFrom: 0, ageTo: 2, price: '0.00' },
        { name: 'Niño', ageFrom: 3, ageTo: 12, price: '20.00' },
        { name: 'Adulto', ageFrom: 13, ageTo: 99, price: '35.00' },
      ],
      price: '35.00',
      childPrice: null,
      childrenAllowed: true,
      timeZone: 'America/Bogota',
    });
    const id = res.json()._id;
    const got = await call('GET', `/api/product/ticket/${id}`, w.headers.loader);
    expect(got.json()).toMatchObject({ sessionLanguages: { '21:00': ['es'] }, timeZone: 'America/Bogota' });
    const adultsOnly = await call(
      'PUT',
      `/api/product/ticket/${id}`,
      w.headers.loader,
      ticketBody({ ageBands: [{ name: 'Adulto', ageFrom: 18, ageTo: 99, price: '35' }] }),
    );
    expect(adultsOnly.json()).toMatchObject({ childrenAllowed: false, ageBands: [{ name: 'Adulto' }] });
  });

  it('a body without bands keeps working: adults 18–99 at the price, children 0–17 at the child price', async () => {
    const res = await call('POST', '/api/product/ticket', w.headers.loader, {
      ...ticketBody({ name: 'Loader: sin bandas', ageBands: undefined, sessions: ['10:00'] }),
      price: '40',
      childPrice: '25.50',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      price: '40.00',
      childPrice: '25.50',
      ageBands: [
        { name: 'Niño', ageFrom: 0, ageTo: 17, price: '25.50' },
        { name: 'Adulto', ageFrom: 18, ageTo: 99, price: '40.00' },
      ],
      sessionLanguages: { '10:00': ['es', 'en'] },
    });
  });

  it('refuses bad bands, languages and cut-offs with Spanish messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ageBands: [bands[0], { name: 'Joven', ageFrom: 10, ageTo: 20, price: '5' }] }, tm.bandsOverlap],
      [{ ageBands: [{ name: 'Adulto', ageFrom: 18, ageTo: 120, price: '5' }] }, tm.bandAge],
      [{ ageBands: [{ name: 'Adulto', ageFrom: 40, ageTo: 18, price: '5' }] }, tm.bandOrder],
      [{ ageBands: [{ name: ' ', ageFrom: 0, ageTo: 99, price: '5' }] }, tm.bandName],
      [{ ageBands: [] }, tm.bandsRequired],
      [{ ageBands: undefined }, tm.priceOrBands],
      [{ languages: ['xx'] }, tm.language],
      [{ sessions: [{ start: '09:00', languages: ['kl'] }] }, tm.language],
      [{ cutoffMinutes: 20_000 }, tm.cutoff],
      [{ cutoffMinutes: -1 }, tm.cutoff],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', '/api/product/ticket', w.headers.loader, ticketBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg, JSON.stringify(over)).toBe(msg);
    }
    const agency = await call('POST', '/api/product/ticket', agent, ticketBody());
    expect(agency.statusCode).toBe(403);
  });

  it('a place takes an IANA zone (null: its parent’s); unknown zones are refused', async () => {
    const ok = await call('POST', '/api/place', w.headers.super, {
      name: 'San Andrés',
      type: 'city',
      address: 'San Andrés, Colombia',
      parent: ids.co,
      timeZone: 'America/Bogota',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().timeZone).toBe('America/Bogota');
    const bad = await call('POST', '/api/place', w.headers.super, {
      name: 'Marte',
      type: 'city',
      address: 'Marte',
      parent: ids.co,
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(PLACE_TIME_ZONE_INVALID);
  });
});

describe('booking an own ticket: bands, sessions and languages', () => {
  let ticket: { _id: string; name: string };
  beforeAll(async () => {
    now = new Date('2031-06-01T12:00:00Z');
    ticket = await createTicket({ name: 'Tour de bandas' });
  });

  it('prices every participant at its band and offers each session with its languages', async () => {
    const res = await quote(ticket.name, { adults: 2, children: [8, 1] });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().response as Quote;
    // 2 × 35 (13–99) + 20 (3–12) + 0 (0–2); this agency has no markups.
    expect(q.price).toEqual({ amount: '90.00', currency: 'USD' });
    expect(q.ageBands.map((b) => [b.paxType, b.ageFrom, b.ageTo, b.amount.amount])).toEqual([
      ['Infante', 0, 2, '0.00'],
      ['Niño', 3, 12, '20.00'],
      ['Adulto', 13, 99, '35.00'],
    ]);
    expect(q.sessions).toEqual([
      { code: '09:00', name: '09:00', languages: ['es', 'en'], bookableUntil: '2031-06-10T13:00:00.000Z' },
      { code: '21:00', name: '21:00', languages: ['es'], bookableUntil: '2031-06-11T01:00:00.000Z' },
    ]);
    expect(q.languages).toEqual([
      { code: 'es', name: 'Español' },
      { code: 'en', name: 'Inglés' },
    ]);
  });

  it('refuses an unknown session, a language the session does not offer, and ages outside the quoted bands; nothing recorded', async () => {
    const q = (await quote(ticket.name, { adults: 2, children: [8, 1] })).json().response as Quote;
    const before = await voucherCount();
    const cases: Array<[Record<string, unknown>, string, typeof family?]> = [
      [{ session: '10:00', language: 'es' }, M.sessionUnknown],
      [{ session: '21:00', language: 'en' }, M.languageNotInSession('Inglés', '21:00')],
      [{ session: '09:00', language: 'fr' }, M.languageUnknown],
      [{ session: '09:00' }, M.languageRequired],
      [{ session: '09:00', language: 'en' }, M.ageBandChanged('Ana Pérez'), [{ ...family[0], age: 12 }, ...family.slice(1)]],
      [{ session: '09:00', language: 'en' }, M.ageInvalid, [{ ...family[0], age: 100 }, ...family.slice(1)]],
    ];
    for (const [i, [over, msg, people]] of cases.entries()) {
      const res = await call(
        'POST',
        '/api/ticket/reserve',
        agent,
        reserveBody(q, people ?? family, { ...over, idempotencyKey: `bands-bad-${i}` }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await voucherCount()).toBe(before);
  });

  it('books the chosen session and language: the voucher and the own booking carry them', async () => {
    const q = (await quote(ticket.name, { adults: 2, children: [8, 1] })).json().response as Quote;
    const res = await call(
      'POST',
      '/api/ticket/reserve',
      agent,
      reserveBody(q, [{ ...family[0], age: 70 }, ...family.slice(1)], { session: '09:00', language: 'en', idempotencyKey: 'bands-ok' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().response;
    expect(v).toMatchObject({ status: 'confirmed', price: { gross: '90.00' } });
    expect(v.section).toMatchObject({ kind: 'ticket', session: '09:00', language: 'Inglés', date: DAY });
    const [own] = await t.database.db.select().from(ownBookings).where(eq(ownBookings.clientReference, v.externalBookingReference));
    expect(own.details).toMatchObject({ session: '09:00', language: 'en' });
  });

  it('an age outside every band: not offered by the search, refused by the re-quote once the bands change', async () => {
    const adults = await createTicket({ name: 'Tour solo adultos', ageBands: [{ name: 'Adulto', ageFrom: 18, ageTo: 99, price: '50' }] });
    expect((await search(adults.name, { adults: 2, children: [8] })).item).toBeUndefined();
    const { res, item } = await search(adults.name, { adults: 2, children: [] });
    expect(item).toBeTruthy();
    const put = await call(
      'PUT',
      `/api/product/ticket/${adults._id}`,
      w.headers.loader,
      ticketBody({ name: adults.name, ageBands: [{ name: 'Mayores', ageFrom: 40, ageTo: 99, price: '50' }] }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const q = await call('POST', '/api/ticket/quote', agent, { cacheId: res.json().response.cacheId, optionId: item.optionId });
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({ code: 'TICKET_AGE_OUTSIDE_BANDS', msg: M.ageOutsideBands(30, 'Mayores 40–99') });
  });
});

describe('the cut-off and "today" in the place zone', () => {
  let ticket: { _id: string; name: string };
  beforeAll(async () => {
    now = new Date('2031-06-01T12:00:00Z');
    ticket = await createTicket({ name: 'Tour del cierre' });
  });

  it('at 19:30 in Bogotá (already the next day in UTC) the day is still today there: only the 21:00 session is left', async () => {
    now = new Date('2031-06-11T00:30:00Z');
    const { res, item } = await search(ticket.name, { adults: 2, children: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(item.sessions).toEqual([{ code: '21:00', name: '21:00' }]);
    // Madrid is already on the 11th (02:30): its 10th is past.
    const madrid = await search(ticket.name, { adults: 2, children: [] }, ids.mad);
    expect(madrid.res.statusCode).toBe(400);
    expect(madrid.res.json().msg).toBe(M.dayInPast);
  });

  it('the calendar counts today in the place zone', async () => {
    now = new Date('2031-06-11T00:30:00Z');
    const open = await call('GET', `/api/ticket/travesia/calendar?destination=${ids.ctg}&from=2031-06-09&to=2031-06-11&people=2`, agent);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().response.days).toEqual([DAY, '2031-06-11']);
    now = new Date('2031-06-11T01:00:00Z');
    const closed = await call('GET', `/api/ticket/travesia/calendar?destination=${ids.ctg}&from=2031-06-09&to=2031-06-11&people=2`, agent);
    // Every ticket's last session of the 10th (21:00, 60 minutes' cut-off) closed at 01:00Z.
    expect(closed.json().response.days).toEqual(['2031-06-11']);
  });

  it('quoted before the cut-off, reserved after it: 409 in Spanish and nothing recorded; the re-quote refuses too', async () => {
    now = new Date('2031-06-11T00:59:00Z');
    const res = await quote(ticket.name, { adults: 2, children: [] });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().response as Quote;
    expect(q.sessions.map((s) => s.code)).toEqual(['21:00']);
    const before = await voucherCount();
    now = new Date('2031-06-11T01:00:00Z');
    const late = await call(
      'POST',
      '/api/ticket/reserve',
      agent,
      reserveBody(q, family.slice(0, 2), { session: '21:00', language: 'es', idempotencyKey: 'cutoff-late' }),
    );
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TICKET_CUTOFF_PASSED', msg: M.cutoffPassed('la sesión de las 21:00') });
    expect(await voucherCount()).toBe(before);
    now = new Date('2031-06-11T00:59:00Z');
    const { res: found, item } = await search(ticket.name, { adults: 2, children: [] });
    now = new Date('2031-06-11T01:00:00Z');
    const requote = await call('POST', '/api/ticket/quote', agent, { cacheId: found.json().response.cacheId, optionId: item.optionId });
    expect(requote.statusCode).toBe(409);
    expect(requote.json()).toMatchObject({ code: 'TICKET_CUTOFF_PASSED', msg: M.cutoffPassed('esta actividad para ese día') });
  });

  it('an all-day ticket is sold until it closes less the cut-off', async () => {
    now = new Date('2031-06-01T12:00:00Z');
    const allDay = await createTicket({ name: 'Entrada de todo el día', sessions: [], endHour: '18:00', cutoffMinutes: 30 });
    // 17:29 in Bogotá = 22:29Z: still on sale; 17:30 closes it.
    now = new Date('2031-06-10T22:29:00Z');
    const q = (await quote(allDay.name, { adults: 1, children: [] })).json().response as Quote;
    expect(q.sessions).toEqual([]);
    now = new Date('2031-06-10T22:30:00Z');
    const late = await call(
      'POST',
      '/api/ticket/reserve',
      agent,
      reserveBody(q, family.slice(0, 1), { language: 'es', idempotencyKey: 'allday-late' }),
    );
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().msg).toBe(M.cutoffPassed('esta actividad'));
    expect((await search(allDay.name, { adults: 1, children: [] })).item).toBeUndefined();
  });
});
