import { randomBytes } from 'node:crypto';
import { type HotelSearchBody, INVENTORY_MESSAGES, HOTEL_BOOKING_MESSAGES as M, type PriceBreakdown } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, forbidden } from '../../../http/errors.js';
import type { HotelOffer, HotelQuote } from '../../../suppliers/index.js';
import type { InventoryService } from '../../inventory/service.js';
import type { CachedOffer, HotelExtras, SearchedPlace, SearchIndex } from './cache.js';
import { checkDates, isoDay, ttlSeconds } from './criteria.js';
import type { PlaceLookup } from './places.js';
import type { HotelSearchStore } from './search-store.js';

/**
 * Our own hotels (travesia) as one more supplier of the streamed search: the inventory module
 * searches and prices them; the answer is stored (`store`) and paged like any supplier's.
 */
export async function searchOwnHotels(
  d: { inventory: Pick<InventoryService, 'search'>; places: PlaceLookup; searches: HotelSearchStore; log: Logger; now: () => Date },
  auth: AuthContext,
  body: Omit<HotelSearchBody, 'provider_id'>,
  /** The place already being looked up by the streamed search, if any. */
  shared?: Promise<SearchedPlace>,
) {
  const nights = checkDates(body.start, body.end, isoDay(d.now()));
  if (!auth.modules.includes('hotels-travesia')) throw forbidden(M.moduleDisabled);
  const place = await (shared ?? d.places.place(body.destination));
  const rooms = body.paxes.map((p) => ({ adults: p.adults, childrenAges: [...p.children] }));
  const found = await d.inventory.search(auth, {
    destination: place.id,
    start: body.start,
    end: body.end,
    paxes: body.paxes.map((p) => ({ adults: p.adults, children: [...p.children] })),
  });
  const extras = new Map<string, HotelExtras & { stars?: number | null }>();
  const offers: CachedOffer[] = [];
  for (const item of found.items) {
    const h = item.hotel;
    extras.set(h.id, {
      stars: h.stars ?? null,
      ...(h.images.length ? { images: h.images.map((f) => `/api/file/serve/${encodeURIComponent(f)}`) } : {}),
      ...(h.address ? { address: h.address } : {}),
      ...(h.lat !== null && h.lng !== null ? { location: { lat: h.lat, lng: h.lng } } : {}),
      ...(h.description ? { description: h.description } : {}),
    });
    for (const o of item.offers) offers.push(travesiaOffer(o, item.placeName, String(offers.length)));
  }
  const at = d.now();
  const ttl = ttlSeconds(found.expires, at);
  const cacheId = randomBytes(16).toString('base64url');
  const built = d.searches.build(
    {
      cacheId,
      kind: 'supplier',
      agencyId: auth.agency?.id ?? null,
      userId: auth.user.id,
      accountId: 'travesia',
      supplier: 'travesia',
      forceSandbox: false,
      resort: null,
      criteria: { checkIn: body.start, checkOut: body.end, nights, nationality: body.countryCode.toUpperCase(), rooms },
      place,
      supplierCode: null,
      expires: new Date(at.getTime() + ttl * 1000).toISOString(),
      notes: found.notes,
      dropped: found.dropped,
    },
    offers,
    ttl,
    extras,
  );
  const page = await d.searches.firstPage(built.index, auth.user.type, built.blobs);
  const store = async () => {
    await d.searches.write(built);
    d.log.info({ cacheId, supplier: 'travesia', offers: offers.length, dropped: found.dropped }, 'hotel search cached');
  };
  return { index: built.index, page, store };
}

/** An own-inventory option in the cache's offer shape (supplier and account `travesia`). */
function travesiaOffer(
  o: Awaited<ReturnType<InventoryService['search']>>['items'][number]['offers'][number],
  zone: string,
  optionId: string,
): CachedOffer {
  const { pricing, policyText: _text, ...offer } = o;
  return { optionId, offer: { ...offer, hotel: { ...offer.hotel, zone: offer.hotel.zone ?? zone } }, breakdown: pricing };
}

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
