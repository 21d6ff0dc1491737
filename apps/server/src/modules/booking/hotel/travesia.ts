import { INVENTORY_MESSAGES, type PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError } from '../../../http/errors.js';
import type { HotelOffer, HotelQuote } from '../../../suppliers/index.js';
import type { InventoryService } from '../../inventory/service.js';
import type { CachedOffer, SearchIndex } from './cache.js';

/**
 * Re-prices an own-inventory option (the quote of a travesia option): the inventory module searches
 * the same stay again (current allotment, prices and rules) and the same hotel, room type and board
 * is picked; its fresh option token is what the reserve books. Gone: 409 'Sin disponibilidad'.
 */
export async function requoteTravesia(
  inventory: Pick<InventoryService, 'search'>,
  auth: AuthContext,
  search: SearchIndex,
  option: CachedOffer,
): Promise<{ quote: HotelQuote; breakdown: PriceBreakdown }> {
  const c = search.criteria;
  const found = await inventory.search(auth, {
    destination: search.place.id,
    start: c.checkIn,
    end: c.checkOut,
    paxes: c.rooms.map((r) => ({ adults: r.adults, children: r.childrenAges })),
  });
  const roomTypeId = option.offer.supplierData.roomTypeId;
  const fresh = found.items
    .find((i) => i.hotel.id === option.offer.hotel.code)
    ?.offers.find((o) => o.supplierData.roomTypeId === roomTypeId && o.board.code === option.offer.board.code);
  if (!fresh) throw new AppError(409, 'NO_AVAILABILITY', INVENTORY_MESSAGES.noAvailability);
  const { pricing, policyText, ...rest } = fresh;
  const offer = { ...rest, hotel: { ...rest.hotel, zone: option.offer.hotel.zone } } as unknown as HotelOffer;
  return {
    breakdown: pricing,
    quote: {
      offer,
      total: fresh.total,
      priceChanged: !new Decimal(fresh.total.amount).eq(option.offer.total.amount) || fresh.total.currency !== option.offer.total.currency,
      previousTotal: option.offer.total,
      availability: 'available',
      cancellation: fresh.cancellation,
      token: fresh.token,
      remarks: policyText ? [policyText] : [],
      supplierData: fresh.supplierData,
    },
  };
}
