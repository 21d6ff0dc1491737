import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import { choicesFor } from '../../../test/ticket-choices.js';
import type { TicketSearchInput, TicketSupplier, TransferSearchInput, TransferSupplier } from '../types.js';

/** Contract: Hotelbeds Activities and Transfers against the simulator, each with its own key pair. */
let h: SupplierHarness;
let tickets: TicketSupplier;
let transfers: TransferSupplier;
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const ticketSearch: TicketSearchInput = { destination: 'CTG', from: inDays(20), to: inDays(20), paxAges: [30, 32, 8] };
const transferSearch: TransferSearchInput = {
  from: { type: 'IATA', code: 'CTG' },
  to: { type: 'ATLAS', code: '100000' },
  outbound: `${inDays(25)}T10:30:00`,
  inbound: `${inDays(29)}T15:00:00`,
  adults: 2,
  children: 1,
  infants: 0,
};

beforeAll(async () => {
  h = await startSupplierHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  const account = h.account('hotelbeds');
  tickets = h.registry.ticket(account);
  transfers = h.registry.transfer(account);
});

describe('hotelbeds activities (tickets)', () => {
  it('full flow: search, details quote, book, read, find, simulate and cancel', async () => {
    const res = await tickets.search(ticketSearch);
    expect(res.offers.length).toBeGreaterThan(3);
    const offer = res.offers[0];
    expect(offer.activity.code).toMatch(/^E-CTG-/);
    const quote = await tickets.quote(offer);
    expect(quote.priceChanged).toBe(false);
    const clientReference = ref();
    const paxes = [
      { name: 'Ana', surname: 'Pérez', type: 'adult' as const, age: 30 },
      { name: 'Luis', surname: 'Pérez', type: 'adult' as const, age: 32 },
      { name: 'Sol', surname: 'Pérez', type: 'child' as const, age: 8 },
    ];
    const booking = await tickets.book({ quote, holder, paxes, clientReference, ...choicesFor(quote) });
    expect(booking).toMatchObject({ status: 'confirmed', clientReference, total: quote.total, kind: 'ticket' });
    expect((await tickets.read(booking.ref)).activity?.code).toBe(offer.activity.code);
    expect((await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.ref).toEqual(booking.ref);
    const sim = await tickets.cancel(booking.ref, { simulate: true });
    expect(sim.penaltyKnown).toBe(true);
    const done = await tickets.cancel(booking.ref, { simulate: false });
    expect(done.status).toBe('cancelled');
    expect((await tickets.read(booking.ref)).status).toBe('cancelled');
  });

  it('price change at details, expired rateKey at booking, lost reply then found', async () => {
    const offer = (await tickets.search(ticketSearch)).offers[0];
    const changed = await tickets.quote(offer, { simScenario: 'price-change' });
    expect(changed.priceChanged).toBe(true);
    expect(new Decimal(changed.total.amount).gt(offer.total.amount)).toBe(true);
    const quote = await tickets.quote(offer);
    const paxes = ticketSearch.paxAges.map((age, i) => ({
      name: `P${i}`,
      surname: 'X',
      type: age >= 12 ? ('adult' as const) : ('child' as const),
      age,
    }));
    expect(
      (
        await caught(() =>
          tickets.book({ quote, holder, paxes, clientReference: ref(), ...choicesFor(quote) }, { simScenario: 'expired-token' }),
        )
      ).code,
    ).toBe('SUPPLIER_TOKEN_EXPIRED');
    const clientReference = ref();
    expect(
      (await caught(() => tickets.book({ quote, holder, paxes, clientReference, ...choicesFor(quote) }, { simScenario: 'lost-reply' })))
        .code,
    ).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect((await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.status).toBe('confirmed');
    // The documented list filters by service date and honours hide-booking (docs/decisions/0182).
    expect(await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(5) })).toBeNull();
    expect(
      await tickets.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }, { simScenario: 'hide-booking' }),
    ).toBeNull();
  });

  it('transport failures and absurd prices', async () => {
    expect((await caught(() => tickets.search(ticketSearch, { simScenario: 'malformed' }))).code).toBe('SUPPLIER_BAD_RESPONSE');
    expect((await caught(() => tickets.search(ticketSearch, { simScenario: 'quota' }))).code).toBe('SUPPLIER_QUOTA');
    const res = await tickets.search(ticketSearch, { simScenario: 'absurd-prices' });
    expect(res.dropped).toBeGreaterThan(0);
  });

  it('an account without activity keys answers our auth error', async () => {
    const account = h.account('hotelbeds');
    delete account.credentials.activitiesApiKey;
    expect((await caught(() => h.registry.ticket(account).search(ticketSearch))).code).toBe('SUPPLIER_AUTH');
  });
});

describe('hotelbeds transfers', () => {
  it('full flow: round-trip availability, re-quote, book, read, find, simulate and cancel', async () => {
    const res = await transfers.search(transferSearch);
    expect(new Set(res.offers.map((o) => o.direction))).toEqual(new Set(['ARRIVAL', 'DEPARTURE']));
    const offer = res.offers.find((o) => o.direction === 'ARRIVAL' && o.transferType === 'PRIVATE')!;
    const quote = await transfers.quote(offer);
    expect(quote.priceChanged).toBe(false);
    const clientReference = ref();
    const booking = await transfers.book({
      quote,
      holder,
      clientReference,
      transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' },
    });
    expect(booking).toMatchObject({ status: 'confirmed', clientReference, total: quote.total });
    expect(booking.transfers[0]).toMatchObject({ direction: 'ARRIVAL', time: '10:30:00' });
    expect((await transfers.read(booking.ref)).ref).toEqual(booking.ref);
    expect((await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.ref).toEqual(booking.ref);
    const sim = await transfers.cancel(booking.ref, { simulate: true });
    expect(sim.penalty?.amount).toBe('0.00');
    expect((await transfers.cancel(booking.ref, { simulate: false })).status).toBe('cancelled');
    expect((await caught(() => transfers.cancel(booking.ref, { simulate: false }))).code).toBe('SUPPLIER_NOT_CANCELLABLE');
  });

  it('price change at re-quote, bad holder, lost reply, timeouts', async () => {
    const offer = (await transfers.search(transferSearch)).offers[0];
    expect((await transfers.quote(offer, { simScenario: 'price-change' })).priceChanged).toBe(true);
    const quote = await transfers.quote(offer);
    const transport = { type: 'FLIGHT' as const, code: 'AV1' };
    expect(
      (await caught(() => transfers.book({ quote, holder: { ...holder, phone: '300' }, clientReference: ref(), transport }))).code,
    ).toBe('SUPPLIER_INVALID_REQUEST');
    const clientReference = ref();
    expect((await caught(() => transfers.book({ quote, holder, clientReference, transport }, { simScenario: 'lost-reply' }))).code).toBe(
      'SUPPLIER_OUTCOME_UNKNOWN',
    );
    expect((await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.status).toBe('confirmed');
    // The documented list filters by service date and honours hide-booking (docs/decisions/0182).
    expect(await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(5) })).toBeNull();
    expect(
      await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }, { simScenario: 'hide-booking' }),
    ).toBeNull();
    const slow = h.registry.transfer(h.account('hotelbeds', { timeouts: { 'transfer.search': 100 } }));
    expect((await caught(() => slow.search(transferSearch, { simScenario: 'timeout' }))).code).toBe('SUPPLIER_TIMEOUT');
    expect((await caught(() => transfers.search(transferSearch, { simScenario: 'error-500' }))).code).toBe('SUPPLIER_UNAVAILABLE');
  });
});
