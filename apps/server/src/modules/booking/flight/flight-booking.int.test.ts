import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/pdf-text.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { bookingRecovery, places, supplierAuditLog, voucherDeadlines, vouchers } from '../../../db/schema/index.js';

let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let other: Record<string, string>;
let noFlights: Record<string, string>;
let account = '';
let otherAccount = '';
let noFlightsAccount = '';
let bogota = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SEARCH = '/api/integrator/santsg/flight/booking/avail/price-search';
const DATES = '/api/integrator/santsg/flight/booking/avail/checkindates';

const call = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

const dest = (from: string, to: string, start: string, end?: string) => ({
  origin: { id: from, type: '5' },
  destiny: { id: to, type: '5' },
  start,
  ...(end ? { end } : {}),
});

const searchBody = (over: Record<string, unknown> = {}) => ({
  serviceType: '2',
  flightClass: 'ECONOMY',
  culture: 'en-US',
  currency: 'USD',
  destinations: [dest('BOG', 'CUN', day(30), day(37))],
  showOnlyNonStopFlight: false,
  paxes: { adults: [30, 30], children: [7] },
  provider: account,
  ...over,
});

const travellers = [
  { title: 'Mr', name: 'Carlos', surname: 'Pérez', gender: 'male', birthDate: '1990-04-02', nationalityCode: 'CO' },
  { title: 'Mrs', name: 'Ana', surname: 'Gómez', gender: 'female', birthDate: '1992-08-15', nationalityCode: 'CO' },
  {
    title: 'Miss',
    name: 'Sofía',
    surname: 'Pérez',
    gender: 'female',
    birthDate: `${Number(day(30).slice(0, 4)) - 7}-01-10`,
    nationalityCode: 'CO',
  },
].map((x) => ({
  ...x,
  passportInfo: { number: `PA${randomUUID().slice(0, 6)}`, expireDate: day(900), issueDate: day(-900), citizenshipCountryCode: 'CO' },
}));
const client = { name: 'Carlos', surname: 'Pérez', email: 'carlos@example.com', phones: ['+573001234567'], nationalityCode: 'CO' };

const multiCity = () =>
  searchBody({
    serviceType: '3',
    destinations: [dest('BOG', 'CTG', day(30)), dest('CTG', 'MDE', day(33)), dest('MDE', 'BOG', day(36))],
    paxes: { adults: [30], children: [] },
  });

/** The supplier calls made with an account (or under a correlation id), in order, as `operation:status`. */
async function supplierCalls(where: { accountId?: string; correlationId?: string; operation?: string }) {
  await t.app.services.suppliers.audit.flush();
  const rows = await t.database.db
    .select({ op: supplierAuditLog.operation, status: supplierAuditLog.responseStatus, at: supplierAuditLog.createdAt })
    .from(supplierAuditLog)
    .where(
      and(
        where.accountId ? eq(supplierAuditLog.accountId, where.accountId) : undefined,
        where.correlationId ? eq(supplierAuditLog.correlationId, where.correlationId) : undefined,
        where.operation ? eq(supplierAuditLog.operation, where.operation) : undefined,
      ),
    )
    .orderBy(supplierAuditLog.createdAt);
  return rows.map((r) => `${r.op}:${r.status}`);
}

/** Searches the round trip, pre-reserves its cheapest itinerary and answers the pre-reservation. */
async function preReserve(headers = admin, scenario?: string) {
  const s = await call(SEARCH, headers, searchBody());
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json();
  const r = await call('/api/voucher/start-reserve', scenario ? { ...headers, 'x-sim-scenario': scenario } : headers, {
    type: 'flight',
    bookingCodes: { cacheId, optionId: items[0].id },
    start: day(30),
    flightClass: 'ECONOMY',
    client,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

const confirmBody = (pre: { response: { voucher: { _id: string }; price: { amount: string; currency: string } } }, over = {}) => ({
  type: 'flight',
  status: 'confirmed',
  voucherId: pre.response.voucher._id,
  client,
  companions: travellers,
  price: { gross: pre.response.price.amount, currency: pre.response.price.currency },
  ...over,
});

beforeAll(async () => {
  // TourVisio's clock runs an hour ahead: its tokens die an hour before the expiresOn it reports (token refresh test).
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 4000, santsgClockSkewMs: 3_600_000 });
  t = await createTestApp(
    {},
    { simulatorUrl: sim.url, bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 60_000 } },
  );
  const agency = await makeAgency(t.database, { modules: ['flights-santsg-tourvisio'] });
  const agencyB = await makeAgency(t.database, { modules: ['flights-santsg-tourvisio'] });
  const agencyC = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  other = await loginAs(t.app, (await makeUser(t.database, 'agency', agencyB.id)).email);
  noFlights = await loginAs(t.app, (await makeUser(t.database, 'agency', agencyC.id)).email);
  account = await createProviderAccount(t.app, admin, 'santsg', { agency: 'PXM25', user: 'viajes', password: 'sandbox' });
  otherAccount = await createProviderAccount(t.app, other, 'santsg', { agency: 'PXM25', user: 'norte', password: 'sandbox' });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const city = await insertPlace(t.database, 'Bogotá', 'city', colombia);
  bogota = city.id;
  await t.database.db.insert(places).values([
    {
      name: 'Guaymaral',
      type: 'airport',
      parentId: city.id,
      path: [...city.path, city.id],
      ancestorNames: [...city.names, city.name],
      iataCode: 'GYM',
      countryCode: 'CO',
    },
    {
      name: 'El Dorado International Airport',
      type: 'airport',
      parentId: city.id,
      path: [...city.path, city.id],
      ancestorNames: [...city.names, city.name],
      iataCode: 'BOG',
      countryCode: 'CO',
    },
  ]);
  noFlightsAccount = await createProviderAccount(t.app, noFlights, 'santsg', { agency: 'PXM25', user: 'sur', password: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('flight search (spec §5, §7, §9)', () => {
  it('answers the days with flights for a route', async () => {
    const res = await call(DATES, admin, {
      serviceType: '1',
      origin: { id: 'BOG', type: '5' },
      destiny: { id: 'CUN', type: '5' },
      provider: account,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { dates } = res.json();
    expect(dates.length).toBeGreaterThan(100);
    expect(dates.every((d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= day(0))).toBe(true);
    // One weekday has no flights on this route: it is missing from the answer.
    expect(dates.length).toBeLessThan(180);
    // Our city (which has no code of its own) flies from its main airport: the same days.
    const byCity = await call(DATES, admin, {
      serviceType: '1',
      origin: { id: bogota, type: '2' },
      destiny: { id: 'CUN', type: '5' },
      provider: account,
    });
    expect(byCity.statusCode, byCity.body).toBe(200);
    expect(byCity.json().dates).toEqual(dates);
    const unknown = await call(DATES, admin, {
      serviceType: '1',
      origin: { id: randomUUID(), type: '5' },
      destiny: { id: 'CUN', type: '5' },
      provider: account,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('origin.id is not an airport or city with an IATA code');
  });

  it('validates the search with the spec messages, never a 500', async () => {
    const d = searchBody().destinations[0];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ serviceType: undefined }, 'serviceType is required'],
      [{ flightClass: undefined }, 'flightClass is required'],
      [{ culture: undefined }, 'culture is required'],
      [{ currency: undefined }, 'currency is required'],
      [{ destinations: undefined }, 'destinations is required'],
      [{ destinations: [{ ...d, origin: { type: '5' } }] }, 'origin.id is required'],
      [{ destinations: [{ ...d, destiny: { id: 'CUN' } }] }, 'destiny.type is required'],
      [{ destinations: [{ ...d, start: undefined }] }, 'start is required'],
      [{ destinations: [{ ...d, end: undefined }] }, 'end is required'],
      [{ serviceType: '3', destinations: [dest('BOG', 'MDE', day(30))] }, 'multi-city needs at least 2 destinations'],
      [{ paxes: { adults: [30], children: [1, 0] } }, 'infants cannot outnumber adults'],
      [{ provider: undefined }, 'provider is required'],
      [{ culture: 'es-CO' }, 'culture must be en-US'],
    ];
    for (const [over, msg] of cases) {
      const res = await call(SEARCH, admin, searchBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('pages a search 10 at a time from its cache, with next and before', async () => {
    const roundTrip = await call(SEARCH, admin, searchBody());
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    for (const item of roundTrip.json().items) {
      expect(item.segmentIds).toHaveLength(2);
      expect(item.fare.perPassenger.map((p: { type: string }) => p.type).sort()).toEqual(['adult', 'child']);
    }
    const first = await call(SEARCH, admin, multiCity());
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json();
    expect(p1.page).toBe(1);
    expect(p1.before).toBeNull();
    expect(p1.items.length).toBe(Math.min(10, p1.itemFound));
    expect(p1.itemFound).toBeGreaterThan(10);
    expect(p1.totalPages).toBe(Math.ceil(p1.itemFound / 10));
    expect(p1.next).toBe(2);
    for (const item of p1.items) {
      expect(item.segmentIds).toHaveLength(3);
      for (const id of item.segmentIds) expect(p1.segments.some((s: { id: string }) => s.id === id)).toBe(true);
      // An agency user sees its price, never the supplier's cost.
      expect(item.breakdown.cost).toBeNull();
    }
    expect(Number(p1.lowestPrice.amount)).toBeLessThanOrEqual(Number(p1.items[0].price.amount));
    expect(p1.airlines.length).toBeGreaterThan(0);
    expect(p1.airports.map((a: { code: string }) => a.code)).toEqual(expect.arrayContaining(['BOG', 'CTG', 'MDE']));
    const second = await call(SEARCH, admin, { ...multiCity(), cacheId: p1.cacheId, page: 2 });
    expect(second.statusCode, second.body).toBe(200);
    const p2 = second.json();
    expect(p2.page).toBe(2);
    expect(p2.before).toBe(1);
    expect(p2.cacheId).toBe(p1.cacheId);
    expect(p2.items[0].id).not.toBe(p1.items[0].id);
    // Another agency cannot page this search.
    const foreign = await call(SEARCH, other, searchBody({ provider: otherAccount, cacheId: p1.cacheId, page: 2 }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('La búsqueda venció; busca de nuevo');
    const beyond = await call(SEARCH, admin, { ...multiCity(), cacheId: p1.cacheId, page: p1.totalPages + 1 });
    expect(beyond.statusCode).toBe(400);
  });

  it('prices a three-segment multi-city in one search', async () => {
    const res = await call(
      SEARCH,
      admin,
      searchBody({
        serviceType: '3',
        destinations: [dest('BOG', 'CTG', day(30)), dest('CTG', 'MDE', day(33)), dest('MDE', 'BOG', day(36))],
        paxes: { adults: [30], children: [] },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.itemFound).toBeGreaterThan(0);
    const segments = new Map(body.segments.map((x: { id: string }) => [x.id, x]));
    for (const item of body.items) {
      expect(item.serviceType).toBe('multi-city');
      expect(Number(item.price.amount)).toBeGreaterThan(0);
      expect(item.price.currency).toBe('USD');
      expect(item.fare.perPassenger).toEqual([expect.objectContaining({ type: 'adult', count: 1, total: item.price })]);
      // The three segments in order, each on its own day and route.
      const legs = item.segmentIds.map(
        (id: string) => segments.get(id) as { route: number; from: { airport: string; at: string }; to: { airport: string } },
      );
      expect(legs.map((l: { from: { airport: string } }) => l.from.airport)).toEqual(['BOG', 'CTG', 'MDE']);
      expect(legs.map((l: { to: { airport: string } }) => l.to.airport)).toEqual(['CTG', 'MDE', 'BOG']);
      expect(legs.map((l: { from: { at: string } }) => l.from.at.slice(0, 10))).toEqual([day(30), day(33), day(36)]);
    }
  });

  it('filters and sorts the cached result and, on a round trip, leaves the returns paired with a chosen outbound', async () => {
    const first = await call(SEARCH, admin, searchBody());
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json();
    const cached = (over: Record<string, unknown>) => call(SEARCH, admin, { ...searchBody(), cacheId: p1.cacheId, page: 1, ...over });
    const sortedRes = await cached({ sort: 'cheapest' });
    expect(sortedRes.statusCode, sortedRes.body).toBe(200);
    const sorted = sortedRes.json();
    expect(sorted.itemFound).toBe(p1.itemFound);
    const prices = sorted.items.map((i: { price: { amount: string } }) => Number(i.price.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(Number(p1.lowestPrice.amount));

    const direct = (await cached({ filters: { stops: [0] }, sort: 'fastest' })).json();
    expect(direct.itemFound).toBeLessThanOrEqual(p1.itemFound);
    for (const item of direct.items) expect(item.stops).toBe(0);
    const durations = direct.items.map((i: { durationMinutes: number }) => i.durationMinutes);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));

    const airline = p1.airlines[0].code;
    const byAirline = (await cached({ filters: { airlines: [airline], maxPrice: Number(p1.highestPrice.amount) } })).json();
    expect(byAirline.itemFound).toBeGreaterThan(0);
    const segs = new Map(byAirline.segments.map((x: { id: string }) => [x.id, x]));
    for (const item of byAirline.items)
      expect(
        item.segmentIds.some((id: string) => (segs.get(id) as { marketingAirline: { code: string } }).marketingAirline?.code === airline),
      ).toBe(true);

    const outbound = p1.items[0].segmentIds[0];
    const pairedRes = await cached({ filters: { outboundSegmentId: outbound } });
    expect(pairedRes.statusCode, pairedRes.body).toBe(200);
    const paired = pairedRes.json();
    expect(paired.itemFound).toBeGreaterThan(0);
    for (const item of paired.items) {
      expect(item.segmentIds[0]).toBe(outbound);
      expect(item.groupKey).toBeTruthy();
    }

    const none = (await cached({ filters: { maxPrice: 0 } })).json();
    expect(none.itemFound).toBe(0);
    expect(none.items).toEqual([]);
    expect(none.msg).toBe('Ningún vuelo cumple los filtros elegidos');
    const bad = await cached({ filters: { departure: { from: '25:00', to: '10:00' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Filtro de vuelos no válido');
    const badSort = await cached({ sort: 'random' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().msg).toBe('Orden de vuelos no válido');
  });

  it('refuses a disabled module (403) and another agency account (404) in Spanish', async () => {
    const disabled = await call(SEARCH, noFlights, searchBody({ provider: noFlightsAccount }));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().msg).toBe('El módulo de vuelos no está activo para tu agencia');
    const foreign = await call(SEARCH, admin, searchBody({ provider: otherAccount }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toMatch(/[a-záéíóú]/);
  });
});

describe('flight pre-reservation then confirmation (spec §4)', () => {
  it('a pre-reserve retried under its idempotency key answers the same pre-reservation and opens no second transaction', async () => {
    const s = await call(SEARCH, admin, searchBody());
    expect(s.statusCode, s.body).toBe(200);
    const { cacheId, items } = s.json();
    const body = (optionId: string) => ({
      type: 'flight',
      bookingCodes: { cacheId, optionId },
      start: day(30),
      flightClass: 'ECONOMY',
      client,
    });
    // A failed attempt (the supplier down) leaves the key free: the retry pre-reserves.
    const key = `pr-${randomUUID()}`;
    const failed = await call(
      '/api/voucher/start-reserve',
      { ...admin, 'idempotency-key': key, 'x-sim-scenario': 'error-500:quote' },
      body(items[0].id),
    );
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.statusCode).not.toBe(500);
    const first = await call('/api/voucher/start-reserve', { ...admin, 'idempotency-key': key }, body(items[0].id));
    expect(first.statusCode, first.body).toBe(201);
    const count = async () => (await t.database.db.select({ id: vouchers.id }).from(vouchers)).length;
    const before = await count();
    const again = await call('/api/voucher/start-reserve', { ...admin, 'idempotency-key': key }, body(items[0].id));
    expect(again.statusCode, again.body).toBe(200);
    expect(await count()).toBe(before);
    expect(again.json().response.voucher._id).toBe(first.json().response.voucher._id);
    expect(again.json().response.transaction).toEqual(first.json().response.transaction);
    expect(again.json().response.travellers).toEqual(first.json().response.travellers);
    // The supplier's transaction was opened by the failed attempt's call and the first success only.
    const quotes = await supplierCalls({ correlationId: cacheId, operation: 'flight.quote' });
    expect(quotes.filter((q) => q.endsWith(':200'))).toHaveLength(1);
    // The same key with another request is refused.
    const reused = await call('/api/voucher/start-reserve', { ...admin, 'idempotency-key': key }, body(items[1].id));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.json().msg).toBe('Esta clave de idempotencia ya se usó para otra pre-reserva');
    const malformed = await call('/api/voucher/start-reserve', { ...admin, 'idempotency-key': 'x' }, body(items[0].id));
    expect(malformed.statusCode).toBe(400);
  });

  it('pre-reserves, confirms once per key (201, then 200) and a key reused for another voucher is a 409', async () => {
    const pre = await preReserve();
    expect(pre.msg).toBe('Pre reserve successfully');
    expect(pre.response.voucher.status).toBe('pre-reserved');
    expect(pre.response.transaction.id).toBeTruthy();
    expect(Date.parse(pre.response.transaction.expiresAt)).toBeGreaterThan(Date.now());
    expect(pre.response.travellers).toHaveLength(3);
    expect(pre.response.travellers[0].requiredFields).toContain('passportinfo');
    const id = pre.response.voucher._id;
    const [deadline] = await t.database.db
      .select()
      .from(voucherDeadlines)
      .where(and(eq(voucherDeadlines.voucherId, id), eq(voucherDeadlines.kind, 'pre-reservation')));
    expect(deadline.dueAt.toISOString()).toBe(new Date(pre.response.transaction.expiresAt).toISOString());

    const missing = await call('/api/voucher/start-reserve', admin, {
      bookingCodes: { cacheId: 'x'.repeat(20), optionId: '0' },
      client,
      flightClass: 'ECONOMY',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Fecha de checking es requerido');
    const noClass = await call('/api/voucher/start-reserve', admin, {
      bookingCodes: { cacheId: 'x'.repeat(20), optionId: '0' },
      client,
      start: day(30),
    });
    expect(noClass.json().msg).toBe('Clase de vuelo es requerido');

    const noPassport = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': `np-${randomUUID()}` },
      confirmBody(pre, { companions: travellers.map(({ passportInfo: _p, ...x }) => x) }),
    );
    expect(noPassport.statusCode).toBe(400);
    expect(noPassport.json().msg).toBe('Pasajero 1: Pasaporte es requerido');

    // Fare rules before booking (the open transaction) and after (the reservation).
    const before = await call('/api/integrator/santsg/flight/booking/fare-rules', admin, { voucherId: id });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().rules.length).toBeGreaterThan(0);
    const foreignRules = await call('/api/integrator/santsg/flight/booking/fare-rules', other, { voucherId: id });
    expect(foreignRules.statusCode).toBe(404);

    const key = `fl-${randomUUID()}`;
    const res = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': key }, confirmBody(pre));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().response._id).toBe(id);
    expect(res.json().response.status).toBe('confirmed');
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.locator).toBeTruthy();
    const section = row.product.section as { pnr: string; passengers: { ticketNumber?: string }[] };
    expect(section.pnr).toMatch(/^[A-Z0-9]{5,8}$/);
    expect(section.passengers).toHaveLength(3);
    expect(section.passengers.every((p) => p.ticketNumber)).toBe(true);

    // The e-ticket: the voucher detail and its PDF show the PNR, each passenger's ticket and baggage,
    // the flown segments with terminals, the fare brand and the fare rules in short.
    const detail = await t.app.inject({ method: 'GET', url: `/api/voucher/${id}`, headers: admin });
    expect(detail.statusCode, detail.body).toBe(200);
    const eTicket = detail.json().section;
    expect(eTicket.kind).toBe('flight');
    expect(eTicket.pnr).toBe(section.pnr);
    expect(eTicket.passengers.map((p: { type: string }) => p.type)).toEqual(['adult', 'adult', 'child']);
    for (const p of eTicket.passengers) {
      expect(p.ticketNumber).toMatch(/^\d{3}-?\d{10}$/);
      expect(p.baggage).toMatch(/en bodega|de mano/);
    }
    expect(eTicket.baggage).toMatch(/^Adulto: .*; Niño: /);
    expect(eTicket.segments.length).toBeGreaterThanOrEqual(2);
    expect(eTicket.segments[0].from.name).toBeTruthy();
    expect(eTicket.segments.some((g: { from: { terminal?: string } }) => g.from.terminal)).toBe(true);
    expect(eTicket.fareBrand).toBeTruthy();
    expect(eTicket.fareRules.length).toBeGreaterThan(0);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/voucher/${id}/pdf`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(section.pnr);
    for (const p of eTicket.passengers) expect(text).toContain(`Tiquete ${p.ticketNumber}`);
    const g = eTicket.segments[0];
    expect(text).toContain(`Tramo 1: ${g.carrier} ${g.flightNumber} ${g.from.code} -> ${g.to.code}`);
    expect(text).toContain(`Tarifa`);
    expect(text).toContain('Reglas de la tarifa');

    const after = await call('/api/integrator/santsg/flight/booking/fare-rules', admin, { voucherId: id });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().rules.map((r: { name: string }) => r.name)).toEqual(before.json().rules.map((r: { name: string }) => r.name));

    const again = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': key }, confirmBody(pre));
    expect(again.statusCode).toBe(200);
    expect(again.json().response._id).toBe(id);

    const pre2 = await preReserve();
    const reused = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': key }, confirmBody(pre2));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A confirmed voucher cannot be confirmed again under a new key.
    const twice = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': `tw-${randomUUID()}` }, confirmBody(pre));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('Esta pre-reserva ya no se puede confirmar');
  });

  it('refuses an expired pre-reservation with a Spanish 409 and expires the voucher', async () => {
    const pre = await preReserve();
    const id = pre.response.voucher._id;
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    // The supplier's transaction ran out (20 minutes in TourVisio): its expiry is now in the past.
    const codes = (row.bookingCodes as Record<string, unknown>[]).map((c) => ({
      ...c,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    }));
    await t.database.db.update(vouchers).set({ bookingCodes: codes }).where(eq(vouchers.id, id));
    const res = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': `ex-${randomUUID()}` }, confirmBody(pre));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('La pre-reserva venció: busca el vuelo y pre-resérvalo de nuevo');
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(after.status).toBe('cancelled');
    const retry = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': `ex-${randomUUID()}` }, confirmBody(pre));
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('PRE_RESERVATION_EXPIRED');
  });

  it('an unbooked pre-reservation is released at no cost', async () => {
    const pre = await preReserve();
    const id = pre.response.voucher._id;
    const quote = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/cancel-quote`, headers: admin });
    expect(quote.statusCode, quote.body).toBe(200);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/cancel`, headers: admin, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('cancelled');
    expect(row.penalty?.amount).toBe('0.00');
    const late = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': `cl-${randomUUID()}` }, confirmBody(pre));
    expect(late.statusCode).toBe(409);
  });

  it('a price changed at begin transaction is shown, refused at the old price and booked once accepted', async () => {
    const pre = await preReserve(admin, 'price-change:quote');
    const { priceChanged, price, previousPrice, voucher } = pre.response;
    expect(priceChanged).toBe(true);
    expect(Number(price.amount)).toBeGreaterThan(Number(previousPrice.amount));
    const [held] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher._id));
    expect(held.status).toBe('pre-reserved');
    expect(held.priceGross).toBe(price.amount);
    // Confirming at the searched price (not accepted) books nothing.
    const stale = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': `pa-${randomUUID()}` },
      confirmBody(pre, { price: { gross: previousPrice.amount, currency: previousPrice.currency }, acceptDuplicate: true }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('PRICE_CHANGED');
    expect((await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher._id)))[0].status).toBe('pre-reserved');
    // The agent accepted the new price: the confirmation carries it and books.
    const accepted = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': `pa-${randomUUID()}` },
      confirmBody(pre, { acceptDuplicate: true }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().response.status).toBe('confirmed');
  });

  it('a changed price is a 409 and nothing is booked', async () => {
    const pre = await preReserve();
    const res = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': `pc-${randomUUID()}` },
      confirmBody(pre, { price: { gross: '1.00', currency: pre.response.price.currency } }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRICE_CHANGED');
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, pre.response.voucher._id));
    expect(row.status).toBe('pre-reserved');
  });

  it('asks before a duplicate; a lost commit answer leaves the voucher pending and the recovery worker confirms it', async () => {
    const pre = await preReserve();
    // The same leader on the same first flight as an earlier booking: the supplier warns, the agent is asked.
    const warned = await call('/api/voucher/confirm-reserve', { ...admin, 'idempotency-key': `dp-${randomUUID()}` }, confirmBody(pre));
    expect(warned.statusCode, warned.body).toBe(409);
    expect(warned.json().code).toBe('SUPPLIER_DUPLICATE_RESERVATION');
    const [kept] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, pre.response.voucher._id));
    expect(kept.status).toBe('pre-reserved');
    const key = `lr-${randomUUID()}`;
    const res = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': key, 'x-sim-scenario': 'lost-reply:book' },
      confirmBody(pre, { acceptDuplicate: true }),
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    expect(id).toBe(pre.response.voucher._id);
    expect(res.json().response.status).toBe('pending-provider');
    const retry = await call(
      '/api/voucher/confirm-reserve',
      { ...admin, 'idempotency-key': key },
      confirmBody(pre, { acceptDuplicate: true }),
    );
    expect(retry.json().response._id).toBe(id);
    const pass = await t.app.services.booking.recoverDue();
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('confirmed');
    expect((row.product.section as { pnr?: string } | undefined)?.pnr).toBeTruthy();
    expect(await t.database.db.select().from(bookingRecovery).where(eq(bookingRecovery.voucherId, id))).toHaveLength(0);

    // Cancellation through the engine: the airline's penalty first, then the cancellation.
    const penalty = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/cancel-quote`, headers: admin });
    expect(penalty.statusCode, penalty.body).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/cancel`, headers: admin, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });
});

describe('TourVisio bearer expiry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token the supplier expired before the expiry it reported is renewed once and the call retried', async () => {
    const acct = await createProviderAccount(t.app, admin, 'santsg', { agency: 'PXM25', user: 'reloj', password: 'sandbox' });
    const first = await call(SEARCH, admin, searchBody({ provider: acct }));
    expect(first.statusCode, first.body).toBe(200);
    // 70 minutes later: past the token's real life (60 min), before the reported one (120 min) and our
    // early refresh (5 min before it), so the adapter still sends it and TourVisio answers 401.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 70 * 60_000 });
    const later = await call(SEARCH, admin, searchBody({ provider: acct }));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().itemFound).toBeGreaterThan(0);
    // One refused search, one new login, one retried search (the audit rows of one flush share their time).
    expect((await supplierCalls({ accountId: acct })).sort()).toEqual([
      'flight.login:200',
      'flight.login:200',
      'flight.search:200',
      'flight.search:200',
      'flight.search:401',
    ]);
  });
});
