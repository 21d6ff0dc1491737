import { canAddSegment, canRemoveSegment, flightPriceSearchBody, type PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { FlightOffer } from '../../../suppliers/index.js';
import { criteriaOf } from './criteria.js';
import { fareView } from './present.js';

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
