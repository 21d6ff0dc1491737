import Decimal from 'decimal.js';
import type { CancellationPolicy, CancellationRule } from './types.js';

/**
 * Combines per-room penalty schedules (each `{from, amount}` meaning "from then on, cancelling costs
 * amount") into one schedule for the whole offer: at every step the penalty is the sum of each room's
 * penalty in force. No schedule at all means non-refundable.
 */
export function combineSchedules(schedules: { from: string; amount: Decimal }[][], currency: string, now = new Date()): CancellationPolicy {
  if (!schedules.length || schedules.some((s) => s.length === 0)) return { refundable: false, rules: [] };
  const times = [...new Set(schedules.flatMap((s) => s.map((r) => r.from)))].sort((a, b) => Date.parse(a) - Date.parse(b));
  const rules: CancellationRule[] = times.map((from) => {
    const t = Date.parse(from);
    const amount = schedules.reduce((sum, s) => {
      const inForce = s.filter((r) => Date.parse(r.from) <= t).reduce((m, r) => Decimal.max(m, r.amount), new Decimal(0));
      return sum.plus(inForce);
    }, new Decimal(0));
    return { from, amount: amount.toFixed(2), currency };
  });
  return { refundable: isRefundable(rules, now), rules };
}

/** Refundable when cancelling now would cost nothing: every costly rule starts in the future. */
export function isRefundable(rules: CancellationRule[], now = new Date()): boolean {
  if (!rules.length) return false;
  return rules.every((r) => {
    const costly = new Decimal(r.amount ?? '0').gt(0) || new Decimal(r.percent ?? '0').gt(0) || (r.nights ?? 0) > 0;
    return !costly || Date.parse(r.from) > now.getTime();
  });
}

/** Free cancellation: a refundable policy with nothing to pay if cancelled now. */
export const isFreeCancellation = (p: CancellationPolicy) => p.refundable && (p.rules.length === 0 || isRefundable(p.rules));

const HOURS: Record<string, number> = { HOURS: 1, HOUR: 1, MINUTES: 1 / 60, MINUTE: 1 / 60, DAYS: 24, DAY: 24 };

/** A duration as a supplier states it ({ value: 4, unit: 'HOURS' }) in hours to two decimals; null when absent or unknown. */
export function durationHours(d: { value: number; unit: string } | undefined): number | null {
  const f = d && HOURS[d.unit.toUpperCase()];
  return d && f ? Math.round(d.value * f * 100) / 100 : null;
}

export const NON_REFUNDABLE: CancellationPolicy = { refundable: false, rules: [] };
