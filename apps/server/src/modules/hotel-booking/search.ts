import { randomBytes } from 'node:crypto';
import {
  type AgencyModule,
  type HotelSearchBody,
  HOTEL_BOOKING_MESSAGES as M,
  type PriceBreakdown,
  type SupplierId,
  type UserType,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { places, supplierDestinations } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import { breakdownFor } from '../../pricing/index.js';
import type { CallContext, HotelOffer, ResolvedProviderAccount, SupplierLayer } from '../../suppliers/index.js';
import type { PricingService } from '../pricing/service.js';
import type { ProviderAccountService } from '../provider-account/service.js';

/** Most rooms per search each supplier accepts (spec §9: Restel up to 3). */
export const MAX_ROOMS: Record<SupplierId, number> = { hotelbeds: 9, juniper: 9, restel: 3, santsg: 0 };
export const MAX_NIGHTS = 30;
/** How long a search is kept when the supplier's tokens say nothing (and at most). */
const DEFAULT_TTL_S = 20 * 60;
const MIN_TTL_S = 60;

export type Resort = 'disney' | 'universal';

/** How a route reaches the supplier: the agency's mode, or always the simulator (`/simulate`, `/test` twins). */
export interface SearchRouteOptions {
  /** The supplier(s) the route is for; an account of another supplier is a 400. */
  supplier: SupplierId | readonly SupplierId[];
  forceSandbox: boolean;
  /** Sandbox only: a simulator failure scenario (x-sim-scenario). */
  simScenario?: string;
}

/** One searched place: its id and its ancestors' ids (nearest first), for the mapping and the markups. */
export interface SearchedPlace {
  id: string;
  name: string;
  ancestors: string[];
}

/** What is kept under a cacheId: everything paging, filtering and the quote need, without calling the supplier. */
export interface CachedSearch {
  v: 1;
  cacheId: string;
  agencyId: string | null;
  userId: string;
  accountId: string;
  supplier: SupplierId;
  forceSandbox: boolean;
  resort: Resort | null;
  criteria: { checkIn: string; checkOut: string; nights: number; nationality: string; rooms: { adults: number; childrenAges: number[] }[] };
  place: SearchedPlace;
  supplierCode: string | null;
  expires: string;
  notes: string[];
  dropped: number;
  offers: Array<{ optionId: string; offer: HotelOffer; breakdown: PriceBreakdown }>;
}

export interface HotelOptionDto {
  optionId: string;
  rooms: { code: string; name: string; adults: number; childrenAges: number[] }[];
  board: { code: string; label: string };
  availability: 'available' | 'on-request';
  refundable: boolean;
  cancellation: HotelOffer['cancellation'];
  payAtHotel: boolean;
  price: { amount: string; currency: string };
  breakdown: PriceBreakdown;
  expiresAt: string | null;
}

export interface HotelItemDto {
  code: string;
  name: string;
  category: string | null;
  stars: number | null;
  zone: string | null;
  supplier: SupplierId;
  minPrice: { amount: string; currency: string };
  options: HotelOptionDto[];
}

export interface HotelFilter {
  stars?: number[];
  boards?: string[];
  refundable?: boolean;
  minPrice?: string;
  maxPrice?: string;
  q?: string;
}

export type HotelSort = 'price' | '-price' | 'name' | 'category' | '-category';

/** The module flag a hotel supplier needs (Juniper's resort modes have their own). */
export function moduleFor(supplier: SupplierId, resort: Resort | null): AgencyModule | null {
  if (supplier === 'hotelbeds') return 'hotels-hotelbeds';
  if (supplier === 'restel') return 'hotels-restel';
  if (supplier === 'juniper')
    return resort === 'disney' ? 'hotels-juniper-disney' : resort === 'universal' ? 'hotels-juniper-universal' : 'hotels-juniper';
  return null;
}

/** Today's date (UTC) as yyyy-MM-dd. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayMs = 86_400_000;

function validDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === s;
}

/** Spec §5 date rules; answers the number of nights. */
export function checkDates(start: string, end: string, today: string): number {
  if (!validDay(start)) throw badRequest(M.dateInvalid, { start: M.dateInvalid });
  if (!validDay(end)) throw badRequest(M.dateInvalid, { end: M.dateInvalid });
  if (start < today) throw badRequest(M.dateInPast, { start: M.dateInPast });
  const nights = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / dayMs);
  if (nights < 1) throw badRequest(M.endBeforeStart, { end: M.endBeforeStart });
  if (nights > MAX_NIGHTS) throw badRequest(M.tooManyNights, { end: M.tooManyNights });
  return nights;
}

/** Star count from a supplier category ('4EST', '4*', '4 estrellas', '4'). */
export function starsOf(category: string | undefined): number | null {
  const m = category?.match(/([1-5])/);
  return m ? Number(m[1]) : null;
}

const paxOf = (rooms: { adults: number; childrenAges: number[] }[]) => rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0);

export interface HotelSearchDeps {
  db: Db;
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
  constructor(private readonly d: HotelSearchDeps) {
    this.now = d.now ?? (() => new Date());
  }

  /** The account the caller may use for `route`, in the mode the route asks for. */
  async account(auth: AuthContext, accountId: string, route: Pick<SearchRouteOptions, 'supplier' | 'forceSandbox'>, resort: Resort | null) {
    const resolved = await this.d.providerAccounts.resolveForUse(auth, accountId);
    const allowed: readonly SupplierId[] = typeof route.supplier === 'string' ? [route.supplier] : route.supplier;
    if (!allowed.includes(resolved.supplier))
      throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    const module = moduleFor(resolved.supplier, resort);
    if (!module) throw badRequest(M.supplierMismatch, { provider_id: M.supplierMismatch }, 'SUPPLIER_MISMATCH');
    if (!auth.modules.includes(module)) throw forbidden(M.moduleDisabled);
    return route.forceSandbox ? this.sandboxed(resolved) : resolved;
  }

  /** The same account pointed at the simulator whatever the agency's mode. */
  sandboxed(account: ResolvedProviderAccount): ResolvedProviderAccount {
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
    const chain = [place.id, ...place.ancestors];
    const rows = await this.d.db
      .select({ placeId: supplierDestinations.placeId, code: supplierDestinations.code })
      .from(supplierDestinations)
      .where(and(eq(supplierDestinations.supplier, supplier), inArray(supplierDestinations.placeId, chain)));
    for (const id of chain) {
      const hit = rows.find((r) => r.placeId === id);
      if (hit) return hit.code;
    }
    return null;
  }

  async search(auth: AuthContext, body: HotelSearchBody, route: SearchRouteOptions) {
    const nights = checkDates(body.start, body.end, isoDay(this.now()));
    const resort: Resort | null = body.resort ?? null;
    const account = await this.account(auth, body.provider_id, route, resort);
    const maxRooms = MAX_ROOMS[account.supplier];
    if (body.paxes.length > maxRooms) throw badRequest(M.tooManyRooms(maxRooms), { paxes: M.tooManyRooms(maxRooms) }, 'TOO_MANY_ROOMS');
    const place = await this.place(body.destination);
    const rooms = body.paxes.map((p) => ({ adults: p.adults, childrenAges: [...p.children] }));
    const nationality = body.countryCode.toUpperCase();
    const cacheId = randomBytes(16).toString('base64url');
    const code = await this.supplierCode(account.supplier, place);
    const notes: string[] = [];
    let offers: HotelOffer[] = [];
    let dropped = 0;
    let supplierExpiry: string | null = null;
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
    const at = this.now();
    const pricing = await this.d.pricing.loadContext({ agencyId: auth.agency?.id ?? null, userId: auth.user.id, at });
    const paxes = paxOf(rooms);
    const destinationAncestors = [place.id, ...place.ancestors];
    const priced = offers.map((offer, i) => ({
      optionId: String(i),
      offer,
      breakdown: this.d.pricing.price(pricing, {
        kind: 'hotel',
        supplier: account.supplier,
        destinationAncestors,
        checkIn: body.start,
        nights,
        paxes,
        bookingDate: isoDay(at),
        cost: offer.total,
      }),
    }));
    const ttl = ttlSeconds(supplierExpiry, at);
    const cached: CachedSearch = {
      v: 1,
      cacheId,
      agencyId: auth.agency?.id ?? null,
      userId: auth.user.id,
      accountId: account.id,
      supplier: account.supplier,
      forceSandbox: route.forceSandbox,
      resort,
      criteria: { checkIn: body.start, checkOut: body.end, nights, nationality, rooms },
      place,
      supplierCode: code,
      expires: new Date(at.getTime() + ttl * 1000).toISOString(),
      notes,
      dropped,
      offers: priced,
    };
    await this.d.store.set(cacheKey(cacheId), JSON.stringify(cached), ttl);
    this.d.log.info({ cacheId, supplier: account.supplier, offers: priced.length, dropped, code }, 'hotel search cached');
    return present(cached, auth.user.type, { page: 1, limit: 20, sort: 'price' }, {});
  }

  /** A cached search of the caller (another user's, or an expired one, is a 404). */
  async cached(auth: AuthContext, cacheId: string): Promise<CachedSearch> {
    const raw = /^[A-Za-z0-9_-]{10,64}$/.test(cacheId) ? await this.d.store.get(cacheKey(cacheId)) : null;
    const found = raw ? (JSON.parse(raw) as CachedSearch) : null;
    if (!found || found.userId !== auth.user.id || found.agencyId !== (auth.agency?.id ?? null))
      throw new AppError(404, 'SEARCH_EXPIRED', M.cacheExpired);
    return found;
  }

  async page(auth: AuthContext, cacheId: string, q: { page: number; limit: number; sort: HotelSort }, filter: HotelFilter) {
    return present(await this.cached(auth, cacheId), auth.user.type, q, filter);
  }
}

export const cacheKey = (cacheId: string) => `hotel-search:${cacheId}`;

function ttlSeconds(expiresAt: string | null, now: Date): number {
  const until = expiresAt ? Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000) : DEFAULT_TTL_S;
  if (!Number.isFinite(until)) return DEFAULT_TTL_S;
  return Math.max(MIN_TTL_S, Math.min(DEFAULT_TTL_S, until));
}

/** The spec's answer for one page of a cached search, priced for the viewer's role. */
export function present(c: CachedSearch, viewer: UserType, q: { page: number; limit: number; sort: HotelSort }, f: HotelFilter) {
  const hotels = new Map<string, { first: HotelOffer; options: CachedSearch['offers'] }>();
  for (const o of c.offers) {
    if (f.boards?.length && !f.boards.includes(o.offer.board.code)) continue;
    if (f.refundable !== undefined && o.offer.cancellation.refundable !== f.refundable) continue;
    if (f.minPrice && new Decimal(o.breakdown.price).lt(f.minPrice)) continue;
    if (f.maxPrice && new Decimal(o.breakdown.price).gt(f.maxPrice)) continue;
    const h = hotels.get(o.offer.hotel.code);
    if (h) h.options.push(o);
    else hotels.set(o.offer.hotel.code, { first: o.offer, options: [o] });
  }
  const needle = f.q?.trim().toLowerCase();
  let items: HotelItemDto[] = [];
  for (const [code, h] of hotels) {
    const stars = starsOf(h.first.hotel.category);
    if (f.stars?.length && (stars === null || !f.stars.includes(stars))) continue;
    if (needle && !h.first.hotel.name.toLowerCase().includes(needle)) continue;
    const options = h.options
      .map((o) => optionDto(o, viewer))
      .sort((a, b) => new Decimal(a.price.amount).cmp(b.price.amount) || a.optionId.localeCompare(b.optionId));
    items.push({
      code,
      name: h.first.hotel.name,
      category: h.first.hotel.category ?? null,
      stars,
      zone: h.first.hotel.zone ?? null,
      supplier: h.first.supplier,
      minPrice: options[0].price,
      options,
    });
  }
  const byPrice = (a: HotelItemDto, b: HotelItemDto) => new Decimal(a.minPrice.amount).cmp(b.minPrice.amount);
  const sorters: Record<HotelSort, (a: HotelItemDto, b: HotelItemDto) => number> = {
    price: byPrice,
    '-price': (a, b) => -byPrice(a, b),
    name: (a, b) => a.name.localeCompare(b.name, 'es'),
    category: (a, b) => (a.stars ?? 0) - (b.stars ?? 0) || byPrice(a, b),
    '-category': (a, b) => (b.stars ?? 0) - (a.stars ?? 0) || byPrice(a, b),
  };
  items = items.sort((a, b) => sorters[q.sort](a, b) || a.code.localeCompare(b.code));
  const prices = items.map((i) => new Decimal(i.minPrice.amount));
  const currency = items[0]?.minPrice.currency ?? null;
  const start = (q.page - 1) * q.limit;
  return {
    success: true as const,
    response: {
      cacheId: c.cacheId,
      expires: c.expires,
      supplier: c.supplier,
      itemsFound: items.length,
      lowestPrice: prices.length ? { amount: Decimal.min(...prices).toFixed(2), currency } : null,
      highestPrice: prices.length ? { amount: Decimal.max(...prices).toFixed(2), currency } : null,
      page: q.page,
      limit: q.limit,
      totalPages: Math.ceil(items.length / q.limit),
      dropped: c.dropped,
      notes: c.notes,
      items: items.slice(start, start + q.limit),
    },
  };
}

function optionDto(o: CachedSearch['offers'][number], viewer: UserType): HotelOptionDto {
  return {
    optionId: o.optionId,
    rooms: o.offer.rooms.map((r) => ({ code: r.code, name: r.name, adults: r.occupancy.adults, childrenAges: r.occupancy.childrenAges })),
    board: { code: o.offer.board.code, label: o.offer.board.label },
    availability: o.offer.availability,
    refundable: o.offer.cancellation.refundable,
    cancellation: o.offer.cancellation,
    payAtHotel: o.offer.payAtHotel,
    price: { amount: o.breakdown.price, currency: o.breakdown.currency },
    breakdown: breakdownFor(viewer, o.breakdown),
    expiresAt: o.offer.token.expiresAt,
  };
}
