import type { PolicyRuleData } from '../../db/schema/index.js';
import type { CancellationPolicy } from '../../suppliers/types.js';

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
