import { BOARD_LABELS, type BoardCode, type PriceBreakdown, type SupplierId } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { CancellationPolicy, HotelOffer } from '../../../suppliers/index.js';
import { agentPolicy } from '../agent-policy.js';

/**
 * The stored form of a hotel search (decision 0095): a compact, pre-grouped index that paging,
 * sorting and filtering read (one small JSON), and one blob per hotel with its full offers (tokens,
 * supplier data, full breakdowns) read only for the hotels of the page asked and for the quote.
 */

/** A hotel supplier of a search: the suppliers' layer ones or our own inventory. */
export type HotelSource = SupplierId | 'travesia';
export type Resort = 'disney' | 'universal';

/** One searched place: its id and its ancestors' ids (nearest first), for the mapping and the markups. */
export interface SearchedPlace {
  id: string;
  name: string;
  ancestors: string[];
  /** Its IANA zone or its nearest ancestor's (decision 0450); null when none has one. */
  timeZone?: string | null;
}

export interface SearchCriteria {
  checkIn: string;
  checkOut: string;
  nights: number;
  nationality: string;
  rooms: { adults: number; childrenAges: number[] }[];
}

/** What a supplier (or our inventory) tells about a hotel beyond its name. */
export interface HotelExtras {
  images?: string[];
  address?: string;
  location?: { lat: number; lng: number };
  description?: string;
}

/** An offer as kept in a hotel blob: the supplier's (or own inventory's) offer and its full breakdown. */
export interface CachedOffer {
  optionId: string;
  offer: Omit<HotelOffer, 'supplier'> & { supplier: HotelSource };
  breakdown: PriceBreakdown;
  /**
   * A supplier's policy in the agent's terms (`agentPolicy`, decision 0400), worked out when the search is
   * stored so that paging does no decimal arithmetic per option (decision 0731). Absent: work it out.
   */
  agentCancellation?: CancellationPolicy;
}

/** An offer with its agent's terms worked out (`CachedOffer.agentCancellation`); our own hotels' are as written. */
export function withAgentTerms(x: CachedOffer): CachedOffer {
  if (x.offer.supplier === 'travesia' || x.agentCancellation) return x;
  const price = { amount: x.breakdown.price, currency: x.breakdown.currency };
  return { ...x, agentCancellation: agentPolicy(x.offer.cancellation, x.offer.total, price) };
}

/**
 * One option in the index, enough to filter and sort without the blob, as a tuple (the index of a
 * big search is parsed on a cold read: no repeated key names): option id, board code, refundable
 * (1/0), price as a number, its USD equivalent as a number, currency. Numbers only compare and show
 * lowest/highest (2-decimal amounts, far below 2^53 cents); options are shown from the blob's strings.
 */
export type IndexOption = [id: string, board: string, refundable: 0 | 1, price: number, usd: number, currency: string];
export const ID = 0;
export const BOARD = 1;
export const REFUNDABLE = 2;
export const PRICE = 3;
export const USD = 4;
export const CURRENCY = 5;
export const optionIdOf = (o: IndexOption) => o[ID];
export const currencyOf = (o: IndexOption) => o[CURRENCY];
/** A hotel's lowest option value in the search's comparison (options are stored cheapest first by price). */
export const cheapest = (h: { o: IndexOption[] }, compare: 'price' | 'usd') =>
  compare === 'usd' ? Math.min(...h.o.map((o) => o[USD])) : h.o[0][PRICE];

export interface IndexHotel {
  code: string;
  name: string;
  category: string | null;
  stars: number | null;
  zone: string | null;
  supplier: HotelSource;
  /** Position in the Spanish alphabetical order of the search (sort=name without a collator at read time). */
  rank: number;
  /** Number of the hotel's blob in its supplier search. */
  b: number;
  /** Merged search: the part (supplier search) the hotel comes from; option ids are `<part>-<id>`. */
  part?: number;
  /**
   * Merged search: the property this supplier's hotel is (same-hotel.ts, decision 0480); hotels with the
   * same `g` are one card with each supplier's rates. Absent: a card of its own.
   */
  g?: number;
  extras?: HotelExtras;
  /** Options sorted by price. */
  o: IndexOption[];
}

export interface Facets {
  suppliers: HotelSource[];
  boards: { code: string; label: string }[];
  stars: number[];
  categories: string[];
  priceRange: { min: string; max: string; currency: string } | null;
}

/** What is kept under a cacheId. */
export interface SearchIndex {
  /** 3 since the stored form is columns (index-format.ts, decision 0731); 2: hotels stored as objects. */
  v: 2 | 3;
  cacheId: string;
  kind: 'supplier' | 'merged';
  agencyId: string | null;
  userId: string;
  /** The provider account ('travesia' for own inventory, '' for a merged search). */
  accountId: string;
  supplier: HotelSource | 'mixed';
  forceSandbox: boolean;
  resort: Resort | null;
  criteria: SearchCriteria;
  place: SearchedPlace;
  supplierCode: string | null;
  expires: string;
  notes: string[];
  dropped: number;
  /** Merged search: the per-supplier searches, by part number (the `<part>-` of option ids), with their `content`. */
  parts: { cacheId: string; supplier: HotelSource; accountId: string; content?: string }[];
  /** The cache key prefix of the supplier's static content for its hotels (content.ts), when it has some. */
  content?: string;
  /** 'usd' when the prices mix currencies: sort and price filters then use the USD equivalent. */
  compare: 'price' | 'usd';
  facets: Facets;
  hotels: IndexHotel[];
}

export interface HotelFilter {
  stars?: number[];
  boards?: string[];
  refundable?: boolean;
  minPrice?: string;
  maxPrice?: string;
  q?: string;
  suppliers?: string[];
  categories?: string[];
}

export type HotelSort = 'price' | '-price' | 'name' | 'category' | '-category';

export const cacheKey = (cacheId: string) => `hotel-search:${cacheId}`;
export const blobKey = (cacheId: string, i: number) => `hotel-search:${cacheId}:h${i}`;
/** A hotel's blob: in its own search, or in the part of a merged search it comes from. */
export const hotelBlobKey = (c: Pick<SearchIndex, 'cacheId' | 'parts'>, h: IndexHotel) =>
  blobKey(h.part === undefined ? c.cacheId : c.parts[h.part].cacheId, h.b);

/** Star count from a supplier category ('4EST', '4*', '4 estrellas', '4'). */
export function starsOf(category: string | undefined | null): number | null {
  const m = category?.match(/([1-5])/);
  return m ? Number(m[1]) : null;
}

const collator = new Intl.Collator('es');
const boardLabel = (code: string, fallback: string) => BOARD_LABELS[code as BoardCode] ?? fallback;

/** Facets over every option of the index (unfiltered), for the screen's filters. */
export function facetsOf(hotels: IndexHotel[], compare: 'price' | 'usd'): Facets {
  const suppliers = new Set<HotelSource>();
  const boards = new Map<string, string>();
  const stars = new Set<number>();
  const categories = new Set<string>();
  let min: IndexOption | null = null;
  let max: IndexOption | null = null;
  const val = (o: IndexOption) => (compare === 'usd' ? o[USD] : o[PRICE]);
  for (const h of hotels) {
    suppliers.add(h.supplier);
    if (h.stars !== null) stars.add(h.stars);
    if (h.category) categories.add(h.category);
    for (const o of h.o) {
      if (!boards.has(o[BOARD])) boards.set(o[BOARD], boardLabel(o[BOARD], o[BOARD]));
      if (!min || val(o) < val(min)) min = o;
      if (!max || val(o) > val(max)) max = o;
    }
  }
  const money = (o: IndexOption) => new Decimal(val(o)).toFixed(2);
  return {
    suppliers: [...suppliers].sort(),
    boards: [...boards].map(([code, label]) => ({ code, label })).sort((a, b) => a.code.localeCompare(b.code)),
    stars: [...stars].sort((a, b) => a - b),
    categories: [...categories].sort(collator.compare),
    priceRange: min && max ? { min: money(min), max: money(max), currency: compare === 'usd' ? 'USD' : min[CURRENCY] } : null,
  };
}

/** Gives each hotel its alphabetical rank (done once when a search is stored). */
export function rankByName(hotels: IndexHotel[]): void {
  const order = hotels.map((_h, i) => i).sort((a, b) => collator.compare(hotels[a].name, hotels[b].name));
  order.forEach((idx, rank) => {
    hotels[idx].rank = rank;
  });
}

/** A search's hotels grouped in memory: the index entries and each one's blob (offers), by blob number. */
export interface GroupedHotels {
  hotels: IndexHotel[];
  blobs: CachedOffer[][];
}

/**
 * Groups priced offers into hotels (by account and hotel code): the index entries (cheapest first, ranked by
 * name) and one blob per hotel, nothing written yet. `extras` adds what is known of a hotel (own inventory:
 * photos, map).
 */
export function groupHotels(offers: CachedOffer[], extras?: Map<string, HotelExtras & { stars?: number | null }>): GroupedHotels {
  const groups = new Map<string, CachedOffer[]>();
  for (const o of offers) {
    const k = `${o.offer.accountId}|${o.offer.hotel.code}`;
    const g = groups.get(k);
    if (g) g.push(o);
    else groups.set(k, [o]);
  }
  const hotels: IndexHotel[] = [];
  const blobs: CachedOffer[][] = [];
  for (const g of groups.values()) {
    g.sort((a, b) => Number(a.breakdown.price) - Number(b.breakdown.price) || Number(a.optionId) - Number(b.optionId));
    const first = g[0].offer;
    // What our inventory knows wins; otherwise the supplier's own map position, when it gave one.
    const { stars, ...own } = extras?.get(first.hotel.code) ?? {};
    const known: HotelExtras = { ...(first.hotel.location ? { location: first.hotel.location } : {}), ...own };
    const b = blobs.length;
    blobs.push(g.map(withAgentTerms));
    hotels.push({
      code: first.hotel.code,
      name: first.hotel.name,
      category: first.hotel.category ?? null,
      stars: stars !== undefined ? stars : starsOf(first.hotel.category),
      zone: first.hotel.zone ?? null,
      supplier: first.supplier,
      rank: 0,
      b,
      ...(Object.keys(known).length ? { extras: known } : {}),
      o: g.map(
        (x): IndexOption => [
          x.optionId,
          x.offer.board.code,
          x.offer.cancellation.refundable ? 1 : 0,
          Number(x.breakdown.price),
          Number(x.breakdown.usdEquivalent),
          x.breakdown.currency,
        ],
      ),
    });
  }
  rankByName(hotels);
  // Stored cheapest first: the default sort (and most filtered ones) then find the rows in order.
  hotels.sort((a, b) => a.o[0][PRICE] - b.o[0][PRICE]);
  return { hotels, blobs };
}

/** Writes a search's hotel blobs (`groupHotels`), one key per hotel. */
export async function writeBlobs(store: KeyValueStore, cacheId: string, blobs: CachedOffer[][], ttlSeconds: number): Promise<void> {
  await Promise.all(blobs.map((g, b) => store.set(blobKey(cacheId, b), JSON.stringify(g), ttlSeconds)));
}

/** Groups priced offers into hotels and writes their blobs; answers the index entries. */
export async function writeHotels(
  store: KeyValueStore,
  cacheId: string,
  offers: CachedOffer[],
  ttlSeconds: number,
  extras?: Map<string, HotelExtras & { stars?: number | null }>,
): Promise<IndexHotel[]> {
  const { hotels, blobs } = groupHotels(offers, extras);
  await writeBlobs(store, cacheId, blobs, ttlSeconds);
  return hotels;
}
