import type { PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { StorefrontOrderRow } from '../../db/schema/index.js';
import type { PricingContext } from '../../pricing/index.js';
import type { BookingEngine } from '../booking/engine.js';
import type { CachedQuote, HotelBookingService } from '../booking/hotel/service.js';
import {
  type Billing,
  clientOf,
  integratorOf,
  type OrderProduct,
  type Requoted,
  reserveKeyOf,
  type Storefront,
  type StorefrontPayment,
} from './product.js';

/** A paid hotel order's re-quote and reserve (the hotel flow's `reserveForSale`, decision 0340). */
export class HotelOrders implements OrderProduct {
  constructor(
    private readonly hotelBooking: HotelBookingService,
    private readonly engine: BookingEngine,
  ) {}

  /** The breakdown a storefront quote was priced with (kept by the engine under its quote id). */
  async breakdownOf(s: Storefront, quoteId: string): Promise<PriceBreakdown> {
    return (await this.engine.quotes.get<CachedQuote>('hotel', s.sale, quoteId)).breakdown;
  }

  async requote(s: Storefront, order: StorefrontOrderRow, pricing: PricingContext): Promise<Requoted | { refused: string }> {
    const q = (await this.hotelBooking.quote(s.sale, order.option.cacheId, order.option.optionId, undefined, pricing)).response;
    if (!new Decimal(q.price.amount).eq(order.amount) || q.price.currency !== order.currency || q.availability !== 'available')
      return { refused: 'El precio o la disponibilidad cambiaron después del tiempo de reserva' };
    return { option: { ...order.option, quoteId: q.quoteId }, priced: [await this.breakdownOf(s, q.quoteId)] };
  }

  reserve(s: Storefront, order: StorefrontOrderRow, payment: StorefrontPayment) {
    return this.hotelBooking.reserveForSale(
      s.sale,
      {
        type: 'hotel',
        client: clientOf(order.billing as unknown as Billing),
        companions: order.travellers.map((room) => room.map((p) => ({ ...p, type: p.type as 'adult' | 'child' | 'infant' }))),
        price: { gross: order.amount, currency: order.currency },
        payments: { storefront: [payment] },
        bookingCodes: { quoteId: order.option.quoteId },
      },
      reserveKeyOf(order),
      { integrator: integratorOf(s) },
    );
  }
}
