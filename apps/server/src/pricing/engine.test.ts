import { describe, expect, it } from 'vitest';
import { createPricingContext, price } from './engine.js';
import { PricingError } from './errors.js';
import { convert, rateTable } from './rates.js';
import type { EngineRule, OfferInput, PricingContextInput } from './types.js';
import { breakdownFor } from './visibility.js';

const AGENCY = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';
const COLOMBIA = 'p0000000-0000-4000-8000-00000000000c';
const CARTAGENA = 'p0000000-0000-4000-8000-0000000000ca';
const RATES = { COP: '4000', EUR: '0.8', MXN: '17' };

let n = 0;
function rule(over: Partial<EngineRule> = {}): EngineRule {
  n += 1;
  return {
    id: `r${String(n).padStart(4, '0')}`,
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
    kind: 'percentage',
    value: '10',
    currency: null,
    basis: 'booking',
    allowBelowCost: false,
    ...over,
  };
}
const agencyRule = (over: Partial<EngineRule> = {}) => rule({ scope: 'agency', agencyId: AGENCY, ...over });

const offer = (over: Partial<OfferInput> = {}): OfferInput => ({
  kind: 'hotel',
  supplier: 'hotelbeds',
  destinationAncestors: [CARTAGENA, COLOMBIA],
  checkIn: '2026-07-10',
  nights: 3,
  paxes: 2,
  bookingDate: '2026-05-01',
  cost: { amount: '100', currency: 'USD' },
  ...over,
});

const ctx = (over: Partial<PricingContextInput> = {}) => createPricingContext({ rules: [], unitsPerUsd: RATES, agencyId: AGENCY, ...over });

describe('price: markups', () => {
  it('answers the cost when no rule matches', () => {
    const b = price(ctx(), offer());
    expect(b).toMatchObject({ cost: '100', convertedCost: '100.00', price: '100.00', currency: 'USD', steps: [], usdEquivalent: '100.00' });
  });

  it('applies the platform rule, then the agency rule on top of it', () => {
    const b = price(ctx({ rules: [rule({ value: '10' }), agencyRule({ value: '5' })] }), offer());
    expect(b.steps.map((s) => [s.scope, s.amount])).toEqual([
      ['platform', '10.00'],
      ['agency', '5.50'],
    ]);
    expect(b.agencyCost).toBe('110.00');
    expect(b.netPrice).toBe('115.50');
    expect(b.price).toBe('115.50');
  });

  it('takes only the highest-priority matching rule within a level', () => {
    const low = rule({ value: '30', priority: 1 });
    const high = rule({ value: '8', priority: 5 });
    const b = price(ctx({ rules: [low, high] }), offer());
    expect(b.steps).toHaveLength(1);
    expect(b.steps[0].ruleId).toBe(high.id);
    expect(b.price).toBe('108.00');
  });

  it('breaks priority ties in favour of the more specific rule', () => {
    const general = rule({ value: '30' });
    const hotels = rule({ value: '12', productKind: 'hotel' });
    expect(price(ctx({ rules: [general, hotels] }), offer()).steps[0].ruleId).toBe(hotels.id);
    expect(price(ctx({ rules: [general, hotels] }), offer({ kind: 'ticket' })).steps[0].ruleId).toBe(general.id);
  });

  it('matches a destination through the offer ancestors', () => {
    const colombia = rule({ value: '20', destinationId: COLOMBIA });
    expect(price(ctx({ rules: [colombia] }), offer()).price).toBe('120.00');
    expect(price(ctx({ rules: [colombia] }), offer({ destinationAncestors: ['elsewhere'] })).steps).toEqual([]);
  });

  it('matches supplier, travel dates and booking dates inclusively', () => {
    const r = rule({
      supplier: 'juniper',
      travelFrom: '2026-07-01',
      travelTo: '2026-07-10',
      bookingFrom: '2026-05-01',
      bookingTo: '2026-05-31',
    });
    const c = ctx({ rules: [r] });
    expect(price(c, offer({ supplier: 'juniper' })).steps).toHaveLength(1);
    expect(price(c, offer({ supplier: 'restel' })).steps).toHaveLength(0);
    expect(price(c, offer({ supplier: 'juniper', checkIn: '2026-07-11' })).steps).toHaveLength(0);
    expect(price(c, offer({ supplier: 'juniper', checkIn: '2026-06-30' })).steps).toHaveLength(0);
    expect(price(c, offer({ supplier: 'juniper', bookingDate: '2026-06-01' })).steps).toHaveLength(0);
    expect(price(c, offer({ supplier: 'juniper', bookingDate: '2026-05-31' })).steps).toHaveLength(1);
  });

  it('ignores inactive rules and other agencies rules', () => {
    const c = ctx({ rules: [rule({ active: false, value: '50' }), rule({ scope: 'agency', agencyId: OTHER, value: '40' })] });
    expect(price(c, offer()).price).toBe('100.00');
  });

  it('multiplies fixed amounts per booking, night, pax and pax-night, converting their currency', () => {
    const priced = (basis: EngineRule['basis']) =>
      price(ctx({ rules: [rule({ kind: 'fixed', value: '4', currency: 'EUR', basis })] }), offer()).steps[0].amount;
    // 4 EUR = 5 USD; 3 nights, 2 paxes
    expect(priced('booking')).toBe('5.00');
    expect(priced('night')).toBe('15.00');
    expect(priced('pax')).toBe('10.00');
    expect(priced('pax-night')).toBe('30.00');
    // a ticket has no nights: per-night counts one
    expect(price(ctx({ rules: [rule({ kind: 'fixed', value: '5', currency: 'USD', basis: 'night' })] }), offer({ nights: 0 })).price).toBe(
      '105.00',
    );
  });

  it('allows a discount only on a flagged rule, and never below zero', () => {
    const b = price(ctx({ rules: [agencyRule({ value: '-15', allowBelowCost: true })] }), offer());
    expect(b.price).toBe('85.00');
    expect(b.belowCost).toBe(true);
    const huge = price(ctx({ rules: [agencyRule({ kind: 'fixed', value: '-1000', currency: 'USD', allowBelowCost: true })] }), offer());
    expect(huge.price).toBe('0.00');
    expect(() => ctx({ rules: [agencyRule({ value: '-15' })] })).toThrow(PricingError);
  });

  it('runs only the requested levels (an agency admin preview starts from its own cost)', () => {
    const c = ctx({ rules: [rule({ value: '10' }), agencyRule({ value: '5' })], levels: ['agency'] });
    const b = price(c, offer());
    expect(b.steps.map((s) => s.scope)).toEqual(['agency']);
    expect(b.price).toBe('105.00');
  });
});

describe('price: currencies and rounding', () => {
  it('converts a USD cost to COP with no decimals', () => {
    const b = price(ctx({ rules: [rule({ value: '10' })] }), offer({ cost: { amount: '99.99', currency: 'USD' }, targetCurrency: 'COP' }));
    expect(b).toMatchObject({ rate: '4000', convertedCost: '399960', price: '439956', currency: 'COP', usdEquivalent: '109.99' });
  });

  it("prices in the context's currency when the offer names none, and in the offer's when it does", () => {
    const c = ctx({ targetCurrency: 'COP', rules: [rule({ value: '10' })] });
    const eur = price(c, offer({ cost: { amount: '80', currency: 'EUR' } }));
    expect(eur).toMatchObject({ cost: '80', costCurrency: 'EUR', rate: '5000', convertedCost: '400000', price: '440000', currency: 'COP' });
    expect(price(c, offer({ targetCurrency: 'MXN' })).currency).toBe('MXN');
    expect(price(ctx(), offer({ cost: { amount: '80', currency: 'EUR' } })).currency).toBe('EUR');
  });

  it('rounds half-up by default and up when the agency asks', () => {
    const o = offer({ cost: { amount: '10.001', currency: 'USD' } });
    expect(price(ctx(), o).price).toBe('10.00');
    expect(price(ctx({ roundUp: true }), o).price).toBe('10.01');
    expect(price(ctx(), offer({ cost: { amount: '10.005', currency: 'USD' } })).price).toBe('10.01');
  });

  it('has no float artefacts', () => {
    const b = price(
      ctx({ rules: [rule({ kind: 'fixed', value: '0.2', currency: 'USD' })] }),
      offer({ cost: { amount: '0.1', currency: 'USD' } }),
    );
    expect(b.price).toBe('0.30');
  });

  it('fails clearly on a missing rate, never 1:1', () => {
    expect(() => price(ctx(), offer({ cost: { amount: '10', currency: 'GBP' } }))).toThrow(/GBP/);
    try {
      price(ctx(), offer({ targetCurrency: 'BRL' }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PricingError);
      expect((e as PricingError).code).toBe('RATE_MISSING');
      expect((e as PricingError).message).toMatch(/No hay tasa de cambio vigente para BRL/);
    }
  });

  it('rejects a negative or malformed cost', () => {
    expect(() => price(ctx(), offer({ cost: { amount: '-1', currency: 'USD' } }))).toThrow(PricingError);
    expect(() => price(ctx(), offer({ cost: { amount: '1e5', currency: 'USD' } }))).toThrow(PricingError);
  });

  it('converts through USD', () => {
    const t = rateTable(RATES);
    expect(convert(t, '100', 'EUR', 'COP')).toEqual({ amount: '500000', rate: '5000' });
    expect(convert(t, '1', 'COP', 'MXN')).toEqual({ amount: '0.00', rate: '0.00425' });
    expect(convert(t, '12.345', 'USD', 'USD')).toEqual({ amount: '12.35', rate: '1' });
  });
});

describe('price: commission', () => {
  const user = { type: 'percentage' as const, value: '10', currency: 'USD' };
  const agency = { type: 'fixed' as const, value: '7', currency: 'USD' };

  it('adds the selling user commission on top of the agency price', () => {
    const b = price(ctx({ rules: [agencyRule({ value: '20' })], commission: { mode: 'on-top', user, agency } }), offer());
    expect(b.netPrice).toBe('120.00');
    expect(b.price).toBe('132.00');
    expect(b.commission).toEqual({ mode: 'on-top', type: 'percentage', value: '10', amount: '12.00', source: 'user' });
    expect(b.steps.at(-1)).toMatchObject({ scope: 'commission', amount: '12.00' });
  });

  it('falls back to the agency default when the user has none', () => {
    const b = price(ctx({ commission: { mode: 'on-top', user: { ...user, value: '0' }, agency } }), offer());
    expect(b.commission).toMatchObject({ source: 'agency', amount: '7.00' });
    expect(b.price).toBe('107.00');
  });

  it('keeps the price when the commission is included, capped at the agency margin', () => {
    const b = price(ctx({ rules: [agencyRule({ value: '20' })], commission: { mode: 'included', user, agency: null } }), offer());
    expect(b.price).toBe('120.00');
    expect(b.commission?.amount).toBe('12.00');
    const thin = price(ctx({ rules: [agencyRule({ value: '5' })], commission: { mode: 'included', user, agency: null } }), offer());
    expect(thin.commission?.amount).toBe('5.00');
  });
});

describe('breakdownFor', () => {
  const full = price(
    ctx({
      rules: [rule({ value: '10' }), agencyRule({ value: '5' })],
      commission: { mode: 'on-top', user: { type: 'percentage', value: '3', currency: 'USD' }, agency: null },
    }),
    offer(),
  );
  it('shows super everything', () => expect(breakdownFor('super', full)).toEqual(full));
  it('hides the supplier cost and platform markup from an agency admin', () => {
    const b = breakdownFor('agency', full);
    expect(b).toMatchObject({ cost: null, costCurrency: null, rate: null, convertedCost: null, agencyCost: '110.00', price: full.price });
    expect(b.steps.map((s) => s.scope)).toEqual(['agency', 'commission']);
  });
  it('shows an adviser only the price and their commission', () => {
    const b = breakdownFor('adviser', full);
    expect(b).toMatchObject({ cost: null, agencyCost: null, netPrice: '115.50', price: full.price });
    expect(b.steps.map((s) => s.scope)).toEqual(['commission']);
  });
});
