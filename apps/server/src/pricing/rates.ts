import { BASE_CURRENCY, pricingMessage } from '@travesia/contracts';
import { PricingError } from './errors.js';
import { Dec, moneyString, plain, type RoundingMode, roundFor } from './money.js';

/** Units of each currency per US dollar, as decimals; USD is always 1. */
export type RateTable = ReadonlyMap<string, Dec>;

export function rateTable(unitsPerUsd: Readonly<Record<string, string>>): RateTable {
  const m = new Map<string, Dec>();
  for (const [currency, v] of Object.entries(unitsPerUsd)) {
    const d = new Dec(v);
    if (!d.isFinite() || d.lte(0)) throw new PricingError('INVALID_RULE', `rate for ${currency} must be positive`, currency);
    m.set(currency, d);
  }
  m.set(BASE_CURRENCY, new Dec(1));
  return m;
}

/** Units of `to` per unit of `from`. Throws RATE_MISSING (never a silent 1:1). */
export function rateBetween(table: RateTable, from: string, to: string): Dec {
  if (from === to) return new Dec(1);
  const f = table.get(from);
  if (!f) throw new PricingError('RATE_MISSING', pricingMessage('rate.missing', { currency: from }), from);
  const t = table.get(to);
  if (!t) throw new PricingError('RATE_MISSING', pricingMessage('rate.missing', { currency: to }), to);
  return t.div(f);
}

/** `amount` of `from` in `to`, rounded for `to`; answers the rate used too. */
export function convert(table: RateTable, amount: string, from: string, to: string, mode: RoundingMode = 'half-up') {
  const a = new Dec(amount);
  if (!a.isFinite()) throw new PricingError('INVALID_COST', 'amount is not a number');
  const rate = rateBetween(table, from, to);
  return { amount: moneyString(roundFor(a.mul(rate), to, mode), to), rate: plain(rate) };
}
