import { randomBytes } from 'node:crypto';
import { HOTEL_BOOKING_MESSAGES as M, type UserType } from '@travesia/contracts';
import type { AuthContext } from '../../../http/auth.js';
import { AppError } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from '../sales-context.js';
import {
  type CachedOffer,
  cacheKey,
  cheapest,
  currencyOf,
  facetsOf,
  groupHotels,
  type HotelExtras,
  type HotelFilter,
  type HotelSort,
  hotelBlobKey,
  type IndexHotel,
  rankByName,
  type SearchIndex,
  writeBlobs,
} from './cache.js';
import { contentPending, knownContent } from './content.js';
import { columnsOf, hotelAt, optionWithId, parseIndex, serializeIndex } from './index-format.js';
import { present } from './page.js';
import { groupSameHotels } from './same-hotel.js';

const FIRST_PAGE = { page: 1, limit: 20, sort: 'price' as const };

/** What a stored search's index says about itself (the rest is computed from its offers). */
export type SearchMeta = Omit<SearchIndex, 'v' | 'parts' | 'compare' | 'facets' | 'hotels'>;

/** A supplier's search built in memory (`build`): its index and hotel blobs, written by `write`. */
export interface BuiltSearch {
  index: SearchIndex;
  blobs: CachedOffer[][];
  ttl: number;
}

/**
 * The hotel searches kept under a cacheId (cache.ts holds their stored form): storing a supplier's
 * part, merging the parts of a streamed search, reading a seller's search back, one option of it,
 * and a page with sorting and filters. Recently used indexes stay parsed in process.
 */
export class HotelSearchStore {
  /** Recently used search indexes already parsed (a cold read parses only the compact index anyway). */
  private readonly parsed = new Map<string, SearchIndex>();
  private static readonly PARSED_MAX = 16;
  /**
   * The blobs of searches built but not yet written (decision 0710: a streamed part is stored after its `result`
   * went out, and the screen may ask its page or an option before that): answered from memory until `write` ends.
   * Dropped with their parsed index, so a part whose write never came (its search outran the timeout) is bounded too.
   */
  private readonly unwritten = new Map<string, CachedOffer[][]>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => Date,
  ) {}

  /** Writes a search's hotel blobs and its index; answers the index. */
  async save(
    meta: SearchMeta,
    offers: CachedOffer[],
    ttl: number,
    extras?: Map<string, HotelExtras & { stars?: number | null }>,
  ): Promise<SearchIndex> {
    const built = this.build(meta, offers, ttl, extras);
    await this.write(built);
    return built.index;
  }

  /**
   * A supplier's search in memory, nothing written yet: a streamed search shows its first page (`firstPage` with
   * the blobs) before `write` serialises and stores it (decision 0710). Kept parsed in process at once.
   */
  build(meta: SearchMeta, offers: CachedOffer[], ttl: number, extras?: Map<string, HotelExtras & { stars?: number | null }>): BuiltSearch {
    const { hotels, blobs } = groupHotels(offers, extras);
    const compare = new Set(offers.map((o) => o.breakdown.currency)).size > 1 ? 'usd' : 'price';
    const index: SearchIndex = { v: 3, ...meta, parts: [], compare, facets: facetsOf(hotels, compare), hotels };
    if (compare === 'usd') index.notes = [...index.notes, M.mixedCurrencies];
    this.remember(index);
    this.unwritten.set(index.cacheId, blobs);
    return { index, blobs, ttl };
  }

  /** Stores a built search: its hotel blobs and its index. */
  async write(built: BuiltSearch): Promise<void> {
    const { index, blobs, ttl } = built;
    await Promise.all([
      writeBlobs(this.store, index.cacheId, blobs, ttl),
      this.store.set(cacheKey(index.cacheId), serializeIndex(index), ttl),
    ]);
    this.unwritten.delete(index.cacheId);
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
    // Map positions the suppliers' content has already given (content.ts; photos are read per page, not kept here).
    const described = await knownContent(
      this.store,
      hotels.map((h) => (!h.extras?.location && parts[h.part as number].content ? `${parts[h.part as number].content}${h.code}` : null)),
    );
    hotels.forEach((h, i) => {
      const location = described[i]?.location;
      if (location) h.extras = { ...h.extras, location };
    });
    // The same property sold by several suppliers is one card (decision 0480).
    const groups = groupSameHotels(
      hotels.map((h) => ({ name: h.name, source: h.part as number, location: h.extras?.location, place: parts[0].place.id })),
    );
    hotels.forEach((h, i) => {
      h.g = groups[i];
    });
    rankByName(hotels);
    const currencies = new Set(hotels.flatMap((h) => h.o.map(currencyOf)));
    const compare = currencies.size > 1 ? 'usd' : 'price';
    hotels.sort((a, b) => cheapest(a, compare) - cheapest(b, compare));
    const notes = [...new Set(parts.flatMap((p) => p.notes.filter((n) => n !== M.mixedCurrencies)))];
    if (compare === 'usd') notes.push(M.mixedCurrencies);
    const first = parts[0];
    const index: SearchIndex = {
      v: 3,
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
      parts: parts.map((p) => ({
        cacheId: p.cacheId,
        supplier: p.supplier as IndexHotel['supplier'],
        accountId: p.accountId,
        ...(p.content ? { content: p.content } : {}),
      })),
      compare,
      facets: facetsOf(hotels, compare),
      hotels,
    };
    await this.store.set(cacheKey(index.cacheId), serializeIndex(index), ttl);
    this.remember(index);
    return index;
  }

  /** How many cards a search shows unfiltered: one per property (a merged search's groups). */
  static cards(index: SearchIndex): number {
    const { g, code } = columnsOf(index);
    return g ? new Set(g.map((x, i) => (x === null ? `h${i}` : `g${x}`))).size : code.length;
  }

  /** A cached search of the caller (another user's, or an expired one, is a 404). */
  async cached(who: AuthContext | SalesContext, cacheId: string): Promise<SearchIndex> {
    const sale = saleOf(who);
    let found: SearchIndex | null = null;
    if (/^[A-Za-z0-9_-]{10,64}$/.test(cacheId)) {
      const hit = this.parsed.get(cacheId);
      if (hit) found = hit;
      else {
        const raw = await this.store.get(cacheKey(cacheId));
        found = raw ? parseIndex(raw) : null;
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
    // From the columns: a search read by a fresh process doesn't build its hotels for one option.
    const k = columnsOf(search);
    const j = optionWithId(k, id);
    const hotel =
      j < 0
        ? undefined
        : hotelAt(
            k,
            k.first.findIndex((start, i) => start <= j && j < k.first[i + 1]),
          );
    const blob = hotel ? (this.unwritten.get(search.cacheId)?.[hotel.b] ?? (await this.readBlob(hotelBlobKey(search, hotel)))) : null;
    const entry = blob?.find((o) => o.optionId === id);
    if (!entry) throw new AppError(404, 'OPTION_NOT_FOUND', M.optionNotFound);
    return { search, entry };
  }

  /** A page of the caller's cached search, sorted and filtered, priced for the viewer's role. */
  async page(who: AuthContext | SalesContext, cacheId: string, q: { page: number; limit: number; sort: HotelSort }, filter: HotelFilter) {
    const search = await this.cached(who, cacheId);
    return this.described(search, viewerTypeOf(saleOf(who)), q, filter, this.unwritten.get(search.cacheId));
  }

  private async readBlob(key: string): Promise<CachedOffer[] | null> {
    const raw = await this.store.get(key);
    return raw ? (JSON.parse(raw) as CachedOffer[]) : null;
  }

  /** The first page of a search just built (cheapest first), as a search route answers it; `blobs`: its own, in memory. */
  firstPage(index: SearchIndex, viewer: UserType, blobs?: CachedOffer[][]) {
    return this.described(index, viewer, FIRST_PAGE, {}, blobs);
  }

  /**
   * A page with what the suppliers' static content says of its hotels (photos, address, position), and
   * `contentPending` while some of it is still being fetched: the screen asks the page again (decision 0630).
   */
  private async described(
    c: SearchIndex,
    viewer: UserType,
    q: { page: number; limit: number; sort: HotelSort },
    filter: HotelFilter,
    blobs?: CachedOffer[][],
  ) {
    const prefixOf = (h: IndexHotel) => (h.part === undefined ? c.content : c.parts[h.part]?.content);
    const [answer, pending] = await Promise.all([
      present(
        this.store,
        c,
        viewer,
        q,
        filter,
        (hotels) =>
          knownContent(
            this.store,
            hotels.map((h) => (prefixOf(h) ? `${prefixOf(h)}${h.code}` : null)),
          ),
        blobs,
      ),
      contentPending(
        this.store,
        c.kind === 'merged' ? c.parts.filter((p) => p.content).map((p) => p.cacheId) : c.content ? [c.cacheId] : [],
      ),
    ]);
    return pending ? { ...answer, response: { ...answer.response, contentPending: true } } : answer;
  }

  /** Keeps a parsed search (most recent last), dropping the oldest and the expired ones. */
  private remember(c: SearchIndex) {
    this.parsed.delete(c.cacheId);
    this.parsed.set(c.cacheId, c);
    const now = this.now().getTime();
    for (const [id, v] of this.parsed)
      if (this.parsed.size > HotelSearchStore.PARSED_MAX || Date.parse(v.expires) <= now) {
        this.parsed.delete(id);
        this.unwritten.delete(id);
      }
  }
}
