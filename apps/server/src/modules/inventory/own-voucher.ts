import { INVENTORY_MESSAGES, type PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { MarkupAppliedData, PolicyRuleData } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { CancellationPolicy } from '../../suppliers/types.js';

/**
 * What the hotel, ticket and transfer bookings of our own inventory share: the re-priced option must
 * still cost what the client saw, and the voucher's money and policy fields come from the same pricing.
 */

/** The client saw another price (or currency) than the one re-priced now: 409 PRICE_CHANGED with the current one. */
export function assertExpectedPrice(expected: { amount: string; currency: string } | undefined, pricing: PriceBreakdown): void {
  if (expected && (expected.currency !== pricing.currency || !new Decimal(expected.amount).eq(pricing.price)))
    throw new AppError(409, 'PRICE_CHANGED', INVENTORY_MESSAGES.priceChanged, { price: `${pricing.price} ${pricing.currency}` });
}

/** A cancellation policy's rules as a voucher stores them: the penalty fields present, no `to` nor `kind`. */
export function policiesOf(p: CancellationPolicy): PolicyRuleData[] {
  return p.rules.map((r) => ({
    from: r.from,
    ...(r.amount !== undefined ? { amount: r.amount } : {}),
    ...(r.percent !== undefined ? { percent: r.percent } : {}),
    ...(r.nights !== undefined ? { nights: r.nights } : {}),
    currency: r.currency,
  }));
}

/** The voucher's price, markups (one per pricing step), commission, USD rate and policies of an own-inventory booking. */
export function ownVoucherPricing(
  pricing: PriceBreakdown,
  policy: CancellationPolicy,
): {
  price: { gross: string; currency: string };
  markups: MarkupAppliedData[];
  commission: { amount: string; currency: string } | null;
  usdRate: string | null;
  policies: PolicyRuleData[];
} {
  return {
    price: { gross: pricing.price, currency: pricing.currency },
    markups: pricing.steps.map((st) => ({ name: st.scope, type: st.kind, value: st.value, amount: st.amount, currency: pricing.currency })),
    commission: pricing.commission ? { amount: pricing.commission.amount, currency: pricing.currency } : null,
    usdRate: pricing.usdRate,
    policies: policiesOf(policy),
  };
}
