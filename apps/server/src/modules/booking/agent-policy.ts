import { priceDecimals } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { CancellationPolicy, Money } from '../../suppliers/index.js';

/**
 * A supplier's money (its penalty, a fixed rule of its policy) in the agent's terms (decision 0400):
 * the same share of our price as it is of the supplier's cost. This carries the markups and the
 * supplier's currency into the agent's price at once, so cancelling costs the agent the share of what
 * it paid that the supplier keeps of what we pay. Money in another currency than the cost, or a cost
 * of 0, is answered as it is (no known conversion).
 */
export function inAgentTerms(amount: Money, cost: Money, price: Money): Money {
  const c = new Decimal(cost.amount);
  if (amount.currency !== cost.currency || c.lte(0)) return amount;
  // With the decimals a price keeps in its currency (COP 0): a storefront's price may be converted (decision 0560).
  const decimals = priceDecimals(price.currency);
  return {
    amount: new Decimal(amount.amount).mul(price.amount).div(c).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals),
    currency: price.currency,
  };
}

/**
 * A supplier's policy as the agent's terms (contracts' `cancellationTerms`) must read it: fixed amounts
 * in the agent's price (`inAgentTerms`), every rule in the price's currency, and "non-refundable" (the
 * whole price, whatever the rules say) only when the supplier gives no rules at all — a supplier's
 * `refundable: false` also means "a penalty is already in force", which its rules price exactly.
 */
export function agentPolicy(policy: CancellationPolicy, cost: Money, price: Money): CancellationPolicy {
  return {
    ...policy,
    refundable: policy.refundable || policy.rules.some((r) => r.kind !== 'no-show'),
    rules: policy.rules.map((r) =>
      r.amount !== undefined
        ? { ...r, ...inAgentTerms({ amount: r.amount, currency: r.currency }, cost, price) }
        : { ...r, currency: inAgentTerms({ amount: '0', currency: r.currency }, cost, price).currency },
    ),
  };
}
