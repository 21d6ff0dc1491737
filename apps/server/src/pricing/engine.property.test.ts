import { MARKUP_BASES, MARKUP_SUPPLIERS, PRODUCT_KINDS } from '@travesia/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPricingContext, price } from './engine.js';
import { compareRules, ruleMatches } from './match.js';
import { Dec } from './money.js';
import { convert, rateTable } from './rates.js';
import type { EngineRule, OfferInput } from './types.js';

const AGENCY = 'agency-1';
const CURRENCIES = ['USD', 'COP', 'EUR', 'MXN'] as const;
const PLACES = ['p-country', 'p-state', 'p-city', 'p-other'];

/** A decimal string with up to `dp` decimals in [0, max]. */
const decimal = (max: number, dp: number) => fc.integer({ min: 0, max: max * 10 ** dp }).map((n) => new Dec(n).div(10 ** dp).toFixed());
const date = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const rates = fc.record({
  COP: decimal(6000, 4).filter((v) => Number(v) >= 1000),
  EUR: decimal(2, 6).filter((v) => Number(v) >= 0.5),
  MXN: decimal(30, 4).filter((v) => Number(v) >= 10),
});

/** Mostly null, so that several rules of a level often match the same offer. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });

const ruleArb = (scope: 'platform' | 'agency', below = false): fc.Arbitrary<EngineRule> =>
  fc
    .record({
      id: fc.uuid(),
      scope: fc.constant(scope),
      agencyId: fc.constant(scope === 'platform' ? null : AGENCY),
      active: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
      priority: fc.integer({ min: 0, max: 10 }),
      productKind: maybe(fc.constantFrom(...PRODUCT_KINDS)),
      supplier: maybe(fc.constantFrom(...MARKUP_SUPPLIERS)),
      destinationId: maybe(fc.constantFrom(...PLACES)),
      travelFrom: maybe(date),
      travelTo: fc.constant(null),
      bookingFrom: fc.constant(null),
      bookingTo: maybe(date),
      kind: fc.constantFrom('percentage' as const, 'fixed' as const),
      value: decimal(100, 4),
      currency: fc.constantFrom(...CURRENCIES),
      basis: fc.constantFrom(...MARKUP_BASES),
      allowBelowCost: fc.constant(below),
    })
    .map((r) => (below ? { ...r, value: `-${r.kind === 'percentage' ? new Dec(r.value).mul(0.99).toFixed(4) : r.value}` } : r));

const offerArb: fc.Arbitrary<OfferInput> = fc.record({
  kind: fc.constantFrom(...PRODUCT_KINDS),
  supplier: fc.constantFrom(...MARKUP_SUPPLIERS),
  destinationAncestors: fc.subarray(PLACES.slice(0, 3)),
  checkIn: date,
  nights: fc.integer({ min: 0, max: 30 }),
  paxes: fc.integer({ min: 1, max: 9 }),
  bookingDate: date,
  cost: fc.record({ amount: decimal(50_000, 3), currency: fc.constantFrom(...CURRENCIES) }),
  targetCurrency: fc.constantFrom(...CURRENCIES),
});

const rulesArb = fc
  .tuple(fc.array(ruleArb('platform'), { maxLength: 8 }), fc.array(ruleArb('agency'), { maxLength: 8 }))
  .map(([a, b]) => [...a, ...b]);
const sum = (xs: string[]) => xs.reduce((acc, x) => acc.plus(x), new Dec(0));
const decimalsOf = (s: string) => (s.includes('.') ? s.split('.')[1].length : 0);

describe('pricing engine properties', () => {
  it('never prices below cost unless a rule allows it', () => {
    fc.assert(
      fc.property(rulesArb, rates, offerArb, fc.boolean(), (rules, r, o, roundUp) => {
        const b = price(createPricingContext({ rules, unitsPerUsd: r, agencyId: AGENCY, roundUp }), o);
        expect(new Dec(b.price).gte(b.convertedCost as string)).toBe(true);
        expect(b.belowCost).toBe(false);
      }),
    );
  });

  it('with a discount rule the price may go below cost but never below zero', () => {
    fc.assert(
      fc.property(fc.array(ruleArb('agency', true), { minLength: 1, maxLength: 5 }), rates, offerArb, (rules, r, o) => {
        const b = price(createPricingContext({ rules, unitsPerUsd: r, agencyId: AGENCY }), o);
        expect(new Dec(b.price).gte(0)).toBe(true);
        if (b.steps.length) expect(new Dec(b.price).lte(b.convertedCost as string)).toBe(true);
      }),
    );
  });

  it('applies per level the first matching rule in priority order, platform before agency, whatever the input order', () => {
    const rulesAndShuffled = rulesArb.chain((rules) =>
      fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length, maxLength: rules.length })),
    );
    fc.assert(
      fc.property(rulesAndShuffled, rates, offerArb, ([rules, shuffled], r, o) => {
        const b1 = price(createPricingContext({ rules, unitsPerUsd: r, agencyId: AGENCY }), o);
        const b2 = price(createPricingContext({ rules: shuffled, unitsPerUsd: r, agencyId: AGENCY }), o);
        expect(b2).toEqual(b1);
        const expected = (['platform', 'agency'] as const)
          .map((scope) => rules.filter((x) => x.active && x.scope === scope && ruleMatches(x, o)).sort(compareRules)[0])
          .filter(Boolean)
          .map((x) => x.id);
        expect(b1.steps.map((s) => s.ruleId)).toEqual(expected);
        // the agency step is computed on the price after the platform step
        const agencyStep = b1.steps.find((s) => s.scope === 'agency');
        const agencyRule = rules.find((x) => x.id === agencyStep?.ruleId);
        if (agencyStep && agencyRule?.kind === 'percentage') {
          const base = new Dec(b1.agencyCost as string);
          const exact = base.mul(agencyRule.value).div(100);
          expect(
            new Dec(agencyStep.amount)
              .minus(exact)
              .abs()
              .lte(new Dec(1).div(10 ** decimalsOf(agencyStep.amount))),
          ).toBe(true);
        }
      }),
    );
  });

  it('breakdowns add up to the price exactly and every amount has the currency decimals', () => {
    fc.assert(
      fc.property(rulesArb, rates, offerArb, fc.boolean(), (rules, r, o, roundUp) => {
        const commission = { mode: 'on-top' as const, user: { type: 'percentage' as const, value: '7.5', currency: 'USD' }, agency: null };
        const b = price(createPricingContext({ rules, unitsPerUsd: r, agencyId: AGENCY, roundUp, commission }), o);
        expect(sum([b.convertedCost as string, ...b.steps.map((s) => s.amount)]).eq(b.price)).toBe(true);
        const dp = b.currency === 'COP' ? 0 : 2;
        for (const v of [b.price, b.netPrice, b.convertedCost as string, b.agencyCost as string, ...b.steps.map((s) => s.amount)]) {
          expect(v).toMatch(dp === 0 ? /^-?\d+$/ : /^-?\d+\.\d{2}$/);
        }
        expect(b.usdEquivalent).toMatch(/^\d+\.\d{2}$/);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(rulesArb, rates, offerArb, (rules, r, o) => {
        const a = price(createPricingContext({ rules, unitsPerUsd: r, agencyId: AGENCY }), o);
        const b = price(
          createPricingContext({ rules: structuredClone(rules), unitsPerUsd: { ...r }, agencyId: AGENCY }),
          structuredClone(o),
        );
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
    );
  });

  it('conversion round-trips within rounding', () => {
    fc.assert(
      fc.property(rates, decimal(1_000_000, 2), fc.constantFrom(...CURRENCIES), fc.constantFrom(...CURRENCIES), (r, amount, from, to) => {
        const t = rateTable(r);
        const x = new Dec(amount).toDecimalPlaces(from === 'COP' ? 0 : 2).toFixed();
        const there = convert(t, x, from, to);
        const back = convert(t, there.amount, to, from);
        // half a unit lost each way, the second one scaled back by the rate
        const unit = (c: string) => new Dec(1).div(10 ** (c === 'COP' ? 0 : 2));
        const rateBack = new Dec(convert(t, '1', to, from).rate);
        const tolerance = unit(from).div(2).plus(unit(to).div(2).mul(rateBack));
        expect(new Dec(back.amount).minus(x).abs().lte(tolerance)).toBe(true);
      }),
    );
  });

  it('adds decimal amounts exactly (no float artefacts)', () => {
    fc.assert(
      fc.property(decimal(1000, 2), decimal(1000, 2), (a, v) => {
        const rules: EngineRule[] = [
          {
            id: 'x',
            scope: 'platform',
            agencyId: null,
            active: true,
            priority: 0,
            productKind: null,
            supplier: null,
            destinationId: null,
            travelFrom: null,
            travelTo: null,
            bookingFrom: null,
            bookingTo: null,
            kind: 'fixed',
            value: v,
            currency: 'USD',
            basis: 'booking',
            allowBelowCost: false,
          },
        ];
        const o: OfferInput = {
          kind: 'hotel',
          supplier: 'travesia',
          destinationAncestors: [],
          checkIn: '2026-01-01',
          nights: 1,
          paxes: 1,
          bookingDate: '2026-01-01',
          cost: { amount: a, currency: 'USD' },
        };
        const b = price(createPricingContext({ rules, unitsPerUsd: {}, agencyId: null }), o);
        expect(b.price).toBe(new Dec(a).plus(v).toFixed(2));
      }),
    );
  });
});
