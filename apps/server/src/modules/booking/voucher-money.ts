import type { PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { PolicyRuleData } from '../../db/schema/index.js';
import type { CancellationPolicy, Money } from '../../suppliers/index.js';

/**
 * The voucher's money for every kind: our price, the supplier's cost, the markups (commission apart)
 * and the USD rate. Several legs (a round-trip transfer) sum price, cost and commission and keep every
 * leg's markups; one leg keeps its figures as priced.
 */
export function voucherMoney(legs: { breakdown: PriceBreakdown; cost: Money }[]) {
  const b0 = legs[0].breakdown;
  const sum = (xs: string[]) => (xs.length === 1 ? xs[0] : xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2));
  const commissions = legs.flatMap((l) => (l.breakdown.commission ? [l.breakdown.commission.amount] : []));
  return {
    price: { gross: sum(legs.map((l) => l.breakdown.price)), currency: b0.currency },
    cost: { net: sum(legs.map((l) => l.cost.amount)), currency: legs[0].cost.currency },
    markups: legs.flatMap((l) =>
      l.breakdown.steps
        .filter((s) => s.scope !== 'commission')
        .map((s) => ({
          name: `${s.scope}${s.ruleId ? `:${s.ruleId}` : ''}`,
          type: s.kind,
          value: s.value,
          amount: s.amount,
          currency: l.breakdown.currency,
        })),
    ),
    commission: commissions.length ? { amount: sum(commissions), currency: b0.currency } : null,
    usdRate: b0.usdRate,
  };
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

/**
 * The priced legs as every kind's voucher records them: the money (`voucherMoney`) and every leg's cancellation
 * rules as the voucher's policy.
 */
export const voucherTerms = (legs: { breakdown: PriceBreakdown; cost: Money; cancellation: CancellationPolicy }[]) => ({
  ...voucherMoney(legs),
  policies: legs.flatMap((l) => policiesOf(l.cancellation)),
});
