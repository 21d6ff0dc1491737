import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import type { TransferOffer, TransferSearchInput, TransferSupplier } from '../types.js';

/** Contract: the Hotelbeds Transfers adapter against the simulator — round trips, pickup rules, cancellation. */
let h: SupplierHarness;
let transfers: TransferSupplier;
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const roundTrip: TransferSearchInput = {
  from: { type: 'IATA', code: 'CTG' },
  to: { type: 'ATLAS', code: '100000' },
  outbound: `${inDays(25)}T10:30:00`,
  inbound: `${inDays(29)}T15:00:00`,
  adults: 2,
  children: 1,
  infants: 0,
};
const pick = (offers: TransferOffer[], leg: 'outbound' | 'return', category = 'STANDARD') =>
  offers.find((o) => o.leg === leg && o.transferType === 'PRIVATE' && o.category === category && o.vehicle === 'Minivan') as TransferOffer;

beforeAll(async () => {
  h = await startSupplierHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  transfers = h.registry.transfer(h.account('hotelbeds'));
});

describe('hotelbeds transfers: round trip under one reference', () => {
  it('books outbound and return (two rateKeys) in one booking, each leg with its transport', async () => {
    const { offers } = await transfers.search(roundTrip);
    const out = pick(offers, 'outbound');
    const back = pick(offers, 'return');
    expect(out).toMatchObject({ direction: 'ARRIVAL', pickup: { from: { type: 'IATA', code: 'CTG' }, time: '10:30:00' } });
    // To the airport: the pickup is computed 3 h before the 15:00 flight.
    expect(back).toMatchObject({ direction: 'DEPARTURE', pickup: { to: { type: 'IATA', code: 'CTG' }, time: '12:00:00' } });
    const [q1, q2] = [await transfers.quote(out), await transfers.quote(back)];
    const booking = await transfers.book({
      quote: q1,
      holder,
      clientReference: ref(),
      transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' },
      legs: [
        { quote: q1, transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' } },
        { quote: q2, transport: { type: 'FLIGHT', code: 'AV9541', companyName: 'Avianca' } },
      ],
      welcomeMessage: 'ANA PEREZ',
    });
    expect(booking.legs).toHaveLength(2);
    expect(booking.total.amount).toBe((Number(q1.total.amount) + Number(q2.total.amount)).toFixed(2));
    expect(booking.legs?.map((l) => [l.direction, l.transport[0]?.code, l.transport[0]?.direction])).toEqual([
      ['ARRIVAL', 'AV9540', 'ARRIVAL'],
      ['DEPARTURE', 'AV9541', 'DEPARTURE'],
    ]);
    expect(booking.legs?.[0]).toMatchObject({ passengers: { adults: 2, children: 1, infants: 0 }, emergencyPhone: expect.any(String) });
    expect(booking.supplierCompany?.name).toContain('HOTELBEDS');
    const read = await transfers.read(booking.ref);
    expect(read.ref).toEqual(booking.ref);
    expect(read.legs?.map((l) => l.date)).toEqual([inDays(25), inDays(29)]);
  });

  it('offers carry content: images, remarks, waiting time, luggage and the price basis', async () => {
    const { offers } = await transfers.search(roundTrip);
    const o = pick(offers, 'outbound');
    expect(o.images?.map((i) => i.size)).toEqual(['SMALL', 'MEDIUM', 'LARGE', 'EXTRALARGE']);
    expect(o.remarks?.length).toBeGreaterThan(1);
    expect(o).toMatchObject({ waitingMinutes: 60, priceBasis: 'vehicle', vehicleCode: 'PRV-VAN', capacity: { min: 1, max: 7 } });
    expect(o.luggage).toMatch(/suitcase/);
    expect(o.pickupDetails?.description).toMatch(/arrivals hall/);
    expect(offers.find((x) => x.transferType === 'SHARED')?.priceBasis).toBe('person');
  });

  it('refuses a leg without its flight number, or a GPS pickup without its address, before calling', async () => {
    const { offers } = await transfers.search(roundTrip);
    const quote = await transfers.quote(pick(offers, 'outbound'));
    const transport = { type: 'FLIGHT' as const, code: ' ' };
    expect((await caught(() => transfers.book({ quote, holder, clientReference: ref(), transport }))).code).toBe(
      'SUPPLIER_INVALID_REQUEST',
    );
    const gps = await transfers.search({ ...roundTrip, inbound: undefined, from: { type: 'GPS', code: '10.423,-75.548' } });
    expect(gps.offers.length).toBeGreaterThan(0);
    const gq = await transfers.quote(gps.offers[0]);
    const noAddress = await caught(() =>
      transfers.book({ quote: gq, holder, clientReference: ref(), transport: { type: 'FLIGHT', code: 'AV1' } }),
    );
    expect(noAddress.code).toBe('SUPPLIER_INVALID_REQUEST');
    const ok = await transfers.book({
      quote: gq,
      holder,
      clientReference: ref(),
      transport: { type: 'FLIGHT', code: 'AV1' },
      legs: [
        {
          quote: gq,
          transport: { type: 'FLIGHT', code: 'AV1' },
          pickupAddress: { name: 'Casa Ana', address: 'Calle 10 # 2-30', town: 'Cartagena', zip: '130001', country: 'CO' },
        },
      ],
    });
    expect(ok.status).toBe('confirmed');
  });
});

describe('hotelbeds transfers: pickup must be checked (certification: Rome hotel → Ciampino)', () => {
  it('keeps checkPickup (must check, URL, hours before) on the offer, the quote and the booking', async () => {
    const search: TransferSearchInput = {
      from: { type: 'ATLAS', code: '5643' },
      to: { type: 'IATA', code: 'CIA' },
      outbound: `${inDays(30)}T18:00:00`,
      adults: 2,
      children: 0,
      infants: 0,
    };
    const { offers } = await transfers.search(search);
    const o = offers.find((x) => x.transferType === 'PRIVATE') as TransferOffer;
    expect(o).toMatchObject({
      direction: 'DEPARTURE',
      total: { currency: 'EUR' },
      pickup: { time: '15:00:00', from: { description: 'Hotel Sistina' } },
    });
    expect(o.pickupDetails?.checkPickup).toEqual({
      mustCheckPickupTime: true,
      url: expect.stringMatching(/^https:\/\//),
      hoursBeforeConsulting: 48,
    });
    const quote = await transfers.quote(o);
    expect(quote.pickupDetails?.checkPickup?.mustCheckPickupTime).toBe(true);
    const booking = await transfers.book({
      quote,
      holder,
      clientReference: ref(),
      transport: { type: 'FLIGHT', code: 'FR1234', companyName: 'Ryanair' },
    });
    expect(booking.legs?.[0].pickupDetails?.checkPickup?.mustCheckPickupTime).toBe(true);
    expect(booking.legs?.[0].pickupDetails?.address).toBe('Via Sistina 136');
    // An arrival from the airport needs no check.
    const arrival = await transfers.search({ ...search, from: search.to, to: search.from });
    expect(arrival.offers.every((x) => x.pickupDetails?.checkPickup?.mustCheckPickupTime === false)).toBe(true);
  });

  it('ports and stations are points too (cruise and train legs)', async () => {
    const port = await transfers.search({
      ...roundTrip,
      inbound: undefined,
      from: { type: 'PORT', code: '277' },
      to: { type: 'STATION', code: 'BCN01' },
    });
    expect(port.offers[0]).toMatchObject({ direction: 'ARRIVAL', pickup: { from: { description: 'Port of Barcelona' } } });
    expect(port.offers[0].pickupDetails?.description).toMatch(/cruise terminal/);
  });
});

describe('hotelbeds transfers: a penalty quote never cancels', () => {
  it('simulates with the documented ?simulation=true: penalty reported, booking still confirmed', async () => {
    const { offers } = await transfers.search({ ...roundTrip, inbound: undefined });
    // Premium cars are non-refundable in the simulator: the whole price is due from today.
    const premium = offers.find((o) => o.category === 'PREMIUM') as TransferOffer;
    const quote = await transfers.quote(premium);
    const booking = await transfers.book({ quote, holder, clientReference: ref(), transport: { type: 'FLIGHT', code: 'AV9540' } });
    const before = h.audit.entries.length;
    const sim = await transfers.cancel(booking.ref, { simulate: true });
    expect(sim).toMatchObject({ simulated: true, status: 'confirmed', penalty: booking.total, penaltyKnown: true });
    const calls = h.audit.entries.slice(before).filter((e) => e.operation === 'transfer.cancel-simulation');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0].url).searchParams.get('simulation')).toBe('true');
    expect(new URL(calls[0].url).searchParams.has('cancellationFlag')).toBe(false);
    expect((await transfers.read(booking.ref)).status).toBe('confirmed');
    const done = await transfers.cancel(booking.ref, { simulate: false });
    expect(done).toMatchObject({ simulated: false, status: 'cancelled', penalty: booking.total });
    const read = await transfers.read(booking.ref);
    expect(read).toMatchObject({ status: 'cancelled', total: booking.total });
  });

  it('a lost simulation reply is not retried and leaves the booking confirmed', async () => {
    const { offers } = await transfers.search({ ...roundTrip, inbound: undefined });
    const quote = await transfers.quote(offers[0]);
    const booking = await transfers.book({ quote, holder, clientReference: ref(), transport: { type: 'FLIGHT', code: 'AV9540' } });
    const before = h.audit.entries.length;
    const err = await caught(() => transfers.cancel(booking.ref, { simulate: true }, { simScenario: 'lost-reply:cancel' }));
    expect(err.code).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect(h.audit.entries.slice(before).filter((e) => e.operation === 'transfer.cancel-simulation')).toHaveLength(1);
    expect((await transfers.read(booking.ref)).status).toBe('confirmed');
  });
});
