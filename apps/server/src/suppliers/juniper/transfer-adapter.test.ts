import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { TransferOffer, TransferSearchInput, TransferSupplier } from '../types.js';

/** Contract: the Juniper transfer adapter against the simulator — zones, avail, rules, booking, read, cancel, failures. */
let h: SupplierHarness;
let transfers: TransferSupplier;
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
// Cartagena: the airport by IATA code, the hotel zone Bocagrande by its transfer zone code.
const search: TransferSearchInput = {
  from: { type: 'IATA', code: 'CTG' },
  to: { type: 'ATLAS', code: '49002' },
  outbound: `${inDays(25)}T10:30:00`,
  inbound: `${inDays(29)}T15:00:00`,
  adults: 2,
  children: 1,
  infants: 0,
  childrenAges: [8],
};
const oneWay: TransferSearchInput = { ...search, inbound: undefined };
const flight = { type: 'FLIGHT' as const, code: 'AV9540', companyName: 'Avianca' };
const privateVan = (offers: TransferOffer[], leg: 'outbound' | 'return') =>
  offers.find((o) => o.leg === leg && o.vehicleCode === 'PRV-VAN') as TransferOffer;

beforeAll(async () => {
  h = await startSupplierHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  transfers = h.registry.transfer(h.account('juniper'));
});

describe('juniper transfers', () => {
  it('is registered as the juniper transfer adapter', () => {
    expect(h.registry.supports('juniper', 'transfer')).toBe(true);
  });

  it('round trip: avail per leg, mandatory booking rules, one Locator for both legs, read, find, quote and cancel', async () => {
    const { offers } = await transfers.search(search);
    const out = privateVan(offers, 'outbound');
    const back = privateVan(offers, 'return');
    expect(out).toMatchObject({
      direction: 'ARRIVAL',
      pickup: { time: '10:30:00', from: { type: 'IATA' } },
      token: { kind: 'RatePlanCode' },
    });
    expect(back).toMatchObject({ direction: 'DEPARTURE', pickup: { time: '12:00:00' } });
    expect(out.images?.length).toBe(1);
    const [q1, q2] = [await transfers.quote(out), await transfers.quote(back)];
    expect(q1).toMatchObject({ priceChanged: false, token: { kind: 'BookingCode' }, cancellation: { refundable: true } });
    expect(q1.requiredFields).toEqual(expect.arrayContaining(['transportNumber', 'holderPhone', 'holderEmail']));
    const clientReference = ref();
    const booking = await transfers.book({
      quote: q1,
      holder,
      clientReference,
      transport: flight,
      legs: [
        { quote: q1, transport: flight },
        { quote: q2, transport: { ...flight, code: 'AV9541' } },
      ],
      remarks: 'Silla para niño',
    });
    expect(booking).toMatchObject({ status: 'confirmed', clientReference, kind: 'transfer' });
    expect(booking.total.amount).toBe(new Decimal(q1.total.amount).plus(q2.total.amount).toFixed(2));
    expect(booking.legs?.map((l) => [l.direction, l.transport[0]?.code])).toEqual([
      ['ARRIVAL', 'AV9540'],
      ['DEPARTURE', 'AV9541'],
    ]);
    expect((await transfers.read(booking.ref)).legs).toHaveLength(2);
    expect((await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.ref.locator).toBe(
      booking.ref.locator,
    );
    const sim = await transfers.cancel(booking.ref, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, status: 'confirmed', penalty: { amount: '0.00' } });
    expect((await transfers.read(booking.ref)).status).toBe('confirmed');
    expect((await transfers.cancel(booking.ref, { simulate: false })).status).toBe('cancelled');
    expect((await transfers.read(booking.ref)).status).toBe('cancelled');
    expect((await caught(() => transfers.cancel(booking.ref, { simulate: false }))).code).toBe('SUPPLIER_NOT_CANCELLABLE');
  });

  it('a penalty quote of a non-refundable transfer reports the whole price and does not cancel', async () => {
    const { offers } = await transfers.search(oneWay);
    const premium = offers.find((o) => o.vehicle.includes('Car') && o.category.includes('PREMIUM')) as TransferOffer;
    const quote = await transfers.quote(premium);
    expect(quote.cancellation.refundable).toBe(false);
    const booking = await transfers.book({ quote, holder, clientReference: ref(), transport: flight });
    const sim = await transfers.cancel(booking.ref, { simulate: true });
    expect(sim.penalty).toEqual(booking.total);
    expect((await transfers.read(booking.ref)).status).toBe('confirmed');
  });

  it('refuses a missing flight number, an unknown point and a return before the outbound', async () => {
    const { offers } = await transfers.search(oneWay);
    const quote = await transfers.quote(offers[0]);
    const noFlight = await caught(() => transfers.book({ quote, holder, clientReference: ref(), transport: { type: 'FLIGHT', code: '' } }));
    expect(noFlight.code).toBe('SUPPLIER_INVALID_REQUEST');
    expect((await caught(() => transfers.search({ ...oneWay, from: { type: 'IATA', code: 'XXX' } }))).code).toBe(
      'SUPPLIER_INVALID_REQUEST',
    );
    expect((await caught(() => transfers.search({ ...search, inbound: `${inDays(20)}T10:00:00` }))).code).toBe('SUPPLIER_INVALID_REQUEST');
  });

  it('failures as for hotels: no availability, price change, expired codes, lost reply, quota, timeout, malformed', async () => {
    expect((await transfers.search(oneWay, { simScenario: 'no-avail' })).offers).toEqual([]);
    const offer = (await transfers.search(oneWay)).offers[0];
    const changed = await transfers.quote(offer, { simScenario: 'price-change' });
    expect(changed.priceChanged).toBe(true);
    expect((await caught(() => transfers.quote(offer, { simScenario: 'expired-token' }))).code).toBe('SUPPLIER_TOKEN_EXPIRED');
    const quote = await transfers.quote(offer);
    expect(
      (await caught(() => transfers.book({ quote, holder, clientReference: ref(), transport: flight }, { simScenario: 'expired-token' })))
        .code,
    ).toBe('SUPPLIER_TOKEN_EXPIRED');
    const clientReference = ref();
    expect(
      (await caught(() => transfers.book({ quote, holder, clientReference, transport: flight }, { simScenario: 'lost-reply' }))).code,
    ).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect((await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }))?.status).toBe('confirmed');
    expect(
      await transfers.findByClientReference(clientReference, { from: inDays(0), to: inDays(30) }, { simScenario: 'hide-booking' }),
    ).toBeNull();
    const onRequest = await transfers.book(
      { quote: await transfers.quote(offer), holder, clientReference: ref(), transport: flight },
      { simScenario: 'on-request' },
    );
    expect(onRequest.status).toBe('on-request');
    expect((await caught(() => transfers.search(oneWay, { simScenario: 'quota' }))).code).toBe('SUPPLIER_QUOTA');
    expect((await caught(() => transfers.search(oneWay, { simScenario: 'malformed' }))).code).toBe('SUPPLIER_BAD_RESPONSE');
    const slow = h.registry.transfer(h.account('juniper', { timeouts: { 'transfer.search': 100 } }));
    expect((await caught(() => slow.search(oneWay, { simScenario: 'timeout' }))).code).toBe('SUPPLIER_TIMEOUT');
    expect((await transfers.search(oneWay, { simScenario: 'absurd-prices' })).dropped).toBeGreaterThan(0);
  });
});
