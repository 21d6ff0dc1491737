import { describe, expect, it } from 'vitest';
import { journeyPrice, type PricedLeg } from './pricing.js';

const usd = (amount: string) => ({ amount, currency: 'USD' });
const leg = (price: string, fees: { key: string; oneWay: string; roundTrip: string } | null, isPackageOffer = false): PricedLeg => ({
  total: usd(price),
  isPackageOffer,
  fees: fees ? { key: fees.key, oneWay: usd(fees.oneWay), roundTrip: usd(fees.roundTrip) } : null,
  breakdown: [{ type: 'adult', count: 2, total: usd(price), taxes: usd('10.00') }],
});

/** flightproduct.md "Calculating the Total Price", rule by rule. */
describe('tourvisio total price', () => {
  it('one way: the offer price plus its one-way fee', () => {
    expect(journeyPrice([leg('100.00', { key: 'K', oneWay: '20.00', roundTrip: '15.00' })])).toMatchObject({
      fare: usd('100.00'),
      fee: usd('20.00'),
      total: usd('120.00'),
    });
  });

  it('round trip with the same fee key: both prices plus the greater round-trip fee', () => {
    const p = journeyPrice([
      leg('100.00', { key: 'K', oneWay: '20.00', roundTrip: '15.00' }),
      leg('80.00', { key: 'K', oneWay: '20.00', roundTrip: '18.00' }),
    ]);
    expect(p?.total).toEqual(usd('198.00'));
    expect(p?.breakdown.perPassenger).toEqual([
      { type: 'adult', count: 2, unitPrice: usd('90.00'), total: usd('180.00'), taxes: usd('20.00') },
    ]);
  });

  it('round trip with different keys: each one-way fee', () => {
    const p = journeyPrice([
      leg('100.00', { key: 'A', oneWay: '20.00', roundTrip: '15.00' }),
      leg('80.00', { key: 'B', oneWay: '5.00', roundTrip: '4.00' }),
    ]);
    expect(p?.total).toEqual(usd('205.00'));
  });

  it('a package is priced by its higher leg, not the sum', () => {
    expect(journeyPrice([leg('300.00', null, true), leg('310.00', null, true)])?.total).toEqual(usd('310.00'));
  });

  it('three multi-city legs add each one-way fee (our guess)', () => {
    const f = { key: 'K', oneWay: '10.00', roundTrip: '8.00' };
    expect(journeyPrice([leg('1.00', f), leg('2.00', f), leg('3.00', f)])?.total).toEqual(usd('36.00'));
  });

  it('never prices across currencies', () => {
    expect(journeyPrice([leg('1.00', null), { ...leg('1.00', null), total: { amount: '1.00', currency: 'EUR' } }])).toBeNull();
    const eurFee = { ...leg('1.00', null), fees: { key: 'K', oneWay: { amount: '1.00', currency: 'EUR' }, roundTrip: null } };
    expect(journeyPrice([eurFee])).toBeNull();
  });
});
