import {
  BASE_CURRENCY,
  type CommissionMode,
  type CommissionType,
  MARKUP_SCOPES,
  type MarkupScope,
  type PriceBreakdown,
  type PriceStep,
} from '@travesia/contracts';
import { PricingError } from './errors.js';
import { compareRules, ruleMatches } from './match.js';
import { Dec, moneyString, plain, type RoundingMode, roundFor } from './money.js';
import { type RateTable, rateBetween, rateTable } from './rates.js';
import type { EngineRule, OfferInput, PricingContextInput } from './types.js';

interface CompiledRule extends EngineRule {
  amount: Dec;
  /** `value` normalised for the breakdown ('10.000000' -> '10'). */
  valueText: string;
}

interface ChosenCommission {
  mode: CommissionMode;
  type: CommissionType;
  value: Dec;
  valueText: string;
  currency: string;
  source: 'user' | 'agency';
}

/**
 * Everything needed to price many offers for one agency user at one instant: rules sorted per level,
 * rates parsed, the commission chosen. Build it once per search with `createPricingContext` and call
 * `price(ctx, offer)` per offer (pure, no I/O).
 */
export interface PricingContext {
  readonly levels: ReadonlyArray<{ scope: MarkupScope; rules: readonly CompiledRule[] }>;
  readonly rates: RateTable;
  readonly commission: ChosenCommission | null;
  readonly rounding: RoundingMode;
  /** The currency offers are priced in when they name none (null: each offer's cost currency). */
  readonly currency: string | null;
  /** Rates between currency pairs, computed on first use (a pure function of `rates`). */
  readonly pairs: Map<string, Dec>;
}

function pairRate(ctx: PricingContext, from: string, to: string): Dec {
  const key = `${from}>${to}`;
  let r = ctx.pairs.get(key);
  if (!r) {
    r = rateBetween(ctx.rates, from, to);
    ctx.pairs.set(key, r);
  }
  return r;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimalOf(value: string, what: string): Dec {
  if (!DECIMAL.test(value)) throw new PricingError('INVALID_RULE', `${what} is not a decimal: ${value}`);
  return new Dec(value);
}

export function createPricingContext(input: PricingContextInput): PricingContext {
  const levels = (input.levels ?? MARKUP_SCOPES).map((scope) => ({
    scope,
    rules: input.rules
      .filter(
        (r) =>
          r.active &&
          r.scope === scope &&
          (scope === 'platform' ? r.agencyId === null : r.agencyId === input.agencyId && r.agencyId !== null),
      )
      .map((r) => compileRule(r))
      .sort(compareRules),
  }));
  return {
    levels,
    rates: rateTable(input.unitsPerUsd),
    commission: chooseCommission(input.commission ?? null),
    rounding: input.roundUp ? 'up' : 'half-up',
    currency: input.targetCurrency ?? null,
    pairs: new Map(),
  };
}

function compileRule(r: EngineRule): CompiledRule {
  const amount = decimalOf(r.value, `rule ${r.id} value`);
  if (amount.isNegative() && !amount.isZero() && !r.allowBelowCost)
    throw new PricingError('INVALID_RULE', `rule ${r.id} is negative without allowBelowCost`);
  if (r.kind === 'fixed' && !r.currency) throw new PricingError('INVALID_RULE', `rule ${r.id} is fixed without a currency`);
  return { ...r, amount, valueText: plain(amount) };
}

/** The selling user's own commission when set (value > 0), otherwise the agency's default. */
function chooseCommission(c: PricingContextInput['commission']): ChosenCommission | null {
  if (!c) return null;
  for (const [source, v] of [
    ['user', c.user],
    ['agency', c.agency],
  ] as const) {
    if (!v) continue;
    const value = decimalOf(v.value, `${source} commission`);
    if (value.gt(0)) return { mode: c.mode, type: v.type, value, valueText: plain(value), currency: v.currency, source };
  }
  return null;
}

function multiplier(r: EngineRule, o: OfferInput): number {
  const nights = Math.max(1, Math.trunc(o.nights));
  const paxes = Math.max(1, Math.trunc(o.paxes));
  switch (r.basis) {
    case 'night':
      return nights;
    case 'pax':
      return paxes;
    case 'pax-night':
      return nights * paxes;
    default:
      return 1;
  }
}

/** The first rule of a level, in evaluation order, that matches the offer. */
export function winningRule(rules: readonly EngineRule[], offer: OfferInput): EngineRule | undefined {
  return rules.find((r) => ruleMatches(r, offer));
}

/**
 * Prices one offer: supplier cost -> converted to the target currency (the offer's, else the context's, else
 * the cost's own) -> platform markup -> agency
 * markup -> commission. Each amount is rounded to the target currency's decimals as it is added, so
 * the breakdown always adds up to the price exactly.
 */
export function price(ctx: PricingContext, offer: OfferInput): PriceBreakdown {
  if (!DECIMAL.test(offer.cost.amount) || offer.cost.amount.startsWith('-'))
    throw new PricingError('INVALID_COST', `cost is not a non-negative decimal: ${offer.cost.amount}`);
  const cost = new Dec(offer.cost.amount);
  const currency = offer.targetCurrency ?? ctx.currency ?? offer.cost.currency;
  const mode = ctx.rounding;
  const round = (d: Dec) => roundFor(d, currency, mode);
  const money = (d: Dec) => moneyString(d, currency);

  const rate = pairRate(ctx, offer.cost.currency, currency);
  const convertedCost = round(cost.mul(rate));
  let running = convertedCost;
  let agencyCost = convertedCost;
  let allowBelowCost = false;
  const steps: PriceStep[] = [];

  for (const level of ctx.levels) {
    const rule = winningRule(level.rules, offer) as CompiledRule | undefined;
    if (rule) {
      let amount =
        rule.kind === 'percentage'
          ? round(running.mul(rule.amount).div(100))
          : round(rule.amount.mul(multiplier(rule, offer)).mul(pairRate(ctx, rule.currency as string, currency)));
      // A discount takes the price to zero at most.
      if (running.plus(amount).isNegative()) amount = running.neg();
      running = running.plus(amount);
      allowBelowCost ||= rule.allowBelowCost;
      steps.push({
        ruleId: rule.id,
        scope: level.scope,
        kind: rule.kind,
        value: rule.valueText,
        valueCurrency: rule.kind === 'fixed' ? rule.currency : null,
        basis: rule.kind === 'fixed' ? rule.basis : null,
        amount: money(amount),
      });
    }
    if (level.scope === 'platform') agencyCost = running;
  }

  // Defensive: only a rule flagged allowBelowCost may take the price under the cost.
  if (!allowBelowCost && running.lt(convertedCost)) running = convertedCost;
  const netPrice = running;

  let commission: PriceBreakdown['commission'] = null;
  const c = ctx.commission;
  if (c) {
    const fixed = () => round(c.value.mul(pairRate(ctx, c.currency, currency)));
    if (c.mode === 'on-top') {
      const amount = c.type === 'percentage' ? round(netPrice.mul(c.value).div(100)) : fixed();
      running = running.plus(amount);
      steps.push({
        ruleId: null,
        scope: 'commission',
        kind: c.type,
        value: c.valueText,
        valueCurrency: c.type === 'fixed' ? c.currency : null,
        basis: c.type === 'fixed' ? 'booking' : null,
        amount: money(amount),
      });
      commission = { mode: c.mode, type: c.type, value: c.valueText, amount: money(amount), source: c.source };
    } else {
      // Included: the agent's share of the price, never more than the agency's margin over its cost.
      const share = c.type === 'percentage' ? round(netPrice.mul(c.value).div(100)) : fixed();
      const margin = Dec.max(netPrice.minus(agencyCost), 0);
      const amount = Dec.min(share, margin);
      commission = { mode: c.mode, type: c.type, value: c.valueText, amount: money(amount), source: c.source };
    }
  }

  const usdRate = pairRate(ctx, currency, BASE_CURRENCY);
  return {
    cost: plain(cost),
    costCurrency: offer.cost.currency,
    rate: plain(rate),
    convertedCost: money(convertedCost),
    steps,
    agencyCost: money(agencyCost),
    netPrice: money(netPrice),
    price: money(running),
    currency,
    commission,
    usdEquivalent: moneyString(roundFor(running.mul(usdRate), BASE_CURRENCY), BASE_CURRENCY),
    usdRate: plain(usdRate),
    belowCost: running.lt(convertedCost),
  };
}
