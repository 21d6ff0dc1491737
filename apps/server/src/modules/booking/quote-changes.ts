import type { PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { CancellationPolicy } from '../../suppliers/index.js';

interface Priced {
  breakdown: PriceBreakdown;
  cancellation: CancellationPolicy;
}

const samePolicy = (a: CancellationPolicy, b: CancellationPolicy) =>
  a.refundable === b.refundable && JSON.stringify(a.rules) === JSON.stringify(b.rules);

/** A price answered again against the one the agent chose, compared as decimals ('120.5' is '120.50'). */
export function priceChangeOf(chosen: PriceBreakdown, now: PriceBreakdown) {
  return {
    priceChanged: chosen.currency !== now.currency || !new Decimal(chosen.price).eq(now.price),
    /** Sent back as the reserve body's price. */
    price: { amount: now.price, currency: now.currency },
    previousPrice: { amount: chosen.price, currency: chosen.currency },
  };
}

/**
 * What a re-quote changed against the option the agent chose, for every kind: the price (priceChangeOf)
 * and the policy; the agent must accept either.
 */
export function quoteChanges(chosen: Priced, now: Priced) {
  return { ...priceChangeOf(chosen.breakdown, now.breakdown), policyChanged: !samePolicy(chosen.cancellation, now.cancellation) };
}
