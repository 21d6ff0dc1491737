import { HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { AppError } from '../../../http/errors.js';
import type { OfferInput, PricingContext } from '../../../pricing/index.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import type { PricingService } from '../../pricing/service.js';
import type { CachedOffer } from './cache.js';

/**
 * Prices a supplier's offers for a search. An offer in a currency without an exchange rate is left
 * out and counted (with one Spanish note naming the currencies) instead of failing the whole search
 * (decision 0097); any other pricing failure still fails it.
 */
export function priceOffers(
  pricing: PricingService,
  ctx: PricingContext,
  offers: HotelOffer[],
  inputOf: (offer: HotelOffer) => OfferInput,
): { offers: CachedOffer[]; dropped: number; note: string } {
  const out: CachedOffer[] = [];
  const missing = new Set<string>();
  let dropped = 0;
  offers.forEach((offer, i) => {
    try {
      out.push({ optionId: String(i), offer, breakdown: pricing.price(ctx, inputOf(offer)) });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'EXCHANGE_RATE_MISSING') throw err;
      dropped++;
      missing.add(offer.total.currency);
    }
  });
  return { offers: out, dropped, note: dropped ? M.rateMissingDropped(dropped, [...missing].sort().join(', ')) : '' };
}
