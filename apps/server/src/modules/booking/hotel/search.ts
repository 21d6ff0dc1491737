import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type HotelContentBody, type HotelSearchBody, HOTEL_BOOKING_MESSAGES as M, type SupplierId } from '@travesia/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../db/client.js';
import { places, supplierDestinations } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { PricingContext } from '../../../pricing/index.js';
import { isSupplierAccount, type SupplierAccount } from '../../../suppliers/account.js';
import type { CallContext, HotelOffer, SupplierLayer } from '../../../suppliers/index.js';
import type { InventoryService } from '../../inventory/service.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService } from '../../provider-account/service.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from '../sales-context.js';
import {
  type CachedOffer,
  cacheKey,
  cheapest,
  currencyOf,
  facetsOf,
  type HotelExtras,
  type HotelFilter,
  type HotelSort,
  hotelBlobKey,
  type IndexHotel,
  optionIdOf,
  present,
  type Resort,
  rankByName,
  type SearchedPlace,
  type SearchIndex,
  writeHotels,
} from './cache.js';
import { hotelContent } from './content.js';
import { checkDates, isoDay, MAX_ROOMS, moduleFor, paxOf, type SearchRouteOptions, ttlSeconds } from './criteria.js';
import { priceOffers } from './rates.js';

export type { Resort, SearchedPlace } from './cache.js';
export { checkDates, MAX_NIGHTS, MAX_ROOMS, moduleFor, type SearchRouteOptions } from './criteria.js';

export interface HotelSearchDeps {
  db: Db;
  /** Own inventory (travesia): its search, for the streamed search and the quote. */
  inventory: Pick<InventoryService, 'search'>;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
  log: Logger;
  now?: () => Date;
}

/**
 * Hotel search through one supplier account (issue 6): validates the criteria, resolves the account
 * in the caller's scope, maps our place to the supplier's code, searches, prices every offer with the
 * pricing engine and keeps the result under a cacheId, so paging, sorting and filtering never call
 * the supplier again.
 */
export class HotelSearchService {
  private readonly now: () => Date;
  /** Recently used search indexes already parsed (a cold read parses only the compact index anyway). */
  private readonly parsed = new Map<string, SearchIndex>();
  private static readonly PARSED_MAX = 16;
  constructor(private readonly d: HotelSearchDeps) {
    this.now = d.now ?? (() => new Date());
  }

  /** The account the caller may use for `route`, in the mode the route asks for. */
  async account(
    who: AuthContext | SalesContext,
    accountId: string,
    route: Pick<SearchRouteOptions, 'supplier' | 'forceSandbox'>,
    resort: Resort | null,
  ) {
    const sale = saleOf(who);
    const resolved = await this.d.providerAccounts.resolveForSale(sale, accountId);
    const allowed: readonly SupplierId[] = typeof route.supplier === 'string' ? [route.supplier] : route.supplier;
    if (!isSupplierAccount(resolved) || !allowed.includes(resolved.supplier))
      throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    const module = moduleFor(resolved.supplier, resort);
    if (!module) throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    if (!sale.modules.includes(module)) throw forbidden(M.moduleDisabled);
    return route.forceSandbox ? this.sandboxed(resolved) : resolved;
  }

  /** The same account pointed at the simulator whatever the agency's mode. */
  sandboxed(account: SupplierAccount): SupplierAccount {
    if (account.mode === 'sandbox') return account;
    return { ...account, mode: 'sandbox', baseUrl: this.d.suppliers.baseUrlFor(account.supplier, 'sandbox') };
  }

  /** Our place and its ancestors (nearest first); a 404 when it doesn't exist. */
  async place(id: string): Promise<SearchedPlace> {
    const [row] = await this.d.db
      .select({ id: places.id, name: places.name, path: places.path })
      .from(places)
      .where(eq(places.id, id))
      .limit(1);
    if (!row) throw notFound(M.destinationNotFound);
    return { id: row.id, name: row.name, ancestors: [...row.path].reverse().filter((p) => p !== row.id) };
  }

  /** The supplier's code of the nearest mapped place among the place and its ancestors, or null. */
  async supplierCode(supplier: SupplierId, place: SearchedPlace): Promise<string | null> {
    return (await this.supplierCodes(place)).get(supplier) ?? null;
  }

  /** Every supplier's code for the place (nearest mapped place among it and its ancestors), one query. */
  async supplierCodes(place: SearchedPlace): Promise<Map<string, string>> {
    const chain = [place.id, ...place.ancestors];
    const rows = await this.d.db
      .select({ supplier: supplierDestinations.supplier, placeId: supplierDestinations.placeId, code: supplierDestinations.code })
      .from(supplierDestinations)
      .where(inArray(supplierDestinations.placeId, chain));
    const depth = new Map(chain.map((id, i) => [id, i]));
    const best = new Map<string, { code: string; depth: number }>();
    for (const r of rows) {
      const d = depth.get(r.placeId) as number;
      const current = best.get(r.supplier);
      if (!current || d < current.depth) best.set(r.supplier, { code: r.code, depth: d });
    }
    return new Map([...best].map(([supplier, v]) => [supplier, v.code]));
  }

  /**
   * Lookups every supplier of one streamed search shares: the place, its supplier codes and the pricing context, started
   * once and concurrently with the supplier calls (decision 0098). Rejections are left to the awaiting
   * searches.
   */
  prefetch(who: AuthContext | SalesContext, destination: string, pricingContext?: Promise<PricingContext>): SharedLookups {
    const sale = saleOf(who);
    const place = this.place(destination);
    const pricing =
      pricingContext ?? this.d.pricing.loadContext({ agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at: this.now() });
    const codes = place.then((p) => this.supplierCodes(p));
    for (const p of [place, pricing, codes]) p.catch(() => undefined);
    return { place, pricing, codes };
  }

  async search(who: AuthContext | SalesContext, body: HotelSearchBody, route: SearchRouteOptions, shared?: SharedLookups) {
    const t0 = performance.now();
    const sale = saleOf(who);
    const nights = checkDates(body.start, body.end, isoDay(this.now()));
    const resort: Resort | null = body.resort ?? null;
    const { place: placeP, pricing: pricingP, codes: codesP } = shared ?? this.prefetch(sale, body.destination);
    const account = await this.account(sale, body.provider_id, route, resort);
    const maxRooms = MAX_ROOMS[account.supplier];
    if (body.paxes.length > maxRooms) throw badRequest(M.tooManyRooms(maxRooms), { paxes: M.tooManyRooms(maxRooms) }, 'TOO_MANY_ROOMS');
    const place = await placeP;
    const rooms = body.paxes.map((p) => ({ adults: p.adults, childrenAges: [...p.children] }));
    const nationality = body.countryCode.toUpperCase();
    const cacheId = randomBytes(16).toString('base64url');
    const code = (await codesP).get(account.supplier) ?? null;
    const notes: string[] = [];
    let offers: HotelOffer[] = [];
    let dropped = 0;
    let supplierExpiry: string | null = null;
    const t1 = performance.now();
    if (!code) {
      notes.push(M.noMapping(account.name));
    } else {
      const ctx: CallContext = { correlationId: cacheId, simScenario: account.mode === 'sandbox' ? route.simScenario : undefined };
      const result = await this.d.suppliers.registry
        .hotel(account)
        .search({ checkIn: body.start, checkOut: body.end, rooms, destination: code, nationality, resort: resort ?? undefined }, ctx);
      offers = result.offers;
      dropped = result.dropped;
      supplierExpiry = result.expiresAt;
    }
    const t2 = performance.now();
    const at = this.now();
    const pricing = await pricingP;
    const destinationAncestors = [place.id, ...place.ancestors];
    const priced = priceOffers(this.d.pricing, pricing, offers, (offer) => ({
      kind: 'hotel',
      supplier: account.supplier,
      destinationAncestors,
      checkIn: body.start,
      nights,
      paxes: paxOf(rooms),
      bookingDate: isoDay(at),
      cost: offer.total,
    }));
    if (priced.dropped) notes.push(priced.note);
    const ttl = ttlSeconds(supplierExpiry, at);
    const index = await this.storeSearch(
      {
        cacheId,
        kind: 'supplier',
        agencyId: sale.agencyId,
        userId: scopeIdOf(sale),
        accountId: account.id,
        supplier: account.supplier,
        forceSandbox: route.forceSandbox,
        resort,
        criteria: { checkIn: body.start, checkOut: body.end, nights, nationality, rooms },
        place,
        supplierCode: code,
        expires: new Date(at.getTime() + ttl * 1000).toISOString(),
        notes,
        dropped: dropped + priced.dropped,
      },
      priced.offers,
      ttl,
    );
    // Where the time went (ms): before the supplier call, the call, pricing + storing after it.
    const ms = { prep: Math.round(t1 - t0), supplier: Math.round(t2 - t1), after: Math.round(performance.now() - t2) };
    this.d.log.info({ cacheId, supplier: account.supplier, offers: priced.offers.length, dropped, code, ms }, 'hotel search cached');
    return { index, page: await present(this.d.store, index, viewerTypeOf(sale), FIRST_PAGE, {}) };
  }

  /**
   * Our own hotels (travesia) as one more supplier of the streamed search: the inventory module
   * searches and prices them; the answer is stored and paged like any supplier's.
   */
  async searchTravesia(auth: AuthContext, body: Omit<HotelSearchBody, 'provider_id'>, shared?: Pick<SharedLookups, 'place'>) {
    const nights = checkDates(body.start, body.end, isoDay(this.now()));
    if (!auth.modules.includes('hotels-travesia')) throw forbidden(M.moduleDisabled);
    const place = await (shared?.place ?? this.place(body.destination));
    const rooms = body.paxes.map((p) => ({ adults: p.adults, childrenAges: [...p.children] }));
    const found = await this.d.inventory.search(auth, {
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
    const at = this.now();
    const ttl = ttlSeconds(found.expires, at);
    const cacheId = randomBytes(16).toString('base64url');
    const index = await this.storeSearch(
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
    this.d.log.info({ cacheId, supplier: 'travesia', offers: offers.length, dropped: found.dropped }, 'hotel search cached');
    return { index, page: await present(this.d.store, index, auth.user.type, FIRST_PAGE, {}) };
  }

  /** Writes a search's hotel blobs and its index; answers the index. */
  private async storeSearch(
    meta: Omit<SearchIndex, 'v' | 'parts' | 'compare' | 'facets' | 'hotels'>,
    offers: CachedOffer[],
    ttl: number,
    extras?: Map<string, HotelExtras & { stars?: number | null }>,
  ): Promise<SearchIndex> {
    const hotels = await writeHotels(this.d.store, meta.cacheId, offers, ttl, extras);
    const compare = new Set(offers.map((o) => o.breakdown.currency)).size > 1 ? 'usd' : 'price';
    const index: SearchIndex = { v: 2, ...meta, parts: [], compare, facets: facetsOf(hotels, compare), hotels };
    if (compare === 'usd') index.notes = [...index.notes, M.mixedCurrencies];
    await this.d.store.set(cacheKey(meta.cacheId), JSON.stringify(index), ttl);
    this.remember(index);
    return index;
  }

  /**
   * One search holding every successful part of a streamed search: the parts' index entries side by
   * side (their blobs are shared, not copied), option ids prefixed with the part number. Prices in
   * several currencies are compared by their USD equivalent (decision 0096).
   */
  async merge(who: AuthContext | SalesContext, parts: SearchIndex[]): Promise<SearchIndex | null> {
    if (!parts.length) return null;
    const sale = saleOf(who);
    const at = this.now().getTime();
    const expires = parts.reduce((min, p) => (p.expires < min ? p.expires : min), parts[0].expires);
    const ttl = Math.max(1, Math.floor((Date.parse(expires) - at) / 1000));
    const hotels: IndexHotel[] = parts.flatMap((p, i) => p.hotels.map((h) => ({ ...h, part: i })));
    rankByName(hotels);
    const currencies = new Set(hotels.flatMap((h) => h.o.map(currencyOf)));
    const compare = currencies.size > 1 ? 'usd' : 'price';
    hotels.sort((a, b) => cheapest(a, compare) - cheapest(b, compare));
    const notes = [...new Set(parts.flatMap((p) => p.notes.filter((n) => n !== M.mixedCurrencies)))];
    if (compare === 'usd') notes.push(M.mixedCurrencies);
    const first = parts[0];
    const index: SearchIndex = {
      v: 2,
      cacheId: randomBytes(16).toString('base64url'),
      kind: 'merged',
      agencyId: sale.agencyId,
      userId: scopeIdOf(sale),
      accountId: '',
      supplier: 'mixed',
      forceSandbox: first.forceSandbox,
      resort: first.resort,
      criteria: first.criteria,
      place: first.place,
      supplierCode: null,
      expires,
      notes,
      dropped: parts.reduce((n, p) => n + p.dropped, 0),
      parts: parts.map((p) => ({ cacheId: p.cacheId, supplier: p.supplier as IndexHotel['supplier'], accountId: p.accountId })),
      compare,
      facets: facetsOf(hotels, compare),
      hotels,
    };
    await this.d.store.set(cacheKey(index.cacheId), JSON.stringify(index), ttl);
    this.remember(index);
    return index;
  }

  /** Juniper static content of some hotels (content.ts). */
  content(auth: AuthContext, body: HotelContentBody, route: { forceSandbox: boolean }) {
    return hotelContent({ store: this.d.store, suppliers: this.d.suppliers, account: (...a) => this.account(...a) }, auth, body, route);
  }

  /** A cached search of the caller (another user's, or an expired one, is a 404). */
  async cached(who: AuthContext | SalesContext, cacheId: string): Promise<SearchIndex> {
    const sale = saleOf(who);
    let found: SearchIndex | null = null;
    if (/^[A-Za-z0-9_-]{10,64}$/.test(cacheId)) {
      const hit = this.parsed.get(cacheId);
      if (hit) found = hit;
      else {
        const raw = await this.d.store.get(cacheKey(cacheId));
        const parsed = raw ? (JSON.parse(raw) as SearchIndex) : null;
        found = parsed?.v === 2 ? parsed : null;
        if (found) this.remember(found);
      }
    }
    if (found && Date.parse(found.expires) <= this.now().getTime()) found = null;
    if (!found || found.userId !== scopeIdOf(sale) || found.agencyId !== sale.agencyId)
      throw new AppError(404, 'SEARCH_EXPIRED', M.cacheExpired);
    return found;
  }

  /**
   * One option of a cached search with the supplier search it belongs to (a merged search's
   * `<part>-<id>` resolves to its part); 404 when unknown.
   */
  async option(who: AuthContext | SalesContext, cacheId: string, optionId: string): Promise<{ search: SearchIndex; entry: CachedOffer }> {
    let search = await this.cached(who, cacheId);
    let id = optionId;
    if (search.kind === 'merged') {
      const m = /^(\d+)-(.+)$/.exec(optionId);
      const part = m ? search.parts[Number(m[1])] : undefined;
      if (!m || !part) throw new AppError(404, 'OPTION_NOT_FOUND', M.optionNotFound);
      search = await this.cached(who, part.cacheId);
      id = m[2];
    }
    const hotel = search.hotels.find((h) => h.o.some((o) => optionIdOf(o) === id));
    const raw = hotel ? await this.d.store.get(hotelBlobKey(search, hotel)) : null;
    const entry = raw ? (JSON.parse(raw) as CachedOffer[]).find((o) => o.optionId === id) : undefined;
    if (!entry) throw new AppError(404, 'OPTION_NOT_FOUND', M.optionNotFound);
    return { search, entry };
  }

  /** Keeps a parsed search (most recent last), dropping the oldest and the expired ones. */
  private remember(c: SearchIndex) {
    this.parsed.delete(c.cacheId);
    this.parsed.set(c.cacheId, c);
    const now = this.now().getTime();
    for (const [id, v] of this.parsed)
      if (this.parsed.size > HotelSearchService.PARSED_MAX || Date.parse(v.expires) <= now) this.parsed.delete(id);
  }

  async page(who: AuthContext | SalesContext, cacheId: string, q: { page: number; limit: number; sort: HotelSort }, filter: HotelFilter) {
    return present(this.d.store, await this.cached(who, cacheId), viewerTypeOf(saleOf(who)), q, filter);
  }
}

/** Lookups shared by the suppliers of one streamed search (started before the supplier calls). */
export interface SharedLookups {
  place: Promise<SearchedPlace>;
  pricing: Promise<PricingContext>;
  /** Every supplier's destination code for the place. */
  codes: Promise<Map<string, string>>;
}

const FIRST_PAGE = { page: 1, limit: 20, sort: 'price' as const };

/** An own-inventory option in the cache's offer shape (supplier and account `travesia`). */
function travesiaOffer(
  o: Awaited<ReturnType<InventoryService['search']>>['items'][number]['offers'][number],
  zone: string,
  optionId: string,
): CachedOffer {
  const { pricing, policyText: _text, ...offer } = o;
  return { optionId, offer: { ...offer, hotel: { ...offer.hotel, zone: offer.hotel.zone ?? zone } }, breakdown: pricing };
}
