import { TZDate } from '@date-fns/tz';
import { penaltyOfRule, ruleInForce } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { PenaltyData, PolicyRuleData } from '../../db/schema/index.js';

/** The business time zone of dates without a time (check-in days), as in the migration's travesia_business_tz(). */
export const BUSINESS_TZ = 'America/Bogota';

export interface PenaltyInput {
  policies: PolicyRuleData[];
  price: { gross: string; currency: string };
  nights: number | null;
  /** 1 unit of the price currency = usdRate USD, as recorded at booking time. */
  usdRate: string | null;
  /** Check-in day, yyyy-MM-dd. */
  start: string | null;
}

/** Start of a calendar day in the business zone. */
export function startOfBusinessDay(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, BUSINESS_TZ).getTime());
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
  const startAt = input.start ? startOfBusinessDay(input.start) : null;
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
