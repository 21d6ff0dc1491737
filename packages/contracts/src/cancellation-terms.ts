import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import Decimal from 'decimal.js';
import { formatMoney } from './format/money.js';

/**
 * The one source of truth for cancellation terms (issue 15 item 1, docs/decisions/0207): a normalised
 * policy, the price and "now" give what every screen, the PDF, the e-mails and the penalty quote say.
 * The badge, the free-until date and the penalty now come from the same rule in force, so they cannot
 * contradict each other: "free" is said only when the penalty now is 0.
 */

/** One normalised rule: from `from` on (until `to`, when given) cancelling costs amount | percent | nights. */
export interface TermsRule {
  from: string;
  to?: string;
  amount?: string;
  percent?: string;
  nights?: number;
  currency: string;
  /** No-show rules apply to not showing up, not to cancelling: they never make a cancellation cost. */
  kind?: 'date-range' | 'no-show' | 'after-confirmation';
}

export interface TermsInput {
  /** The supplier's flag; false means the whole price is lost whatever the rules say. Default true. */
  refundable?: boolean;
  rules: readonly TermsRule[];
  /** The price the penalty is a part of. */
  price: { amount: string; currency: string };
  /** Nights of the stay, for rules in nights (a ticket or transfer counts as 1). */
  nights?: number | null;
  /** 1 unit of the price currency = usdRate USD, to convert fixed USD rules. */
  usdRate?: string | null;
  now: Date;
  /** The reader's zone for the dates shown. */
  timeZone: string;
  /**
   * The agency's deadline shift (docs/decisions/0300): its agents see every rule start this many days
   * before the supplier's, so "Cancelación gratis hasta" ends that much earlier. 0 or absent: the supplier's.
   */
  shiftDays?: number;
}

export type TermsStatus = 'free' | 'free-until' | 'penalty' | 'non-refundable';

export interface CancellationTerms {
  status: TermsStatus;
  /** Reembolsable / No reembolsable: the results badge. Refundable means cancelling now costs less than the price. */
  refundable: boolean;
  badge: string;
  /** Last free instant (ISO), when cancelling is free now and will cost later. */
  freeUntil: string | null;
  /** What cancelling now costs, in the price currency (2 decimals). */
  penaltyNow: { amount: string; currency: string };
  /** The rule in force now, when there is one (for the penalty's type and value). */
  ruleNow: TermsRule | null;
  /** One sentence: 'Cancelación gratis hasta 28-11-2026 23:59', 'No reembolsable', 'Cancelar ahora cuesta …'. */
  headline: string;
  /** The schedule, one sentence per rule that is still to come or in force. */
  lines: string[];
}

/** Dates of terms: dd-MM-yyyy HH:mm in the reader's zone (spec §9 without seconds). */
export const formatTermsDate = (iso: string | Date, timeZone: string) =>
  format(new TZDate(typeof iso === 'string' ? Date.parse(iso) : iso.getTime(), timeZone), 'dd-MM-yyyy HH:mm');

const at = (iso: string | undefined) => (iso ? Date.parse(iso) : Number.NaN);
const cancellationRules = (rules: readonly TermsRule[]) =>
  rules.filter((r) => r.kind !== 'no-show' && Number.isFinite(at(r.from))).sort((a, b) => at(a.from) - at(b.from));

/** The rule in force at `now`: the latest whose `from` has passed and whose `to`, if any, has not. */
export function ruleInForce(rules: readonly TermsRule[], now: Date): TermsRule | null {
  const t = now.getTime();
  const started = cancellationRules(rules).filter((r) => at(r.from) <= t && !(at(r.to) <= t));
  return started.length ? started[started.length - 1] : null;
}

/** What one rule costs out of `price` (never below 0 nor above the price), in the price currency. */
export function penaltyOfRule(rule: TermsRule | null, input: Pick<TermsInput, 'price' | 'nights' | 'usdRate'>): Decimal {
  const gross = new Decimal(input.price.amount);
  let amount = new Decimal(0);
  if (rule?.percent !== undefined) amount = gross.mul(rule.percent).div(100);
  else if (rule?.nights !== undefined) amount = gross.div(Math.max(1, input.nights ?? 1)).mul(rule.nights);
  else if (rule?.amount !== undefined) amount = toPriceCurrency(new Decimal(rule.amount), rule.currency, input);
  return Decimal.min(Decimal.max(amount, 0), gross).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** A fixed rule in USD goes through the booking-time rate; another currency is taken as is (none known). */
function toPriceCurrency(amount: Decimal, currency: string, input: Pick<TermsInput, 'price' | 'usdRate'>): Decimal {
  if (currency === input.price.currency) return amount;
  if (currency === 'USD' && input.usdRate && new Decimal(input.usdRate).gt(0)) return amount.div(input.usdRate);
  return amount;
}

function ruleCost(rule: TermsRule, input: TermsInput): string {
  if (rule.percent !== undefined) return `el ${new Decimal(rule.percent).toString()}% del total`;
  if (rule.nights !== undefined) return rule.nights === 1 ? 'el valor de 1 noche' : `el valor de ${rule.nights} noches`;
  return formatMoney(penaltyOfRule(rule, input).toFixed(2), input.price.currency);
}

const DAY_MS = 86_400_000;
const shiftIso = (iso: string | undefined, days: number) =>
  iso === undefined || !Number.isFinite(at(iso)) ? iso : new Date(at(iso) - days * DAY_MS).toISOString();

/** The rules as an agency with a deadline shift of `days` shows them: each `from`/`to` that many days earlier. */
export function shiftRules(rules: readonly TermsRule[], days: number | undefined): readonly TermsRule[] {
  if (!days || days <= 0) return rules;
  return rules.map((r) => (r.kind === 'no-show' ? r : { ...r, from: shiftIso(r.from, days) as string, to: shiftIso(r.to, days) }));
}

/** The terms at `input.now`. */
export function cancellationTerms(termsInput: TermsInput): CancellationTerms {
  const input = { ...termsInput, rules: shiftRules(termsInput.rules, termsInput.shiftDays) };
  const { price, now, timeZone } = input;
  const gross = new Decimal(price.amount);
  const rules = cancellationRules(input.rules);
  const nonRefundable = input.refundable === false;
  const ruleNow = nonRefundable ? null : ruleInForce(rules, now);
  const penalty = nonRefundable ? gross.toDecimalPlaces(2) : penaltyOfRule(ruleNow, input);
  const penaltyNow = { amount: penalty.toFixed(2), currency: price.currency };
  const money = (d: Decimal) => formatMoney(d.toFixed(2), price.currency);
  const upcoming = nonRefundable ? [] : rules.filter((r) => at(r.from) > now.getTime());
  const lines = [
    ...(ruleNow ? [ruleNow] : []).map((r) => `Desde ${formatTermsDate(r.from, timeZone)} se cobra ${ruleCost(r, input)}.`),
    ...upcoming.map((r) => {
      const until = r.to ? ` hasta ${formatTermsDate(r.to, timeZone)}` : '';
      return `Desde ${formatTermsDate(r.from, timeZone)}${until} se cobra ${ruleCost(r, input)}.`;
    }),
    ...input.rules.filter((r) => r.kind === 'no-show').map((r) => `Si no se presenta (no show) se cobra ${ruleCost(r, input)}.`),
  ];

  // Cancelling now costs the whole price (or the supplier says non-refundable): nothing to get back.
  if (nonRefundable || (gross.gt(0) && penalty.gte(gross)))
    return {
      status: 'non-refundable',
      refundable: false,
      badge: 'No reembolsable',
      freeUntil: null,
      penaltyNow,
      ruleNow,
      headline: `No reembolsable: cancelar ahora cuesta ${money(penalty)}.`,
      lines,
    };
  if (penalty.gt(0))
    return {
      status: 'penalty',
      refundable: true,
      badge: 'Reembolsable con penalidad',
      freeUntil: null,
      penaltyNow,
      ruleNow,
      headline: `Cancelar ahora cuesta ${money(penalty)} (desde ${formatTermsDate((ruleNow as TermsRule).from, timeZone)}).`,
      lines,
    };
  // The first coming instant at which the rule then in force (the same choice the penalty quote makes)
  // charges something; a rule whose range is empty, or that a later one overrides, never ends "free".
  const nextCharging = upcoming.find((r) => penaltyOfRule(ruleInForce(rules, new Date(at(r.from))), input).gt(0));
  if (nextCharging) {
    const freeUntil = new Date(at(nextCharging.from) - 60_000);
    return {
      status: 'free-until',
      refundable: true,
      badge: 'Reembolsable',
      freeUntil: freeUntil.toISOString(),
      penaltyNow,
      ruleNow,
      headline: `Cancelación gratis hasta ${formatTermsDate(freeUntil, timeZone)}.`,
      lines,
    };
  }
  return {
    status: 'free',
    refundable: true,
    badge: 'Reembolsable',
    freeUntil: null,
    penaltyNow,
    ruleNow,
    headline: 'Cancelación gratis.',
    lines,
  };
}

/** The terms of a recorded voucher (its stored rules and price), as its detail, voucher, PDF and dialog show them. */
export function voucherTerms(
  v: {
    policies: readonly TermsRule[];
    price: { gross: string; currency: string };
    nights: number | null;
    usd?: { rate: string | null };
  },
  now: Date,
  timeZone: string,
  shiftDays = 0,
): CancellationTerms {
  return cancellationTerms({
    shiftDays,
    rules: v.policies,
    price: { amount: v.price.gross, currency: v.price.currency },
    nights: v.nights,
    usdRate: v.usd?.rate ?? null,
    now,
    timeZone,
  });
}
