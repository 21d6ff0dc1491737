import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE, penaltyOfRule, ruleInForce } from '@travesia/contracts';
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
 * (DESIGN.md). The rule in force and its amount come from contracts' `ruleInForce`/`penaltyOfRule`, the
 * same functions behind every screen's cancellation terms (`cancellationTerms`, docs/decisions/0207),
 * so the penalty quoted equals the penalty shown. It is reported in USD (spec §3 penaltyCurrency) when
 * the booking-time rate is known, and always in the price currency too.
 */
export function computePenalty(input: PenaltyInput, now: Date): PenaltyData {
  const rule = ruleInForce(input.policies, now);
  const amount = penaltyOfRule(rule, {
    price: { amount: input.price.gross, currency: input.price.currency },
    nights: input.nights,
    usdRate: input.usdRate,
  });
  let penaltyType: PenaltyData['penaltyType'] = '$';
  let penaltyValue = '0';
  if (rule?.percent !== undefined) {
    penaltyType = '%';
    penaltyValue = rule.percent;
  } else if (rule?.nights !== undefined) {
    penaltyType = 'nights';
    penaltyValue = String(rule.nights);
  } else if (rule?.amount !== undefined) penaltyValue = rule.amount;

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
