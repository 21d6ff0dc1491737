import { randomBytes } from 'node:crypto';
import { type HotelSearchBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { AuthContext } from '../../../http/auth.js';
import { forbidden } from '../../../http/errors.js';
import type { InventoryService } from '../../inventory/service.js';
import type { CachedOffer, HotelExtras, SearchedPlace } from './cache.js';
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
