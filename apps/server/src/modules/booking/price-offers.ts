import { HOTEL_BOOKING_MESSAGES as HM, type PriceBreakdown } from '@travesia/contracts';
import { AppError } from '../../http/errors.js';
import type { OfferInput, PricingContext } from '../../pricing/index.js';
import type { Money } from '../../suppliers/index.js';
import type { PricingService } from '../pricing/service.js';

/**
 * Prices a source's offers. One in a currency without an exchange rate is left out and counted per currency
 * instead of failing the whole search (decision 0097); any other pricing failure still fails it.
 */
export function priceEach<O extends { total: Money }>(
  pricing: PricingService,
  ctx: PricingContext,
  offers: readonly O[],
  inputOf: (offer: O) => Omit<OfferInput, 'cost'>,
): { priced: { offer: O; breakdown: PriceBreakdown }[]; unpriced: Record<string, number> } {
  const priced: { offer: O; breakdown: PriceBreakdown }[] = [];
  const unpriced: Record<string, number> = {};
  for (const offer of offers) {
    try {
      priced.push({ offer, breakdown: pricing.price(ctx, { ...inputOf(offer), cost: offer.total }) });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'EXCHANGE_RATE_MISSING') throw err;
      unpriced[offer.total.currency] = (unpriced[offer.total.currency] ?? 0) + 1;
    }
  }
  return { priced, unpriced };
}

/** The Spanish note counting the offers left out for want of an exchange rate (none when nothing was left out). */
export function unpricedNotes(unpriced: Record<string, number> | undefined): string[] {
  const left = Object.entries(unpriced ?? {});
  if (!left.length) return [];
  const count = left.reduce((n, [, k]) => n + k, 0);
  return [
    HM.rateMissingDropped(
      count,
      left
        .map(([c]) => c)
        .sort()
        .join(', '),
    ),
  ];
}
