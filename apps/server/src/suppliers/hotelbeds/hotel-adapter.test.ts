import { randomUUID } from 'node:crypto';
import type { HotelContent } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeHotelContract } from '../../../test/hotel-contract.js';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import { AppError } from '../../http/errors.js';
import type { HotelOffer, HotelSearchInput, HotelSupplier } from '../types.js';

/** Contract: the Hotelbeds hotel adapter against the simulator over real HTTP. */
let h: SupplierHarness;
let hotels: HotelSupplier;
const search: HotelSearchInput = {
  checkIn: inDays(30),
  checkOut: inDays(33),
  rooms: [{ adults: 2, childrenAges: [] }],
  destination: 'CTG',
};
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const pax = [
  [
    { name: 'Ana', surname: 'Pérez', type: 'adult' as const },
    { name: 'Luis', surname: 'Gómez', type: 'adult' as const },
  ],
];

/** The shared hotel contract, with a child and two rooms of different occupancy. */
describeHotelContract(
  'hotelbeds',
  {
    checkIn: inDays(45),
    checkOut: inDays(47),
    destination: 'BCN',
    rooms: [
      { adults: 2, childrenAges: [4] },
      { adults: 1, childrenAges: [] },
    ],
  },
  { refLength: 20 },
);

beforeAll(async () => {
  h = await startSupplierHarness();
  hotels = h.registry.hotel(h.account('hotelbeds'));
});
afterAll(() => h.close());

async function bookable(sup = hotels, input = search): Promise<HotelOffer> {
  const res = await sup.search(input);
  expect(res.offers.length).toBeGreaterThan(0);
  return res.offers[0];
}

describe('hotelbeds hotels: full flow', () => {
  it('searches, quotes, books, reads, finds by reference and cancels', async () => {
    const res = await hotels.search(search);
    expect(res.offers.length).toBeGreaterThan(3);
    expect(res.dropped).toBe(0);
    const offer = res.offers[0];
    expect(offer.supplier).toBe('hotelbeds');
    expect(offer.total.currency).toBe('USD');
    expect(new Decimal(offer.total.amount).gt(0)).toBe(true);
    expect(offer.rooms[0].code).toMatch(/^[A-Z]{3}\.[A-Z]{2}$/);
    expect(['RO', 'BB', 'HB', 'FB', 'AI']).toContain(offer.board.code);
    expect(offer.token.kind).toBe('rateKey');
    expect(Date.parse(offer.token.expiresAt ?? '')).toBeGreaterThan(Date.now() + 25 * 60_000);
    // sorted cheapest first
    expect(new Decimal(res.offers[0].total.amount).lte(res.offers[res.offers.length - 1].total.amount)).toBe(true);

    const quote = await hotels.quote(offer);
    expect(quote.priceChanged).toBe(false);
    expect(quote.total).toEqual(offer.total);
    expect(quote.cancellation.rules.length).toBeGreaterThan(0);

    const clientReference = ref();
    const booking = await hotels.book({ quote, holder: { name: 'Ana', surname: 'Pérez' }, paxes: pax, clientReference });
    expect(booking.status).toBe('confirmed');
    expect(booking.ref.locator).toMatch(/^\d+-\d+$/);
    expect(booking.clientReference).toBe(clientReference);
    expect(booking.total).toEqual(quote.total);
    expect(booking.payableThrough?.name).toBeTruthy();

    const read = await hotels.read(booking.ref);
    expect(read.ref).toEqual(booking.ref);
    expect(read.hotel?.code).toBe(offer.hotel.code);
    expect(read.checkIn).toBe(search.checkIn);

    const found = await hotels.findByClientReference(clientReference, { from: search.checkIn, to: search.checkIn });
    expect(found?.ref.locator).toBe(booking.ref.locator);

    const sim = await hotels.cancel(booking.ref, { simulate: true });
    expect(sim.simulated).toBe(true);
    expect(sim.penaltyKnown).toBe(true);
    expect((await hotels.read(booking.ref)).status).toBe('confirmed');

    const cancelled = await hotels.cancel(booking.ref, { simulate: false });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellationReference).toBeTruthy();
    expect(cancelled.penalty).toEqual(sim.penalty);
    expect((await hotels.read(booking.ref)).status).toBe('cancelled');

    const again = await caught(() => hotels.cancel(booking.ref, { simulate: false }));
    expect(again.code).toBe('SUPPLIER_NOT_CANCELLABLE');
  });

  it('books several rooms with different occupancies as one offer', async () => {
    const input: HotelSearchInput = {
      ...search,
      rooms: [
        { adults: 2, childrenAges: [5] },
        { adults: 1, childrenAges: [] },
      ],
    };
    const offer = await bookable(hotels, input);
    expect(offer.rooms).toHaveLength(2);
    expect(offer.supplierData.rateKeys).toHaveLength(2);
    const quote = await hotels.quote(offer);
    const booking = await hotels.book({
      quote,
      holder: { name: 'Ana', surname: 'Pérez' },
      paxes: [
        [
          { name: 'Ana', surname: 'Pérez', type: 'adult' },
          { name: 'Juan', surname: 'Pérez', type: 'adult' },
          { name: 'Sol', surname: 'Pérez', type: 'child', age: 5 },
        ],
        [{ name: 'Eva', surname: 'Ruiz', type: 'adult' }],
      ],
      clientReference: ref(),
    });
    expect(booking.rooms).toHaveLength(2);
    expect(booking.total).toEqual(quote.total);
  });

  it('answers no offers, not an error, when nothing is available', async () => {
    const res = await hotels.search(search, { simScenario: 'no-avail' });
    expect(res.offers).toEqual([]);
  });

  it('tests the connection of every configured key pair', async () => {
    const ok = await h.registry.testConnection(h.account('hotelbeds'));
    expect(ok.ok).toBe(true);
    expect(ok.checks.map((c) => c.product)).toEqual(['hotel', 'ticket', 'transfer']);
    const bad = await h.registry.testConnection(h.account('hotelbeds', { credentials: { hotelsApiKey: 'x', hotelsSecret: 'wrong' } }));
    expect(bad.ok).toBe(false);
    expect(bad.checks[0].message).toBe('Las credenciales del proveedor no son válidas. Revisa la cuenta del proveedor.');
  });

  it('keeps every exchange in the audit log with credentials masked', async () => {
    const correlationId = randomUUID();
    await hotels.search(search, { correlationId });
    const entries = h.audit.entries.filter((e) => e.correlationId === correlationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ supplier: 'hotelbeds', operation: 'hotel.search', responseStatus: 200, method: 'POST' });
    expect(entries[0].requestBody).toContain('"checkIn"');
    expect(JSON.stringify(h.audit.entries)).not.toContain('"sandbox"');
  });
});

describe('hotelbeds hotels: injected failures end in our error type', () => {
  // A fresh account per test: each has its own circuit breaker, which these failures would open.
  let fresh: HotelSupplier;
  beforeEach(() => {
    fresh = h.registry.hotel(h.account('hotelbeds'));
  });

  const cases: [string, string, number][] = [
    ['error-500', 'SUPPLIER_UNAVAILABLE', 502],
    ['unavailable', 'SUPPLIER_UNAVAILABLE', 502],
    ['malformed', 'SUPPLIER_BAD_RESPONSE', 502],
    ['truncated', 'SUPPLIER_UNAVAILABLE', 502],
    ['quota', 'SUPPLIER_QUOTA', 503],
  ];
  for (const [scenario, code, status] of cases) {
    it(`search with ${scenario} → ${code}`, async () => {
      const err = await caught(() => fresh.search(search, { simScenario: scenario }));
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe(code);
      expect(err.status).toBe(status);
      expect(err.message).not.toMatch(/SYSTEM_ERROR|Mashery|HTTP|JSON/);
    });
  }

  it('a timeout on a read is retried, then answers SUPPLIER_TIMEOUT', async () => {
    const sup = h.registry.hotel(h.account('hotelbeds', { timeouts: { 'hotel.search': 150 } }));
    const correlationId = randomUUID();
    const err = await caught(() => sup.search(search, { simScenario: 'timeout', correlationId }));
    expect(err.code).toBe('SUPPLIER_TIMEOUT');
    expect(h.audit.entries.filter((e) => e.correlationId === correlationId)).toHaveLength(3);
  });

  it('slow replies within the timeout still succeed', async () => {
    const res = await fresh.search(search, { simScenario: 'slow' });
    expect(res.offers.length).toBeGreaterThan(0);
  });

  it('a price change at re-quote is reported, with the new price', async () => {
    const offer = await bookable(fresh);
    const quote = await fresh.quote(offer, { simScenario: 'price-change' });
    expect(quote.priceChanged).toBe(true);
    expect(new Decimal(quote.total.amount).gt(offer.total.amount)).toBe(true);
    expect(quote.previousTotal).toEqual(offer.total);
    expect(quote.token.value).not.toBe(offer.token.value);
  });

  it('an expired rateKey → SUPPLIER_TOKEN_EXPIRED', async () => {
    const offer = await bookable(fresh);
    const err = await caught(() => fresh.quote(offer, { simScenario: 'expired-token' }));
    expect(err.code).toBe('SUPPLIER_TOKEN_EXPIRED');
    expect(err.status).toBe(409);
  });

  it('a tampered rateKey → our error, never the supplier text', async () => {
    const offer = await bookable(fresh);
    const err = await caught(() => fresh.quote({ ...offer, token: { ...offer.token, value: 'x' }, supplierData: {} }));
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).not.toContain('rateKey');
  });

  it('a booking left on request is mapped to on-request', async () => {
    const quote = await fresh.quote(await bookable(fresh));
    const b = await fresh.book(
      { quote, holder: { name: 'Ana', surname: 'Pérez' }, paxes: pax, clientReference: ref() },
      { simScenario: 'on-request' },
    );
    expect(b.status).toBe('on-request');
    expect(b.supplierStatus).toBe('PRECONFIRMED');
  });

  it('a lost booking reply → SUPPLIER_OUTCOME_UNKNOWN, not retried, and the booking is found by our reference', async () => {
    const quote = await fresh.quote(await bookable(fresh));
    const clientReference = ref();
    const correlationId = randomUUID();
    const err = await caught(() =>
      fresh.book(
        { quote, holder: { name: 'Ana', surname: 'Pérez' }, paxes: pax, clientReference },
        { simScenario: 'lost-reply', correlationId },
      ),
    );
    expect(err.code).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect(h.audit.entries.filter((e) => e.correlationId === correlationId)).toHaveLength(1);
    const found = await fresh.findByClientReference(clientReference, { from: search.checkIn, to: search.checkIn });
    expect(found?.status).toBe('confirmed');
    expect(found?.clientReference).toBe(clientReference);
  });

  it('absurd prices (zero, negative, 100× the median) are dropped and counted', async () => {
    const res = await fresh.search(search, { simScenario: 'absurd-prices' });
    expect(res.dropped).toBeGreaterThan(0);
    for (const o of res.offers) expect(new Decimal(o.total.amount).gt(0)).toBe(true);
    const metrics = await h.metrics.registry.getSingleMetricAsString('supplier_offers_dropped_total');
    expect(metrics).toMatch(/reason="non-positive-price"/);
  });

  it('wrong credentials → SUPPLIER_AUTH', async () => {
    const sup = h.registry.hotel(h.account('hotelbeds', { credentials: { hotelsApiKey: 'k', hotelsSecret: 'nope' } }));
    const err = await caught(() => sup.search(search));
    expect(err.code).toBe('SUPPLIER_AUTH');
  });

  it('a per-account scenario in the identity credential works without headers', async () => {
    const sup = h.registry.hotel(h.account('hotelbeds', { identity: 'demo+quota' }));
    const err = await caught(() => sup.search(search));
    expect(err.code).toBe('SUPPLIER_QUOTA');
  });

  it('unknown booking → SUPPLIER_BOOKING_NOT_FOUND', async () => {
    const err = await caught(() => fresh.read({ locator: '1-999' }));
    expect(err.code).toBe('SUPPLIER_BOOKING_NOT_FOUND');
    expect(err.status).toBe(404);
  });
});

describe('hotelbeds hotel content (Content API against the simulator)', () => {
  it("answers each hotel's photos on the simulator's copy of the CDN, loadable as JPEG, the same position as availability", async () => {
    const { offers } = await hotels.search(search);
    const code = offers[0].hotel.code;
    const adapter = hotels as HotelSupplier & { hotelContent(codes: string[]): Promise<HotelContent[]> };
    const [content] = await adapter.hotelContent([code, '999999']);
    expect(content).toMatchObject({ code, name: offers[0].hotel.name, category: expect.stringMatching(/EST$/) });
    expect(content.location).toEqual(offers[0].hotel.location);
    expect(content.images?.[0]).toBe(`${h.account('hotelbeds').baseUrl}/giata/${code.slice(0, 2)}/${code}/${code}a_hb_a_001.jpg`);
    const photo = await fetch(content.images?.[0] as string);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a Content API failure is our error type, like any other call', async () => {
    const broken = h.registry.hotel(h.account('hotelbeds', { identity: 'demo+error-500:static' })) as HotelSupplier & {
      hotelContent(codes: string[]): Promise<HotelContent[]>;
    };
    expect(await caught(() => broken.hotelContent(['100003']))).toBeInstanceOf(AppError);
  });
});
