import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { TicketOffer, TicketQuote, TicketSearchInput, TicketSupplier, Traveller } from '../types.js';

/** Contract: Juniper tickets (services) against the simulator, with the hotels' failure scenarios. */
let h: SupplierHarness;
let tickets: TicketSupplier;
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233', nationality: 'CO' };
const search: TicketSearchInput = { destination: 'CTG', from: inDays(20), to: inDays(20), paxAges: [30, 32, 8] };
const paxes: Traveller[] = [
  { name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 },
  { name: 'Luis', surname: 'Pérez', type: 'adult', age: 32 },
  { name: 'Sol', surname: 'Pérez', type: 'child', age: 8 },
];
const choices = (q: TicketQuote) => ({
  ...(q.sessions?.length ? { session: q.sessions[0].code } : {}),
  answers: (q.questions ?? []).map((x) => ({ code: x.code, answer: 'Hotel Caribe' })),
});
const pick = (offers: TicketOffer[], test: (o: TicketOffer) => boolean) => {
  const hit = offers.find(test);
  if (!hit) throw new Error('no such offer in the simulator inventory');
  return hit;
};

beforeAll(async () => {
  h = await startSupplierHarness();
  tickets = h.registry.ticket(h.account('juniper'));
});
afterAll(() => h.close());

describe('juniper tickets', () => {
  it('full flow: ticket zones, ServiceAvail, rules, booking, read, find, cancel quote and cancel', async () => {
    const res = await tickets.search(search);
    expect(res.offers.length).toBeGreaterThan(3);
    const offer = res.offers[0];
    expect(offer).toMatchObject({ supplier: 'juniper', token: { kind: 'RatePlanCode' }, from: search.from });
    const quote = await tickets.quote(offer);
    expect(quote.token.kind).toBe('BookingCode');
    expect(quote.priceChanged).toBe(false);
    expect(quote.cancellation.refundable).toBe(true);
    const clientReference = ref();
    const booking = await tickets.book({ quote, holder, paxes, clientReference, ...choices(quote) });
    expect(booking).toMatchObject({ status: 'confirmed', clientReference, total: quote.total, kind: 'ticket' });
    expect(booking.activity?.code).toBe(offer.activity.code);
    expect(booking.paxes?.map((p) => p.age)).toEqual([30, 32, 8]);
    expect((await tickets.read(booking.ref)).ref.locator).toBe(booking.ref.locator);
    expect((await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.ref).toEqual(booking.ref);
    const sim = await tickets.cancel(booking.ref, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, penaltyKnown: true });
    expect((await tickets.cancel(booking.ref, { simulate: false })).status).toBe('cancelled');
    expect((await tickets.read(booking.ref)).status).toBe('cancelled');
  });

  it('sessions: each start time has its own RatePlanCode; booking another session re-rules it', async () => {
    const { offers } = await tickets.search(search);
    const timed = pick(offers, (o) => (o.sessions?.length ?? 0) > 1);
    expect(timed.sessions?.map((s) => s.code)).toEqual(['09:00', '15:00']);
    const quote = await tickets.quote(timed);
    expect(
      (await caught(() => tickets.book({ quote, holder, paxes, clientReference: ref(), ...choices(quote), session: undefined }))).code,
    ).toBe('SUPPLIER_INVALID_REQUEST');
    const booking = await tickets.book({ quote, holder, paxes, clientReference: ref(), ...choices(quote), session: '15:00' });
    expect(booking.session).toEqual({ code: '15:00', name: '15:00' });
  });

  it('required fields: the pickup hotel is asked for, the meeting point kept; address with required-address', async () => {
    const { offers } = await tickets.search(search);
    const pickup = pick(offers, (o) => Boolean(o.pickupPoints?.length));
    const quote = await tickets.quote(pickup);
    expect(quote.questions).toEqual([{ code: 'HotelService', text: 'Hotel name (pickup)', required: true }]);
    const none = await caught(() => tickets.book({ quote, holder, paxes, clientReference: ref(), session: quote.sessions?.[0]?.code }));
    expect(none.code).toBe('SUPPLIER_INVALID_REQUEST');
    const point = quote.pickupPoints?.[0]?.code;
    const booking = await tickets.book({ quote, holder, paxes, clientReference: ref(), ...choices(quote), pickupPoint: point });
    expect(booking.pickupPoint?.code).toBe(point);
    const strict = await tickets.quote(
      pick(offers, (o) => !o.pickupPoints?.length),
      { simScenario: 'required-address:quote' },
    );
    expect(strict.requiredHolderFields).toEqual(expect.arrayContaining(['phone', 'address', 'city', 'country', 'postalCode']));
    expect((await caught(() => tickets.book({ quote: strict, holder, paxes, clientReference: ref(), ...choices(strict) }))).code).toBe(
      'SUPPLIER_INVALID_REQUEST',
    );
    const full = { ...holder, address: { line: 'Calle 1 # 2-3', city: 'Cartagena', postalCode: '130001', country: 'CO' } };
    expect((await tickets.book({ quote: strict, holder: full, paxes, clientReference: ref(), ...choices(strict) })).status).toBe(
      'confirmed',
    );
  });

  it('price change, on request, expired codes, lost reply found again', async () => {
    const offer = (await tickets.search(search)).offers[0];
    const changed = await tickets.quote(offer, { simScenario: 'price-change:quote' });
    expect(changed.priceChanged).toBe(true);
    expect(new Decimal(changed.total.amount).gt(offer.total.amount)).toBe(true);
    expect((await tickets.quote(offer, { simScenario: 'on-request:quote' })).availability).toBe('on-request');
    expect((await caught(() => tickets.quote(offer, { simScenario: 'expired-token:quote' }))).code).toBe('SUPPLIER_TOKEN_EXPIRED');
    const quote = await tickets.quote(offer);
    expect(
      (
        await caught(() =>
          tickets.book({ quote, holder, paxes, clientReference: ref(), ...choices(quote) }, { simScenario: 'expired-token:book' }),
        )
      ).code,
    ).toBe('SUPPLIER_TOKEN_EXPIRED');
    const pending = await tickets.book(
      { quote, holder, paxes, clientReference: ref(), ...choices(quote) },
      { simScenario: 'on-request:book' },
    );
    expect(pending.status).toBe('on-request');
    const clientReference = ref();
    expect(
      (await caught(() => tickets.book({ quote, holder, paxes, clientReference, ...choices(quote) }, { simScenario: 'lost-reply' }))).code,
    ).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect((await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.status).toBe('confirmed');
    const found = await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) });
    if (!found) throw new Error('lost booking not found');
    expect((await caught(() => tickets.cancel(found.ref, { simulate: false }, { simScenario: 'lost-reply' }))).code).toBe(
      'SUPPLIER_OUTCOME_UNKNOWN',
    );
    expect((await tickets.read(found.ref)).status).toBe('cancelled');
    expect(
      await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }, { simScenario: 'hide-booking' }),
    ).toBeNull();
  });

  it('failures: no availability, absurd prices, malformed, quota, timeout, server error, bad login', async () => {
    // A fresh account per failure: the per-account circuit breaker would open after a few.
    const fresh = () => h.registry.ticket(h.account('juniper'));
    expect((await tickets.search(search, { simScenario: 'no-avail' })).offers).toEqual([]);
    const all = await tickets.search(search);
    const absurd = await tickets.search(search, { simScenario: 'absurd-prices' });
    expect(absurd.dropped).toBeGreaterThan(0);
    expect(absurd.offers.length).toBeLessThan(all.offers.length);
    expect((await caught(() => fresh().search(search, { simScenario: 'malformed' }))).code).toBe('SUPPLIER_BAD_RESPONSE');
    expect((await caught(() => fresh().search(search, { simScenario: 'quota' }))).code).toBe('SUPPLIER_QUOTA');
    expect((await caught(() => fresh().search(search, { simScenario: 'error-500' }))).code).toBe('SUPPLIER_UNAVAILABLE');
    expect((await caught(() => fresh().search(search, { simScenario: 'unavailable' }))).code).toBe('SUPPLIER_UNAVAILABLE');
    expect((await caught(() => fresh().search(search, { simScenario: 'truncated' }))).code).toBe('SUPPLIER_UNAVAILABLE');
    expect((await tickets.search(search, { simScenario: 'slow' })).offers.length).toBe(all.offers.length);
    const slow = h.registry.ticket(h.account('juniper', { timeouts: { 'ticket.search': 300 } }));
    expect((await caught(() => slow.search(search, { simScenario: 'timeout' }))).code).toBe('SUPPLIER_TIMEOUT');
    const bad = h.registry.ticket(h.account('juniper', { credentials: { email: 'x@demo.com', password: 'wrong' } }));
    const zone = String(all.offers[0].supplierData.zone);
    expect((await caught(() => bad.search({ ...search, destination: zone }))).code).toBe('SUPPLIER_AUTH');
  });
});
