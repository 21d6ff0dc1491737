import { formatMoney } from '@travesia/contracts';

/**
 * "X por noche" under an option's total (issue 15, results that compare): the total over the stay's
 * nights, rounded by `formatMoney` like every price. Nothing for a one-night stay (the total says it) or
 * when the nights are unknown.
 */
export function perNightText(price: { amount: string; currency: string }, nights: number | null | undefined): string | null {
  if (!nights || nights < 2) return null;
  return `${formatMoney(Number(price.amount) / nights, price.currency)} por noche`;
}
