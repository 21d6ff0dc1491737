import { randomBytes } from 'node:crypto';
import {
  type AgencyModule,
  type HotelContentBody,
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
const CONTENT_TTL_S = 24 * 3600;

export interface HotelContent {
  code: string;
  name: string;
  zone: string | undefined;
  category: string | undefined;
  address: string;
  description: string;
}

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
  /** Recently used searches already parsed, so paging a big result doesn't parse megabytes of JSON each time. */
  private readonly parsed = new Map<string, CachedSearch>();
  private static readonly PARSED_MAX = 16;
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
    this.remember(cached);
    this.d.log.info({ cacheId, supplier: account.supplier, offers: priced.length, dropped, code }, 'hotel search cached');
    return present(cached, auth.user.type, { page: 1, limit: 20, sort: 'price' }, {});
  }

  /**
   * Juniper static content of some hotels (cached a day per account and hotel in the store): only
   * the hotels the supplier knows come back.
   */
  async content(auth: AuthContext, body: HotelContentBody, route: { forceSandbox: boolean }) {
    const account = await this.account(auth, body.provider_id, { supplier: 'juniper', forceSandbox: route.forceSandbox }, null);
    const adapter = this.d.suppliers.registry.hotel(account) as unknown as {
      hotelContent?: (codes: string[], ctx?: CallContext) => Promise<HotelContent[]>;
    };
    if (typeof adapter.hotelContent !== 'function') throw badRequest(M.supplierMismatch, undefined, 'SUPPLIER_MISMATCH');
    const codes = [...new Set(body.codes)];
    const key = (code: string) => `hotel-content:${account.id}:${account.mode}:${code}`;
    const found = new Map<string, HotelContent>();
    const cached = await Promise.all(codes.map((c) => this.d.store.get(key(c))));
    codes.forEach((code, i) => {
      const raw = cached[i];
      if (raw) found.set(code, JSON.parse(raw) as HotelContent);
    });
    const missing = codes.filter((c) => !found.has(c));
    if (missing.length) {
      const fresh = await adapter.hotelContent.call(adapter, missing, { correlationId: `content:${auth.user.id}` });
      for (const h of fresh) {
        found.set(h.code, h);
        await this.d.store.set(key(h.code), JSON.stringify(h), CONTENT_TTL_S);
      }
    }
    return { success: true as const, response: { items: codes.flatMap((c) => (found.has(c) ? [found.get(c) as HotelContent] : [])) } };
  }

  /** A cached search of the caller (another user's, or an expired one, is a 404). */
  async cached(auth: AuthContext, cacheId: string): Promise<CachedSearch> {
    let found: CachedSearch | null = null;
    if (/^[A-Za-z0-9_-]{10,64}$/.test(cacheId)) {
      const hit = this.parsed.get(cacheId);
      if (hit && Date.parse(hit.expires) > this.now().getTime()) found = hit;
      else {
        const raw = await this.d.store.get(cacheKey(cacheId));
        found = raw ? (JSON.parse(raw) as CachedSearch) : null;
        if (found) this.remember(found);
      }
    }
    if (!found || found.userId !== auth.user.id || found.agencyId !== (auth.agency?.id ?? null))
      throw new AppError(404, 'SEARCH_EXPIRED', M.cacheExpired);
    return found;
  }

  /** Keeps a parsed search (most recent last), dropping the oldest and the expired ones. */
  private remember(c: CachedSearch) {
    this.parsed.delete(c.cacheId);
    this.parsed.set(c.cacheId, c);
    const now = this.now().getTime();
    for (const [id, v] of this.parsed)
      if (this.parsed.size > HotelSearchService.PARSED_MAX || Date.parse(v.expires) <= now) this.parsed.delete(id);
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
  // Prices are compared as numbers (decimal strings of ≤ 2 decimals, far below 2^53 cents) and shown
  // as the stored strings; DTOs are built for the requested page only.
  type Option = CachedSearch['offers'][number] & { n: number };
  type Hotel = { code: string; first: HotelOffer; stars: number | null; options: Option[]; min: Option };
  const minPrice = f.minPrice ? Number(f.minPrice) : null;
  const maxPrice = f.maxPrice ? Number(f.maxPrice) : null;
  const hotels = new Map<string, Hotel>();
  for (const o of c.offers) {
    if (f.boards?.length && !f.boards.includes(o.offer.board.code)) continue;
    if (f.refundable !== undefined && o.offer.cancellation.refundable !== f.refundable) continue;
    const n = Number(o.breakdown.price);
    if (minPrice !== null && n < minPrice) continue;
    if (maxPrice !== null && n > maxPrice) continue;
    const opt: Option = { ...o, n };
    const h = hotels.get(o.offer.hotel.code);
    if (h) {
      h.options.push(opt);
      if (n < h.min.n) h.min = opt;
    } else
      hotels.set(o.offer.hotel.code, {
        code: o.offer.hotel.code,
        first: o.offer,
        stars: starsOf(o.offer.hotel.category),
        options: [opt],
        min: opt,
      });
  }
  const needle = f.q?.trim().toLowerCase();
  const items: Hotel[] = [];
  for (const h of hotels.values()) {
    if (f.stars?.length && (h.stars === null || !f.stars.includes(h.stars))) continue;
    if (needle && !h.first.hotel.name.toLowerCase().includes(needle)) continue;
    items.push(h);
  }
  const byPrice = (a: Hotel, b: Hotel) => a.min.n - b.min.n;
  const collator = new Intl.Collator('es');
  const sorters: Record<HotelSort, (a: Hotel, b: Hotel) => number> = {
    price: byPrice,
    '-price': (a, b) => -byPrice(a, b),
    name: (a, b) => collator.compare(a.first.hotel.name, b.first.hotel.name),
    category: (a, b) => (a.stars ?? 0) - (b.stars ?? 0) || byPrice(a, b),
    '-category': (a, b) => (b.stars ?? 0) - (a.stars ?? 0) || byPrice(a, b),
  };
  items.sort((a, b) => sorters[q.sort](a, b) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  let lowest: Option | null = null;
  let highest: Option | null = null;
  for (const h of items) {
    if (!lowest || h.min.n < lowest.n) lowest = h.min;
    if (!highest || h.min.n > highest.n) highest = h.min;
  }
  const money = (o: Option | null) => (o ? { amount: new Decimal(o.breakdown.price).toFixed(2), currency: o.breakdown.currency } : null);
  const start = (q.page - 1) * q.limit;
  const page: HotelItemDto[] = items.slice(start, start + q.limit).map((h) => {
    const options = [...h.options].sort((a, b) => a.n - b.n || Number(a.optionId) - Number(b.optionId)).map((o) => optionDto(o, viewer));
    return {
      code: h.code,
      name: h.first.hotel.name,
      category: h.first.hotel.category ?? null,
      stars: h.stars,
      zone: h.first.hotel.zone ?? null,
      supplier: h.first.supplier,
      minPrice: options[0].price,
      options,
    };
  });
  return {
    success: true as const,
    response: {
      cacheId: c.cacheId,
      expires: c.expires,
      supplier: c.supplier,
      itemsFound: items.length,
      lowestPrice: money(lowest),
      highestPrice: money(highest),
      page: q.page,
      limit: q.limit,
      totalPages: Math.ceil(items.length / q.limit),
      dropped: c.dropped,
      notes: c.notes,
      items: page,
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
