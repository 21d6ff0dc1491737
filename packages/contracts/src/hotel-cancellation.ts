import { z } from 'zod';
import { formatDateTime } from './format/date.js';
import { formatMoney } from './format/money.js';

/** A supplier's normalised cancellation rule as the hotel search and quote answer it. */
export const hotelCancellationRuleSchema = z.object({
  /** ISO date-time with offset from which the penalty applies. */
  from: z.string(),
  /** Until when (exclusive), when the supplier says so. */
  to: z.string().optional(),
  amount: z.string().optional(),
  percent: z.string().optional(),
  nights: z.number().optional(),
  currency: z.string(),
  /** Juniper rule type: date range (V), no-show (S) or days after confirmation (R). */
  kind: z.enum(['date-range', 'no-show', 'after-confirmation']).optional(),
});
export type HotelCancellationRule = z.infer<typeof hotelCancellationRuleSchema>;

export const hotelCancellationPolicySchema = z.object({
  refundable: z.boolean(),
  rules: z.array(hotelCancellationRuleSchema),
  /** The supplier's own free text (Restel `concepto`, Juniper `Description`), shown verbatim as a remark. */
  text: z.string().optional(),
});
export type HotelCancellationPolicy = z.infer<typeof hotelCancellationPolicySchema>;

function penaltyOf(rule: HotelCancellationRule): string {
  if (rule.amount) return formatMoney(rule.amount, rule.currency);
  if (rule.percent) return `el ${rule.percent.replace(/\.0+$/, '')}% del total`;
  if (rule.nights) return rule.nights === 1 ? 'el valor de 1 noche' : `el valor de ${rule.nights} noches`;
  return 'una penalidad';
}

/**
 * The policy in plain Spanish, one sentence per rule, dates as dd-MM-yyyy HH:mm:ss in `timeZone`
 * (spec §9): 'Cancelación gratuita hasta 28-11-2026 23:59:59.' / 'Desde 29-11-2026 00:00:00 se cobra 120.00 USD.'
 */
export function describeCancellation(policy: HotelCancellationPolicy, timeZone?: string): string[] {
  if (!policy.refundable) return ['Tarifa no reembolsable: cancelar o modificar tiene un costo del 100% del total.'];
  const rules = [...policy.rules].sort((a, b) => a.from.localeCompare(b.from));
  if (rules.length === 0) return ['Cancelación gratuita.'];
  const lines: string[] = [];
  const first = rules[0];
  if (first && first.kind !== 'no-show' && first.kind !== 'after-confirmation') {
    const freeUntil = new Date(Date.parse(first.from) - 1000);
    if (freeUntil.getTime() > Date.now()) lines.push(`Cancelación gratuita hasta ${formatDateTime(freeUntil, timeZone)}.`);
  }
  for (const rule of rules) {
    const penalty = penaltyOf(rule);
    if (rule.kind === 'no-show') lines.push(`Si no se presenta (no show) se cobra ${penalty}.`);
    else if (rule.kind === 'after-confirmation') lines.push(`Cancelar después de confirmar cuesta ${penalty}.`);
    else {
      const until = rule.to ? ` hasta ${formatDateTime(rule.to, timeZone)}` : '';
      lines.push(`Desde ${formatDateTime(rule.from, timeZone)}${until} se cobra ${penalty}.`);
    }
  }
  return lines;
}
