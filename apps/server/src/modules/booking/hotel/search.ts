import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type HotelContentBody, type HotelSearchBody, HOTEL_BOOKING_MESSAGES as M, type SupplierId } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { TableChanges } from '../../../db/changes.js';
import type { Db } from '../../../db/client.js';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest, forbidden } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { PricingContext } from '../../../pricing/index.js';
import { isSupplierAccount } from '../../../suppliers/account.js';
import type { CallContext, HotelOffer, SupplierLayer } from '../../../suppliers/index.js';
import type { InventoryService } from '../../inventory/service.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService, UsableAccounts } from '../../provider-account/service.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from '../sales-context.js';
import { sandboxed } from '../sandbox.js';
import type { HotelFilter, HotelSort, Resort, SearchedPlace, SearchIndex } from './cache.js';
import { HotelContentFetcher, hotelContent } from './content.js';
import { checkDates, isoDay, MAX_ROOMS, moduleFor, paxOf, type SearchRouteOptions, ttlSeconds } from './criteria.js';
import { PlaceLookup } from './places.js';
import { priceOffers } from './rates.js';
import { HotelSearchStore } from './search-store.js';
import { searchOwnHotels } from './travesia.js';

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
  /** Keeps the place look-ups of searches in memory that long at most, emptied by `changes` (decision 0760). */
  kept?: { changes: TableChanges; ms: number };
}

/**
 * Hotel search through one supplier account (issue 6): validates the criteria, resolves the account
 * in the caller's scope, maps our place to the supplier's code, searches, prices every offer with the
 * pricing engine and keeps the result under a cacheId, so paging, sorting and filtering never call
 * the supplier again.
 */
export class HotelSearchService {
  private readonly now: () => Date;
  /** Our place and the suppliers' codes for it (also the ticket search's). */
  readonly places: PlaceLookup;
  /** The searches kept under a cacheId: stored, merged, read back and paged. */
  readonly searches: HotelSearchStore;
  /** Suppliers' static content, fetched apart from the searches (content.ts). */
  readonly contentFetcher: HotelContentFetcher;
  constructor(private readonly d: HotelSearchDeps) {
    this.now = d.now ?? (() => new Date());
    this.places = new PlaceLookup(d.db, d.kept?.changes, d.kept?.ms);
    this.searches = new HotelSearchStore(d.store, this.now);
    this.contentFetcher = new HotelContentFetcher(d);
  }

  /** The account the caller may use for `route`, in the mode the route asks for. */
  async account(
    who: AuthContext | SalesContext,
    accountId: string,
    route: Pick<SearchRouteOptions, 'supplier' | 'forceSandbox'>,
    resort: Resort | null,
    usable?: UsableAccounts,
  ) {
    const sale = saleOf(who);
    const resolved = usable ? usable.resolve(accountId) : await this.d.providerAccounts.resolveForSale(sale, accountId);
    const allowed: readonly SupplierId[] = typeof route.supplier === 'string' ? [route.supplier] : route.supplier;
    if (!isSupplierAccount(resolved) || !allowed.includes(resolved.supplier))
      throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    const module = moduleFor(resolved.supplier, resort);
    if (!module) throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    if (!sale.modules.includes(module)) throw forbidden(M.moduleDisabled);
    return route.forceSandbox ? sandboxed(this.d.suppliers, resolved) : resolved;
  }

  /**
   * Lookups every supplier of one streamed search shares: the place, its supplier codes and the pricing context, started
   * once and concurrently with the supplier calls (decision 0098). Rejections are left to the awaiting
   * searches.
   */
  prefetch(
    who: AuthContext | SalesContext,
    destination: string,
    pricingContext?: Promise<PricingContext>,
    /** A streamed search's departure gate: the pricing context's queries wait until the supplier requests left. */
    localWork: Promise<void> = Promise.resolve(),
  ): SharedLookups {
    const sale = saleOf(who);
    const found = this.places.placeAndCodes(destination);
    const place = found.then((f) => f.place);
    const pricing =
      pricingContext ??
      localWork.then(() => this.d.pricing.loadContext({ agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at: this.now() }));
    const codes = found.then((f) => f.codes);
    for (const p of [place, pricing, codes]) p.catch(() => undefined);
    return { place, pricing, codes };
  }

  /** Resolves once the supplier requests made so far are written (or after 20 ms): fan-out.ts's departure gate. */
  requestsWritten(): Promise<void> {
    return this.d.suppliers.http.unsent.whenWritten();
  }

  /** One supplier's search, stored before it is answered. */
  async search(who: AuthContext | SalesContext, body: HotelSearchBody, route: SearchRouteOptions, shared?: SharedLookups) {
    const { index, page, store } = await this.searchPart(who, body, route, shared);
    await store();
    return { index, page };
  }

  /**
   * One supplier's search and its first page, built in memory: `store` writes it (a streamed search calls it once
   * the page is on its way to the screen, decision 0710). `departed`: called once the supplier request is made (a
   * streamed search's departure gate).
   */
  async searchPart(
    who: AuthContext | SalesContext,
    body: HotelSearchBody,
    route: SearchRouteOptions,
    shared?: SharedLookups,
    departed?: () => void,
  ) {
    const t0 = performance.now();
    const sale = saleOf(who);
    const nights = checkDates(body.start, body.end, isoDay(this.now()));
    const resort: Resort | null = body.resort ?? null;
    const { place: placeP, pricing: pricingP, codes: codesP } = shared ?? this.prefetch(sale, body.destination);
    const account = await this.account(sale, body.provider_id, route, resort, shared?.accounts);
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
      // No request to wait for: the departure gate (and the pricing context behind it) must not wait for this one.
      departed?.();
    } else {
      const ctx: CallContext = { correlationId: cacheId, simScenario: account.mode === 'sandbox' ? route.simScenario : undefined };
      const searching = this.d.suppliers.registry
        .hotel(account)
        .search({ checkIn: body.start, checkOut: body.end, rooms, destination: code, nationality, resort: resort ?? undefined }, ctx);
      departed?.();
      const result = await searching;
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
    // Static content (photos, map positions) follows the search instead of holding it (content.ts, decision 0630).
    const content = priced.offers.length
      ? await this.contentFetcher.follow(
          account,
          cacheId,
          priced.offers.map((o) => o.offer.hotel.code),
          { correlationId: `content:${cacheId}`, simScenario: account.mode === 'sandbox' ? route.simScenario : undefined },
        )
      : undefined;
    const built = this.searches.build(
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
        ...(content ? { content } : {}),
      },
      priced.offers,
      ttl,
    );
    const page = await this.searches.firstPage(built.index, viewerTypeOf(sale), built.blobs);
    // Where the time went (ms): before the supplier call, the call, pricing + the first page after it.
    const ms = { prep: Math.round(t1 - t0), supplier: Math.round(t2 - t1), after: Math.round(performance.now() - t2) };
    const log = { cacheId, supplier: account.supplier, offers: priced.offers.length, dropped, code, ms };
    const store = async () => {
      await this.searches.write(built);
      this.d.log.info(log, 'hotel search cached');
    };
    return { index: built.index, page, store };
  }

  /** Our own hotels (travesia) as one more supplier of the streamed search (travesia.ts); `store` as `searchPart`'s. */
  searchTravesia(auth: AuthContext, body: Omit<HotelSearchBody, 'provider_id'>, shared?: Pick<SharedLookups, 'place'>) {
    const d = { inventory: this.d.inventory, places: this.places, searches: this.searches, log: this.d.log, now: this.now };
    return searchOwnHotels(d, auth, body, shared?.place);
  }

  /** One search holding every successful part of a streamed search (search-store.ts). */
  merge(who: AuthContext | SalesContext, parts: SearchIndex[]): Promise<SearchIndex | null> {
    return this.searches.merge(who, parts);
  }

  /** `get-hotel-content`: Juniper static content of some hotels, waited for (content.ts). */
  content(auth: AuthContext, body: HotelContentBody, route: { forceSandbox: boolean }) {
    return hotelContent({ store: this.d.store, suppliers: this.d.suppliers, account: (...a) => this.account(...a) }, auth, body, route);
  }

  /** A cached search of the caller (another user's, or an expired one, is a 404). */
  cached(who: AuthContext | SalesContext, cacheId: string): Promise<SearchIndex> {
    return this.searches.cached(who, cacheId);
  }

  /** One option of a cached search with the supplier search it belongs to; 404 when unknown. */
  option(who: AuthContext | SalesContext, cacheId: string, optionId: string) {
    return this.searches.option(who, cacheId, optionId);
  }

  page(who: AuthContext | SalesContext, cacheId: string, q: { page: number; limit: number; sort: HotelSort }, filter: HotelFilter) {
    return this.searches.page(who, cacheId, q, filter);
  }
}

/** Lookups shared by the suppliers of one streamed search (started before the supplier calls). */
export interface SharedLookups {
  place: Promise<SearchedPlace>;
  pricing: Promise<PricingContext>;
  /** Every supplier's destination code for the place. */
  codes: Promise<ReadonlyMap<string, string>>;
  /** A streamed search's one read of the accounts it fans out to (each source resolves its own from it). */
  accounts?: UsableAccounts;
}
