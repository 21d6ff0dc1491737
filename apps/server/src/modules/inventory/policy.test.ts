import { describePolicy, type PolicyDefinition } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { normalisePolicy, penaltyAt } from './policy.js';

// Arrival 2027-03-10 in America/Bogota (UTC-5): the day starts at 05:00 UTC.
const stay = { start: '2027-03-10', currency: 'USD', now: new Date('2027-02-01T12:00:00Z') };
const money = { total: '600.00', currency: 'USD', nights: 3, start: '2027-03-10' };

describe('own-inventory cancellation policy', () => {
  const def: PolicyDefinition = {
    nonRefundable: false,
    rules: [
      { before: 7, unit: 'days', penalty: { type: 'nights', value: '1' } },
      { before: 48, unit: 'hours', penalty: { type: 'percent', value: '50' } },
    ],
    noShow: { type: 'percent', value: '100' },
  };

  it('normalises to the suppliers shape, ordered by date', () => {
    const p = normalisePolicy(def, stay);
    expect(p.refundable).toBe(true);
    expect(p.rules).toEqual([
      { from: '2027-03-03T05:00:00.000Z', nights: 1, currency: 'USD', kind: 'date-range' },
      { from: '2027-03-08T05:00:00.000Z', percent: '50', currency: 'USD', kind: 'date-range' },
      { from: '2027-03-10T05:00:00.000Z', percent: '100', currency: 'USD', kind: 'no-show' },
    ]);
  });

  it("starts the arrival day in the booking agency's zone (Madrid: 23:00 UTC the day before)", () => {
    const p = normalisePolicy(def, { ...stay, timeZone: 'Europe/Madrid' });
    expect(p.rules.map((r) => r.from)).toEqual(['2027-03-02T23:00:00.000Z', '2027-03-07T23:00:00.000Z', '2027-03-09T23:00:00.000Z']);
  });

  it('charges by date: free, one night, half, everything', () => {
    const p = normalisePolicy(def, stay);
    expect(penaltyAt(p, money, new Date('2027-03-03T04:59:59Z'))).toBe('0.00');
    expect(penaltyAt(p, money, new Date('2027-03-03T05:00:00Z'))).toBe('200.00');
    expect(penaltyAt(p, money, new Date('2027-03-09T00:00:00Z'))).toBe('300.00');
    expect(penaltyAt(p, money, new Date('2027-03-10T06:00:00Z'))).toBe('600.00');
  });

  it('fixed amounts never exceed the total; non-refundable costs everything at once', () => {
    const fixed = normalisePolicy(
      { nonRefundable: false, rules: [{ before: 1, unit: 'days', penalty: { type: 'amount', value: '75.50' } }], noShow: null },
      stay,
    );
    expect(penaltyAt(fixed, money, new Date('2027-03-09T06:00:00Z'))).toBe('75.50');
    expect(penaltyAt(fixed, { ...money, total: '50.00' }, new Date('2027-03-09T06:00:00Z'))).toBe('50.00');
    const nr = normalisePolicy({ nonRefundable: true, rules: [], noShow: null }, stay);
    expect(nr.refundable).toBe(false);
    expect(penaltyAt(nr, money, new Date('2027-02-01T12:00:01Z'))).toBe('600.00');
  });

  it('reads in Spanish', () => {
    expect(describePolicy({ nonRefundable: false, rules: [def.rules[0]], noShow: null }, 'USD')).toBe(
      'Gratis hasta 7 días antes de la llegada; después, 1 noche',
    );
    expect(describePolicy(def, 'USD')).toBe(
      'Gratis hasta 7 días antes de la llegada; después, 1 noche; desde 48 horas antes de la llegada, 50% del total; no presentarse: 100% del total',
    );
    expect(describePolicy({ nonRefundable: true, rules: [], noShow: null }, 'USD')).toBe('No reembolsable');
  });
});
