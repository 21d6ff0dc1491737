import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { FlightSearchInput, FlightSupplier, Traveller } from '../types.js';
import { clearTourVisioTokens } from './client.js';

/** Contract: the TourVisio flight adapter against the simulator over real HTTP. */
let h: SupplierHarness;
let flights: FlightSupplier;
const oneWay: FlightSearchInput = {
  serviceType: 'one-way',
  legs: [{ from: { code: 'BOG', type: 'airport' }, to: { code: 'MIA', type: 'airport' }, date: inDays(30) }],
  passengers: { adults: 2, children: 1, infants: 0 },
};
const roundTrip: FlightSearchInput = { ...oneWay, serviceType: 'round-trip', returnDate: inDays(37) };
const travellers: Traveller[] = [
  {
    name: 'Ana',
    surname: 'Pérez',
    type: 'adult',
    title: 'Ms',
    gender: 'F',
    birthDate: '1985-02-03',
    nationality: 'CO',
    passport: { number: 'AB123', expireDate: '2030-01-01', citizenshipCountryCode: 'CO' },
  },
  {
    name: 'Luis',
    surname: 'Pérez',
    type: 'adult',
    title: 'Mr',
    gender: 'M',
    birthDate: '1984-06-07',
    nationality: 'CO',
    passport: { number: 'AB124', expireDate: '2030-01-01', citizenshipCountryCode: 'CO' },
  },
  {
    name: 'Sol',
    surname: 'Pérez',
    type: 'child',
    gender: 'F',
    birthDate: '2018-01-01',
    nationality: 'CO',
    passport: { number: 'AB125', expireDate: '2030-01-01', citizenshipCountryCode: 'CO' },
  },
];
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;

beforeAll(async () => {
  h = await startSupplierHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  flights = h.registry.flight(h.account('santsg'));
});

describe('tourvisio flights: contract', () => {
  it('check-in dates for a route', async () => {
    const dates = await flights.checkInDates({
      serviceType: 'one-way',
      from: { code: 'BOG', type: 'airport' },
      to: { code: 'CUN', type: 'airport' },
    });
    expect(dates.length).toBeGreaterThan(100);
    expect(dates[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('round trip full flow: search, quote, book, read, find, simulate and cancel', async () => {
    const res = await flights.search(roundTrip);
    expect(res.offers.length).toBeGreaterThan(0);
    expect(res.offers.length).toBeLessThanOrEqual(10);
    const offer = res.offers[0];
    expect(offer.offerIds).toHaveLength(2);
    expect(offer.segments.map((s) => s.route)).toEqual([1, 2]);
    expect(offer.total.currency).toBe('USD');

    const quote = await flights.quote(offer);
    expect(quote.priceChanged).toBe(false);
    expect(quote.total).toEqual(offer.total);
    expect(quote.token.kind).toBe('transactionId');
    expect(Date.parse(quote.token.expiresAt ?? '') - Date.now()).toBeGreaterThan(15 * 60_000);
    expect(quote.travellerIds).toHaveLength(3);

    const clientReference = ref();
    const booking = await flights.book({ quote, holder, travellers, clientReference });
    expect(booking.status).toBe('confirmed');
    expect(booking.clientReference).toBe(clientReference);
    expect(booking.total).toEqual(quote.total);
    expect(booking.segments.length).toBe(2);
    expect((await flights.read(booking.ref)).ref.locator).toBe(booking.ref.locator);
    expect((await flights.findByClientReference(clientReference, { from: inDays(0), to: inDays(60) }))?.ref.locator).toBe(
      booking.ref.locator,
    );
    expect(await flights.findByClientReference(ref(), { from: inDays(0), to: inDays(60) })).toBeNull();

    const sim = await flights.cancel(booking.ref, { simulate: true });
    expect(sim.penaltyKnown).toBe(true);
    expect(new Decimal(sim.penalty?.amount ?? '0').gt(0)).toBe(true);
    const done = await flights.cancel(booking.ref, { simulate: false });
    expect(done.status).toBe('cancelled');
    expect((await flights.read(booking.ref)).status).toBe('cancelled');
    expect((await caught(() => flights.cancel(booking.ref, { simulate: false }))).code).toBe('SUPPLIER_NOT_CANCELLABLE');
  });

  it('agent detail: fees in the total, breakdown, baggage per passenger type, brand, seats, legs and layovers, leg pairing', async () => {
    const res = await flights.search({
      ...roundTrip,
      legs: [{ ...roundTrip.legs[0], to: { code: 'CUN', type: 'airport' } }],
      childrenAges: [8],
    });
    const offer = res.offers[0];
    expect(offer.priceBreakdown?.perPassenger.map((p) => [p.type, p.count])).toEqual([
      ['adult', 2],
      ['child', 1],
    ]);
    const b = offer.priceBreakdown;
    expect(new Decimal(b?.fare.amount ?? 0).plus(b?.serviceFee?.amount ?? 0).toFixed(2)).toBe(offer.total.amount);
    expect(new Decimal(b?.serviceFee?.amount ?? 0).gt(0)).toBe(true);
    expect(offer.baggage?.map((x) => `${x.passengerType}:${x.kind}`)).toEqual(
      expect.arrayContaining(['adult:checked', 'adult:cabin', 'child:checked', 'child:cabin']),
    );
    expect(offer.fareBrand?.name).toBeTruthy();
    expect(offer.seatsLeft).toBeGreaterThan(0);
    expect(offer.legOptions?.map((l) => l.route)).toEqual([1, 2]);
    expect(offer.segments[0].legs?.[0]).toMatchObject({ from: { airport: 'BOG', terminal: expect.any(String) } });
    expect(offer.childrenAges).toEqual([8]);
    const all = (await Promise.all([1, 2, 3].map((page) => flights.search({ ...roundTrip, page })))).flatMap((r) => r.offers);
    const connection = all.flatMap((o) => o.segments).find((s) => s.stops > 0);
    if (connection) expect(connection.layovers).toEqual([{ airport: connection.legs?.[1].from.airport, minutes: 90 }]);
    const quote = await flights.quote(offer);
    expect(quote.total).toEqual(offer.total);
  });

  it('pre-reservation then confirmation: requirements, fare rules, PNR and tickets, duplicate warning, birth-date window', async () => {
    const offer = (await flights.search(roundTrip)).offers[0];
    const quote = await flights.quote(offer);
    expect(quote.travellerRequirements?.map((r) => r.type)).toEqual(['adult', 'adult', 'child']);
    expect(quote.travellerRequirements?.[0].requiredFields).toEqual(expect.arrayContaining(['birthdate', 'leaderemail', 'passportinfo']));
    expect(quote.travellerRequirements?.[2].birthDateFrom).toBeTruthy();
    expect((await flights.fareRules({ quote })).map((r) => r.name)).toContain('PENALTIES');
    const tooOld = travellers.map((t, i) => (i === 2 ? { ...t, birthDate: '2005-01-01' } : t));
    expect((await caught(() => flights.book({ quote, holder, travellers: tooOld, clientReference: ref() }))).code).toBe(
      'SUPPLIER_INVALID_REQUEST',
    );
    const named = travellers.map((t) => ({ ...t, surname: `Prueba${randomUUID().slice(0, 6)}` }));
    const booking = await flights.book({ quote, holder, travellers: named, clientReference: ref() });
    expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(booking.tickets?.map((t) => t.surname)).toEqual(named.map((t) => t.surname));
    expect(booking.tickets?.every((t) => /^\d{13}$/.test(t.ticketNumber))).toBe(true);
    expect((await flights.fareRules({ ref: booking.ref })).length).toBeGreaterThan(1);

    const again = await flights.quote(offer);
    const dup = await caught(() => flights.book({ quote: again, holder, travellers: named, clientReference: ref() }));
    expect(dup.code).toBe('SUPPLIER_DUPLICATE_RESERVATION');
    const second = await flights.book({ quote: again, holder, travellers: named, clientReference: ref(), acceptDuplicate: true });
    expect(second.ref.locator).not.toBe(booking.ref.locator);
  });

  it('packaged round trips cost the higher leg, others the sum', async () => {
    // The simulator's flights vary by day: take the first trip of the coming weeks with more than one page.
    let trip = roundTrip;
    let res = await flights.search({ ...trip, page: 1 });
    for (let d = 31; res.total <= 10 && d < 90; d++) {
      trip = { ...roundTrip, legs: [{ ...roundTrip.legs[0], date: inDays(d) }], returnDate: inDays(d + 7) };
      res = await flights.search({ ...trip, page: 1 });
    }
    expect(res.offers).toHaveLength(10);
    expect(res.total).toBeGreaterThan(10);
    const pages = await Promise.all(Array.from({ length: Math.ceil(res.total / 10) }, (_, i) => flights.search({ ...trip, page: i + 1 })));
    const all = pages.flatMap((p) => p.offers);
    expect(all).toHaveLength(res.total);
    const packaged = all.find((o) => o.isPackageOffer);
    const interline = all.find((o) => !o.isPackageOffer);
    expect(interline).toBeDefined();
    if (packaged) {
      // The supplier prices a packaged pair as a whole: begintransaction agrees with our max-of-legs total.
      const q = await flights.quote(packaged);
      expect(q.total).toEqual(packaged.total);
    }
  });

  it('one way and multi-city (one documented serviceTypes-3 search, legs by segmentNumber, combined)', async () => {
    const ow = await flights.search(oneWay);
    expect(ow.offers[0].offerIds).toHaveLength(1);
    const multi = await flights.search({
      ...oneWay,
      serviceType: 'multi-city',
      legs: [
        { from: { code: 'BOG', type: 'airport' }, to: { code: 'MAD', type: 'airport' }, date: inDays(30) },
        { from: { code: 'MAD', type: 'airport' }, to: { code: 'BCN', type: 'airport' }, date: inDays(34) },
        { from: { code: 'BCN', type: 'airport' }, to: { code: 'BOG', type: 'airport' }, date: inDays(40) },
      ],
    });
    expect(multi.offers.length).toBe(10);
    expect(multi.offers[0].offerIds).toHaveLength(3);
    expect(multi.offers[0].segments.map((s) => s.route)).toEqual([1, 2, 3]);
    const quote = await flights.quote(multi.offers[0]);
    expect(quote.total).toEqual(multi.offers[0].total);
  });

  it('logs in once, then re-logs in when the server says the token expired', async () => {
    const skewed = await startSupplierHarness({ sim: { santsgTokenTtlMs: 300, santsgClockSkewMs: 3_600_000 } });
    try {
      clearTourVisioTokens();
      const account = skewed.account('santsg');
      const sup = skewed.registry.flight(account);
      await sup.search(oneWay);
      await new Promise((r) => setTimeout(r, 400));
      const res = await sup.search(oneWay);
      expect(res.offers.length).toBeGreaterThan(0);
      const ops = skewed.audit.entries.map((e) => `${e.operation}:${e.responseStatus}`);
      expect(ops).toEqual(['flight.login:200', 'flight.search:200', 'flight.search:401', 'flight.login:200', 'flight.search:200']);
      expect(JSON.stringify(skewed.audit.entries)).not.toMatch(/Bearer [^*]/);
    } finally {
      await skewed.close();
    }
  });

  it('tests the connection (login)', async () => {
    expect((await h.registry.testConnection(h.account('santsg'))).ok).toBe(true);
    const bad = await h.registry.testConnection(h.account('santsg', { credentials: { agency: 'A', user: 'u', password: 'x' } }));
    expect(bad.ok).toBe(false);
    expect(bad.checks[0].message).toMatch(/credenciales/);
  });
});

describe('tourvisio flights: injected failures', () => {
  for (const [scenario, code] of [
    ['error-500', 'SUPPLIER_UNAVAILABLE'],
    ['malformed', 'SUPPLIER_BAD_RESPONSE'],
    ['truncated', 'SUPPLIER_UNAVAILABLE'],
    ['quota', 'SUPPLIER_QUOTA'],
  ] as const) {
    it(`${scenario} → ${code}`, async () => {
      clearTourVisioTokens();
      expect((await caught(() => flights.search(oneWay, { simScenario: `${scenario}:search` }))).code).toBe(code);
    });
  }

  it('timeout → SUPPLIER_TIMEOUT', async () => {
    const sup = h.registry.flight(h.account('santsg', { timeouts: { 'flight.search': 150 } }));
    expect((await caught(() => sup.search(oneWay, { simScenario: 'timeout:search' }))).code).toBe('SUPPLIER_TIMEOUT');
  });

  it('price change at begintransaction', async () => {
    const offer = (await flights.search(oneWay)).offers[0];
    const quote = await flights.quote(offer, { simScenario: 'price-change' });
    expect(quote.priceChanged).toBe(true);
    expect(new Decimal(quote.total.amount).gt(offer.total.amount)).toBe(true);
  });

  it('expired offer / transaction → SUPPLIER_TOKEN_EXPIRED', async () => {
    const offer = (await flights.search(oneWay)).offers[0];
    expect((await caught(() => flights.quote(offer, { simScenario: 'expired-token' }))).code).toBe('SUPPLIER_TOKEN_EXPIRED');
    const quote = await flights.quote(offer);
    expect(
      (await caught(() => flights.book({ quote, holder, travellers, clientReference: ref() }, { simScenario: 'expired-token' }))).code,
    ).toBe('SUPPLIER_TOKEN_EXPIRED');
  });

  it('on request at commit', async () => {
    const quote = await flights.quote((await flights.search(oneWay)).offers[0]);
    const b = await flights.book(
      { quote, holder, travellers, clientReference: ref(), acceptDuplicate: true },
      { simScenario: 'on-request' },
    );
    expect(b.status).toBe('on-request');
  });

  it('lost commit reply → SUPPLIER_OUTCOME_UNKNOWN, found by agencyReservationNumber', async () => {
    const quote = await flights.quote((await flights.search(oneWay)).offers[0]);
    const clientReference = ref();
    const err = await caught(() =>
      flights.book({ quote, holder, travellers, clientReference, acceptDuplicate: true }, { simScenario: 'lost-reply' }),
    );
    expect(err.code).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    const found = await flights.findByClientReference(clientReference, { from: inDays(0), to: inDays(60) });
    expect(found?.status).toBe('confirmed');
  });

  it('absurd prices are dropped', async () => {
    const res = await flights.search(oneWay, { simScenario: 'absurd-prices' });
    expect(res.dropped).toBeGreaterThan(0);
    for (const o of res.offers) expect(new Decimal(o.total.amount).gt(0)).toBe(true);
  });
});
