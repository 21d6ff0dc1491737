import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationTerms, type TermsRule, voucherTerms } from './cancellation-terms.js';

const price = { amount: '304.82', currency: 'USD' };
const now = new Date('2026-11-20T15:00:00Z');
const tz = 'America/Bogota';

describe('cancellationTerms', () => {
  it('free until the minute before the first charging rule, in the reader zone', () => {
    const t = cancellationTerms({ rules: [{ from: '2026-11-25T05:00:00Z', percent: '50', currency: 'USD' }], price, now, timeZone: tz });
    expect(t.status).toBe('free-until');
    expect(t.badge).toBe('Reembolsable');
    expect(t.headline).toBe('Cancelación gratis hasta 24-11-2026 23:59.');
    expect(t.penaltyNow).toEqual({ amount: '0.00', currency: 'USD' });
    expect(t.lines).toEqual(['Desde 25-11-2026 00:00 se cobra el 50% del total.']);
  });

  it('a rule already in force (issue 15: "Reembolsable" with a past date charging 50%) is a penalty now, never "free"', () => {
    const t = cancellationTerms({ rules: [{ from: '2026-11-18T05:00:00Z', percent: '50', currency: 'USD' }], price, now, timeZone: tz });
    expect(t.status).toBe('penalty');
    expect(t.penaltyNow.amount).toBe('152.41');
    expect(t.freeUntil).toBeNull();
    expect(t.headline).toBe('Cancelar ahora cuesta 152.41 USD (desde 18-11-2026 00:00).');
  });

  it('non-refundable when the supplier says so, or when cancelling now costs the whole price', () => {
    const flagged = cancellationTerms({ refundable: false, rules: [], price, now, timeZone: tz });
    expect(flagged).toMatchObject({ status: 'non-refundable', badge: 'No reembolsable', penaltyNow: { amount: '304.82' } });
    const full = cancellationTerms({
      rules: [{ from: '2026-11-01T00:00:00Z', percent: '100', currency: 'USD' }],
      price,
      now,
      timeZone: tz,
    });
    expect(full.status).toBe('non-refundable');
    expect(full.refundable).toBe(false);
  });

  it("the agency's deadline shift: its agents' free cancellation ends N days before the supplier's", () => {
    const rules: TermsRule[] = [
      { from: '2026-11-25T05:00:00Z', to: '2026-11-27T05:00:00Z', percent: '50', currency: 'USD' },
      { from: '2026-11-27T05:00:00Z', percent: '100', currency: 'USD' },
      { from: '2026-11-28T05:00:00Z', percent: '100', currency: 'USD', kind: 'no-show' },
    ];
    const supplier = cancellationTerms({ rules, price, now, timeZone: tz });
    const agent = cancellationTerms({ rules, price, now, timeZone: tz, shiftDays: 2 });
    expect(supplier.headline).toBe('Cancelación gratis hasta 24-11-2026 23:59.');
    expect(agent.headline).toBe('Cancelación gratis hasta 22-11-2026 23:59.');
    expect(agent.freeUntil).toBe('2026-11-23T04:59:00.000Z');
    expect(agent.lines).toEqual([
      'Desde 23-11-2026 00:00 hasta 25-11-2026 00:00 se cobra el 50% del total.',
      'Desde 25-11-2026 00:00 se cobra el 100% del total.',
      'Si no se presenta (no show) se cobra el 100% del total.',
    ]);
    // Inside the shift the agent already sees the penalty the supplier charges only later: never "free".
    const inside = new Date('2026-11-24T12:00:00Z');
    expect(cancellationTerms({ rules, price, now: inside, timeZone: tz }).status).toBe('free-until');
    const shifted = cancellationTerms({ rules, price, now: inside, timeZone: tz, shiftDays: 2 });
    expect(shifted.status).toBe('penalty');
    expect(shifted.penaltyNow.amount).toBe('152.41');
    // A recorded voucher's terms take the shift the same way; 0 is the supplier's.
    const v = { policies: rules, price: { gross: '304.82', currency: 'USD' }, nights: 2 };
    expect(voucherTerms(v, now, tz, 2).headline).toBe(agent.headline);
    expect(voucherTerms(v, now, tz, 0).headline).toBe(supplier.headline);
  });

  it('no rules: free; no-show rules never make cancelling cost', () => {
    expect(cancellationTerms({ rules: [], price, now, timeZone: tz }).headline).toBe('Cancelación gratis.');
    const t = cancellationTerms({
      rules: [{ from: '2026-11-01T00:00:00Z', percent: '100', currency: 'USD', kind: 'no-show' }],
      price,
      now,
      timeZone: tz,
    });
    expect(t.status).toBe('free');
    expect(t.lines).toEqual(['Si no se presenta (no show) se cobra el 100% del total.']);
  });

  it('a rule with an end stops charging after it; nights and fixed USD amounts in the price currency', () => {
    const ended = cancellationTerms({
      rules: [{ from: '2026-11-01T00:00:00Z', to: '2026-11-10T00:00:00Z', amount: '10', currency: 'USD' }],
      price,
      now,
      timeZone: tz,
    });
    expect(ended.penaltyNow.amount).toBe('0.00');
    const nights = cancellationTerms({
      rules: [{ from: '2026-11-01T00:00:00Z', nights: 1, currency: 'EUR' }],
      price: { amount: '300', currency: 'EUR' },
      nights: 3,
      now,
      timeZone: tz,
    });
    expect(nights.penaltyNow).toEqual({ amount: '100.00', currency: 'EUR' });
    const usd = cancellationTerms({
      rules: [{ from: '2026-11-01T00:00:00Z', amount: '55', currency: 'USD' }],
      price: { amount: '1000', currency: 'EUR' },
      usdRate: '1.1',
      now,
      timeZone: tz,
    });
    expect(usd.penaltyNow.amount).toBe('50.00');
  });

  const ruleArb: fc.Arbitrary<TermsRule> = fc.record(
    {
      from: fc
        .date({ min: new Date('2026-10-01T00:00:00Z'), max: new Date('2027-01-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      percent: fc.integer({ min: 0, max: 150 }).map(String),
      currency: fc.constant('USD'),
      kind: fc.constantFrom<TermsRule['kind']>('date-range', 'no-show', 'after-confirmation', undefined),
    },
    { requiredKeys: ['from', 'percent', 'currency'] },
  );

  it('property: the badge says refundable/free only when the penalty now allows it, and the penalty never exceeds the price', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 5 }),
        fc.date({ min: new Date('2026-09-01T00:00:00Z'), max: new Date('2027-02-28T00:00:00Z'), noInvalidDate: true }),
        fc.boolean(),
        (rules, at, refundable) => {
          const t = cancellationTerms({ refundable, rules, price, now: at, timeZone: tz });
          const penalty = Number(t.penaltyNow.amount);
          expect(penalty).toBeLessThanOrEqual(Number(price.amount));
          if (t.status === 'free' || t.status === 'free-until') expect(penalty).toBe(0);
          if (penalty > 0) expect(t.headline).not.toMatch(/gratis/);
          if (t.refundable) expect(penalty).toBeLessThan(Number(price.amount));
          if (t.freeUntil) expect(Date.parse(t.freeUntil)).toBeGreaterThanOrEqual(at.getTime() - 60_000);
        },
      ),
    );
  });
});

describe('cancellationTerms over every kind of rule (decision 0380)', () => {
  const instant = fc
    .date({ min: new Date('2026-10-01T00:00:00Z'), max: new Date('2027-01-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString());
  const anyRule: fc.Arbitrary<TermsRule> = fc.oneof(
    fc.record({ from: instant, percent: fc.integer({ min: 0, max: 150 }).map(String), currency: fc.constant('USD') }),
    fc.record({ from: instant, nights: fc.integer({ min: 0, max: 10 }), currency: fc.constant('USD') }),
    fc.record({
      from: instant,
      amount: fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
      currency: fc.constantFrom('USD', 'COP'),
    }),
    fc.record({ from: instant, to: instant, percent: fc.integer({ min: 1, max: 100 }).map(String), currency: fc.constant('USD') }),
    fc.record({ from: instant, percent: fc.constant('100'), currency: fc.constant('USD'), kind: fc.constant('no-show' as const) }),
  );
  const input = fc.record({
    rules: fc.array(anyRule, { maxLength: 6 }),
    refundable: fc.boolean(),
    amount: fc.integer({ min: 0, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)),
    currency: fc.constantFrom('USD', 'COP'),
    nights: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    usdRate: fc.option(fc.constantFrom('1', '0.00025', '1.08'), { nil: null }),
    now: fc.date({ min: new Date('2026-09-01T00:00:00Z'), max: new Date('2027-02-28T00:00:00Z'), noInvalidDate: true }),
    timeZone: fc.constantFrom('America/Bogota', 'Europe/Madrid', 'Asia/Tokyo', 'UTC', 'Pacific/Kiritimati'),
    shiftDays: fc.integer({ min: 0, max: 5 }),
  });

  it('property: the badge never says free (nor refundable) when the penalty now is not 0; free-until is in the future', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = cancellationTerms({ ...i, price: { amount: i.amount, currency: i.currency } });
        const penalty = Number(t.penaltyNow.amount);
        expect(t.penaltyNow.currency).toBe(i.currency);
        expect(penalty).toBeGreaterThanOrEqual(0);
        expect(penalty).toBeLessThanOrEqual(Number(i.amount));
        if (penalty > 0) {
          expect(t.badge).not.toBe('Reembolsable');
          expect(`${t.badge} ${t.headline}`).not.toMatch(/gratis/i);
          expect(['penalty', 'non-refundable']).toContain(t.status);
        }
        if (t.badge === 'Reembolsable') expect(penalty).toBe(0);
        if (!i.refundable) expect(t.status).toBe('non-refundable');
        if (t.status === 'free-until') {
          expect(t.freeUntil).not.toBeNull();
          expect(Date.parse(t.freeUntil as string)).toBeGreaterThanOrEqual(i.now.getTime() - 60_000);
          expect(t.headline).toMatch(/^Cancelación gratis hasta \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: a minute after the free-until date cancelling costs something', () => {
    fc.assert(
      fc.property(input, (i) => {
        const base = { ...i, refundable: true, price: { amount: i.amount, currency: i.currency } };
        const t = cancellationTerms(base);
        if (t.status !== 'free-until' || !t.freeUntil) return;
        const later = cancellationTerms({ ...base, now: new Date(Date.parse(t.freeUntil) + 60_000) });
        expect(Number(later.penaltyNow.amount)).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
