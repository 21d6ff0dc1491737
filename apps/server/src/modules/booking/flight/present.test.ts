import { canAddSegment, canRemoveSegment, flightPriceSearchBody, type PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { FlightOffer } from '../../../suppliers/index.js';
import { criteriaOf } from './criteria.js';
import { fareView, segmentIdOf, selectOptions } from './present.js';
import type { CachedFlightOption } from './search.js';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const offer = (perPassenger: NonNullable<FlightOffer['priceBreakdown']>['perPassenger']): FlightOffer =>
  ({
    total: usd('1000.00'),
    passengers: { adults: 2, children: 1, infants: 0 },
    priceBreakdown: { perPassenger, fare: usd('984.00'), serviceFee: usd('16.00') },
  }) as unknown as FlightOffer;
const breakdown = (price: string, currency = 'USD') => ({ price, currency }) as PriceBreakdown;

describe('fareView: the selling price per passenger type', () => {
  it('splits our price as the supplier splits its total, to the cent, and keeps taxes and fee', () => {
    const o = offer([
      { type: 'adult', count: 2, unitPrice: usd('400.00'), total: usd('800.00'), taxes: usd('50.00') },
      { type: 'child', count: 1, unitPrice: usd('200.00'), total: usd('200.00'), taxes: usd('25.00') },
    ]);
    const v = fareView(o, breakdown('1111.11'));
    expect(v.perPassenger.map((p) => p.total.amount)).toEqual(['888.89', '222.22']);
    expect(v.perPassenger.reduce((s, p) => s.plus(p.total.amount), new Decimal(0)).toFixed(2)).toBe('1111.11');
    expect(v.perPassenger[0].unitPrice.amount).toBe('444.45');
    expect(v.taxes).toEqual(usd('75.00'));
    expect(v.serviceFee).toEqual(usd('16.00'));
  });

  it('hides the supplier amounts that are not in the selling currency', () => {
    const o = offer([{ type: 'adult', count: 2, unitPrice: usd('500.00'), total: usd('1000.00'), taxes: usd('50.00') }]);
    const v = fareView(o, breakdown('4200000', 'COP'));
    expect(v.perPassenger[0].total).toEqual({ amount: '4200000.00', currency: 'COP' });
    expect(v.taxes).toBeNull();
    expect(v.serviceFee).toBeNull();
  });
});

describe('flight search criteria (spec §5)', () => {
  const body = {
    serviceType: '2',
    flightClass: 'economy',
    culture: 'en-US',
    currency: 'USD',
    destinations: [{ origin: { id: 'BOG', type: '5' }, destiny: { id: 'CUN', type: 'city' }, start: '2027-03-01', end: '2027-03-08' }],
    paxes: { adults: [30, 30], children: [7, 1] },
    provider: '3f1c1e2a-5b7c-4d3e-9f00-1234567890ab',
  };
  it('maps the spec body to the adapter input: children and infants by age, cabin, return date', () => {
    const parsed = flightPriceSearchBody.parse(body);
    const legs = [
      {
        from: { code: 'BOG', type: 'airport' as const },
        to: { code: 'CUN', type: 'city' as const },
        date: '2027-03-01',
        end: '2027-03-08',
      },
    ];
    expect(criteriaOf.search(parsed, legs)).toEqual({
      serviceType: 'round-trip',
      legs: [{ from: { code: 'BOG', type: 'airport' }, to: { code: 'CUN', type: 'city' }, date: '2027-03-01' }],
      returnDate: '2027-03-08',
      passengers: { adults: 2, children: 1, infants: 1 },
      childrenAges: [7, 1],
      cabin: 'economy',
      nonStopOnly: false,
    });
  });

  it('keeps at least 2 multi-city segments: adding is allowed, removing only above 2', () => {
    expect(canRemoveSegment(2)).toBe(false);
    expect(canRemoveSegment(3)).toBe(true);
    expect(canAddSegment(2)).toBe(true);
    expect(canAddSegment(6)).toBe(false);
  });
});

describe('selectOptions: filters and sorting over the cached result (decision 0295)', () => {
  const seg = (over: Partial<FlightOffer['segments'][number]>) => ({
    flightNo: 'AV10',
    airline: 'AV',
    marketingAirline: { code: 'AV', name: 'Avianca' },
    from: { airport: 'BOG', at: '2027-03-01T08:00:00' },
    to: { airport: 'CUN', at: '2027-03-01T12:00:00' },
    cabin: 'ECONOMY',
    route: 1,
    stops: 0,
    durationMinutes: 240,
    ...over,
  });
  const option = (id: string, price: string, segments: ReturnType<typeof seg>[], checkedBag = true): CachedFlightOption => ({
    optionId: id,
    breakdown: breakdown(price),
    offer: {
      segments,
      baggage: [{ passengerType: 'adult', kind: checkedBag ? 'checked' : 'cabin', pieces: 1, weight: 23, unit: 'kg' }],
    } as unknown as FlightOffer,
  });
  const outA = seg({});
  const outB = seg({
    flightNo: 'CM20',
    airline: 'CM',
    marketingAirline: { code: 'CM', name: 'Copa' },
    stops: 1,
    durationMinutes: 420,
    from: { airport: 'BOG', at: '2027-03-01T05:30:00' },
    to: { airport: 'CUN', at: '2027-03-01T23:10:00' },
  });
  const back = (h: string, stops = 0) =>
    seg({
      route: 2,
      flightNo: `AV1${h}`,
      stops,
      from: { airport: 'CUN', at: `2027-03-08T${h}:00:00` },
      to: { airport: 'BOG', at: `2027-03-08T${h}:30:00` },
    });
  const options = [
    option('0', '900.00', [outA, back('10')]),
    option('1', '700.00', [outB, back('18')], false),
    option('2', '650.00', [outA, back('21', 1)]),
    option('3', '1200.00', [outB, back('07')]),
  ];
  const ids = (o: CachedFlightOption[]) => o.map((x) => x.optionId);

  it('filters by stops (every direction), airline, time windows, price, baggage and duration', () => {
    expect(ids(selectOptions(options, { stops: [0] }))).toEqual(['0']);
    expect(ids(selectOptions(options, { stops: [1, 2] }))).toEqual([]);
    expect(ids(selectOptions(options, { airlines: ['cm'] }))).toEqual(['1', '3']);
    expect(ids(selectOptions(options, { departure: { from: '06:00', to: '12:00' } }))).toEqual(['0', '2']);
    expect(ids(selectOptions(options, { arrival: { from: '22:00', to: '06:00' } }))).toEqual(['1', '3']);
    expect(ids(selectOptions(options, { minPrice: 700, maxPrice: 900 }))).toEqual(['0', '1']);
    expect(ids(selectOptions(options, { baggageIncluded: true }))).toEqual(['0', '2', '3']);
    expect(ids(selectOptions(options, { maxDurationMinutes: 480 }))).toEqual(['0', '2']);
  });

  it('sorts cheapest, fastest and earliest, ties by price', () => {
    expect(ids(selectOptions(options, undefined, 'cheapest'))).toEqual(['2', '1', '0', '3']);
    expect(ids(selectOptions(options, undefined, 'fastest'))).toEqual(['2', '0', '1', '3']);
    expect(ids(selectOptions(options, undefined, 'earliest'))).toEqual(['1', '3', '2', '0']);
  });

  it('round trip: after choosing an outbound only the returns paired with it are left', () => {
    const chosen = segmentIdOf(outA as FlightOffer['segments'][number]);
    const left = selectOptions(options, { outboundSegmentId: chosen }, 'cheapest');
    expect(ids(left)).toEqual(['2', '0']);
    expect(left.map((o) => o.offer.segments[1].from.at)).toEqual(['2027-03-08T21:00:00', '2027-03-08T10:00:00']);
  });
});
