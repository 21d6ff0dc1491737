import type { PolicyDefinition } from '@travesia/contracts';
import type { CancellationPolicy, CancellationRule } from '../../suppliers/types.js';
import { computePenalty, startOfBusinessDay } from '../voucher/policy.js';

const HOUR = 3_600_000;

/**
 * A hotel's policy definition turned into the suppliers' normalised rules for one stay: each step
 * starts `before` days/hours before the start of the arrival day in the booking agency's zone (the
 * platform's default when not given); no-show from the arrival day; non-refundable is 100 % from the
 * moment of the search/booking.
 */
export function normalisePolicy(
  def: PolicyDefinition,
  stay: { start: string; currency: string; now: Date; timeZone?: string },
): CancellationPolicy {
  if (def.nonRefundable)
    return {
      refundable: false,
      rules: [{ from: stay.now.toISOString(), percent: '100', currency: stay.currency }],
      text: 'No reembolsable',
    };
  const arrival = startOfBusinessDay(stay.start, stay.timeZone).getTime();
  const rules: CancellationRule[] = def.rules.map((r) => ({
    from: new Date(arrival - r.before * (r.unit === 'days' ? 24 : 1) * HOUR).toISOString(),
    ...penaltyFields(r.penalty),
    currency: stay.currency,
    kind: 'date-range' as const,
  }));
  if (def.noShow)
    rules.push({ from: new Date(arrival).toISOString(), ...penaltyFields(def.noShow), currency: stay.currency, kind: 'no-show' });
  rules.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  return { refundable: true, rules };
}

function penaltyFields(p: PolicyDefinition['rules'][number]['penalty']): Pick<CancellationRule, 'percent' | 'nights' | 'amount'> {
  if (p.type === 'percent') return { percent: p.value };
  if (p.type === 'nights') return { nights: Number(p.value) };
  return { amount: p.value };
}

/** The penalty (in the stay's currency) of cancelling at `at` — the same computation the vouchers module uses. */
export function penaltyAt(
  policy: CancellationPolicy,
  stay: { total: string; currency: string; nights: number; start: string },
  at: Date,
): string {
  const p = computePenalty(
    {
      policies: policy.rules.map(({ from, amount, percent, nights, currency }) => ({ from, amount, percent, nights, currency })),
      price: { gross: stay.total, currency: stay.currency },
      nights: stay.nights,
      usdRate: null,
      start: stay.start,
    },
    at,
  );
  return p.amount ?? p.penalty;
}
