import { describe, expect, it } from 'vitest';
import { computePenalty } from './policy.js';

const base = {
  price: { gross: '1000.00', currency: 'USD' },
  nights: 4,
  usdRate: '1',
  start: '2030-06-10',
};
const rules = [
  { from: '2030-06-01T00:00:00Z', percent: '50', currency: 'USD' },
  { from: '2030-06-08T00:00:00Z', nights: 2, currency: 'USD' },
  { from: '2030-06-09T00:00:00Z', amount: '2000', currency: 'USD' },
];

describe('computePenalty', () => {
  it('is free before the first rule', () => {
    const p = computePenalty({ ...base, policies: rules }, new Date('2030-05-01T00:00:00Z'));
    expect(p).toMatchObject({ penalty: '0.00', penaltyCurrency: 'USD', penaltyType: '$', penaltyValue: '0' });
    expect(p.penaltyCaused).toEqual({ type: 'cancellation', time: 965, timeType: 'hours' });
  });
  it('applies the latest rule in force: percent, then nights, then a capped amount', () => {
    expect(computePenalty({ ...base, policies: rules }, new Date('2030-06-02T00:00:00Z'))).toMatchObject({
      penalty: '500.00',
      penaltyType: '%',
      penaltyValue: '50',
    });
    expect(computePenalty({ ...base, policies: rules }, new Date('2030-06-08T12:00:00Z'))).toMatchObject({
      penalty: '500.00',
      penaltyType: 'nights',
      penaltyValue: '2',
    });
    expect(computePenalty({ ...base, policies: rules }, new Date('2030-06-09T12:00:00Z'))).toMatchObject({
      penalty: '1000.00',
      penaltyType: '$',
      penaltyValue: '2000',
    });
  });
  it('reports USD through the booking-time rate and keeps the price-currency amount', () => {
    const p = computePenalty(
      {
        price: { gross: '4000000', currency: 'COP' },
        nights: 2,
        usdRate: '0.00025',
        start: '2030-06-10',
        policies: [{ from: '2030-01-01T00:00:00Z', percent: '10', currency: 'COP' }],
      },
      new Date('2030-06-01T00:00:00Z'),
    );
    expect(p).toMatchObject({ penalty: '100.00', penaltyCurrency: 'USD', amount: '400000.00', currency: 'COP' });
  });
  it('marks a cancellation after check-in as a no-show', () => {
    const p = computePenalty({ ...base, policies: rules }, new Date('2030-06-11T00:00:00Z'));
    expect(p.penaltyCaused.type).toBe('no-show');
    expect(p.penaltyCaused.time).toBe(0);
  });
  it('ignores rules with unreadable dates and answers in the price currency without a rate', () => {
    const p = computePenalty(
      { ...base, price: { gross: '100', currency: 'EUR' }, usdRate: null, policies: [{ from: 'bogus', percent: '100', currency: 'EUR' }] },
      new Date('2030-06-01T00:00:00Z'),
    );
    expect(p).toMatchObject({ penalty: '0.00', penaltyCurrency: 'EUR' });
  });
});
