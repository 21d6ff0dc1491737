import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { PenaltyData, PolicyRuleData } from '../../db/schema/index.js';

export interface PenaltyInput {
  policies: PolicyRuleData[];
  price: { gross: string; currency: string };
  nights: number | null;
  /** 1 unit of the price currency = usdRate USD, as recorded at booking time. */
  usdRate: string | null;
  /** Check-in day, yyyy-MM-dd. */
  start: string | null;
  /** The agency's zone, where the check-in day starts (AgencyTimeZones); Bogotá when not given. */
  timeZone?: string;
}

/** Start of a calendar day in the agency's zone (default: the platform's, Bogotá). */
export function startOfBusinessDay(isoDate: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/**
 * The penalty of cancelling at `now` under normalised rules `{from, amount|percent|nights, currency}`
 * (DESIGN.md): the rule in force is the latest whose `from` has passed; none means free cancellation.
 * The penalty never exceeds the price. It is reported in USD (spec §3 penaltyCurrency) when the
 * booking-time rate is known, and always in the price currency too.
 */
export function computePenalty(input: PenaltyInput, now: Date): PenaltyData {
  const gross = new Decimal(input.price.gross);
  const rules = input.policies
    .map((r) => ({ rule: r, at: Date.parse(r.from) }))
    .filter((r) => Number.isFinite(r.at) && r.at <= now.getTime())
    .sort((a, b) => a.at - b.at);
  const rule = rules.length ? rules[rules.length - 1].rule : null;

  let amount = new Decimal(0);
  let penaltyType: PenaltyData['penaltyType'] = '$';
  let penaltyValue = '0';
  if (rule?.percent !== undefined) {
    penaltyType = '%';
    penaltyValue = rule.percent;
    amount = gross.mul(rule.percent).div(100);
  } else if (rule?.nights !== undefined) {
    penaltyType = 'nights';
    penaltyValue = String(rule.nights);
    amount = gross.div(Math.max(1, input.nights ?? 1)).mul(rule.nights);
  } else if (rule?.amount !== undefined) {
    penaltyValue = rule.amount;
    amount = toPriceCurrency(new Decimal(rule.amount), rule.currency, input);
  }
  amount = Decimal.min(Decimal.max(amount, 0), gross).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

  const rate = input.price.currency === 'USD' ? new Decimal(1) : input.usdRate ? new Decimal(input.usdRate) : null;
  const startAt = input.start ? startOfBusinessDay(input.start, input.timeZone) : null;
  const hoursBefore = startAt ? Math.floor((startAt.getTime() - now.getTime()) / 3_600_000) : 0;
  return {
    penalty: rate ? amount.mul(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : amount.toFixed(2),
    penaltyCurrency: rate ? 'USD' : input.price.currency,
    penaltyType,
    penaltyValue,
    penaltyCaused: { type: startAt && hoursBefore < 0 ? 'no-show' : 'cancellation', time: Math.max(0, hoursBefore), timeType: 'hours' },
    amount: amount.toFixed(2),
    currency: input.price.currency,
  };
}

/** A fixed-amount rule in another currency goes through USD when both rates are known; else it is taken as is. */
function toPriceCurrency(amount: Decimal, currency: string, input: PenaltyInput): Decimal {
  if (currency === input.price.currency) return amount;
  if (currency === 'USD' && input.usdRate && new Decimal(input.usdRate).gt(0)) return amount.div(input.usdRate);
  return amount;
}
