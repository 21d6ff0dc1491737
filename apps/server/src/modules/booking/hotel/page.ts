import type { PriceBreakdown, UserType } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import { agentPolicy } from '../agent-policy.js';
import {
  BOARD,
  type CachedOffer,
  CURRENCY,
  type HotelExtras,
  type HotelFilter,
  type HotelSort,
  type HotelSource,
  hotelBlobKey,
  ID,
  type IndexHotel,
  type IndexOption,
  PRICE,
  REFUNDABLE,
  type SearchIndex,
  USD,
} from './cache.js';

/** The page of a stored hotel search (cache.ts): rows one per property, filtered, sorted and priced for the viewer. */

export interface HotelOptionDto {
  optionId: string;
  rooms: { code: string; name: string; adults: number; childrenAges: number[] }[];
  board: { code: string; label: string };
  availability: 'available' | 'on-request';
  refundable: boolean;
  cancellation: HotelOffer['cancellation'];
  payAtHotel: boolean;
  /** Who sells it (a merged search's card gathers several suppliers' options). */
  supplier: HotelSource;
  price: { amount: string; currency: string };
  breakdown: PriceBreakdown;
  expiresAt: string | null;
}

export interface HotelItemDto extends HotelExtras {
  code: string;
  name: string;
  category: string | null;
  stars: number | null;
  zone: string | null;
  supplier: HotelSource;
  minPrice: { amount: string; currency: string };
  options: HotelOptionDto[];
}

/** One page of a stored search, priced for the viewer's role; reads only the page's hotel blobs (and `content`'s cache). */
export async function present(
  store: KeyValueStore,
  c: SearchIndex,
  viewer: UserType,
  q: { page: number; limit: number; sort: HotelSort },
  f: HotelFilter,
  content?: (hotels: IndexHotel[]) => Promise<(HotelExtras | undefined)[]>,
  /** The search's own blobs when it was just built in memory (a supplier search's first page): no read, no parse. */
  own?: CachedOffer[][],
) {
  const usd = c.compare === 'usd';
  const val = (o: IndexOption) => (usd ? o[USD] : o[PRICE]);
  const minPrice = f.minPrice ? Number(f.minPrice) : null;
  const maxPrice = f.maxPrice ? Number(f.maxPrice) : null;
  const keep = (o: IndexOption) => {
    if (f.boards?.length && !f.boards.includes(o[BOARD])) return false;
    if (f.refundable !== undefined && (o[REFUNDABLE] === 1) !== f.refundable) return false;
    const v = val(o);
    if (minPrice !== null && v < minPrice) return false;
    if (maxPrice !== null && v > maxPrice) return false;
    return true;
  };
  const needle = f.q?.trim().toLowerCase();
  // One row per property: the hotels of one group (one per supplier) that pass the filters, and the
  // cheapest option kept among them, which sorts the row and gives the card its face.
  type Member = { h: IndexHotel; min: IndexOption };
  type Row = { members: Member[]; h: IndexHotel; min: IndexOption; v: number; rank: number };
  // Indexed loops and no per-hotel key strings: a fresh process pages its first search in the interpreter, where
  // every closure call and allocation over 2,000 hotels × their options counts (decision 0713).
  const items: Row[] = [];
  const groups = new Map<number, Row>();
  const hotels = c.hotels;
  for (let i = 0; i < hotels.length; i++) {
    const h = hotels[i];
    if (f.suppliers?.length && !f.suppliers.includes(h.supplier)) continue;
    if (f.stars?.length && (h.stars === null || !f.stars.includes(h.stars))) continue;
    if (f.categories?.length && (h.category === null || !f.categories.includes(h.category))) continue;
    if (needle && !h.name.toLowerCase().includes(needle)) continue;
    let min: IndexOption | null = null;
    let v = 0;
    for (let j = 0; j < h.o.length; j++) {
      const o = h.o[j];
      if (!keep(o)) continue;
      const ov = val(o);
      if (min === null || ov < v) {
        min = o;
        v = ov;
      }
    }
    if (!min) continue;
    const row = h.g === undefined ? undefined : groups.get(h.g);
    if (!row) {
      const fresh = { members: [{ h, min }], h, min, v, rank: h.rank };
      items.push(fresh);
      if (h.g !== undefined) groups.set(h.g, fresh);
    } else {
      row.members.push({ h, min });
      row.rank = Math.min(row.rank, h.rank);
      if (v < row.v) Object.assign(row, { h, min, v });
    }
  }
  const byPrice = (a: Row, b: Row) => a.v - b.v;
  const sorters: Record<HotelSort, (a: Row, b: Row) => number> = {
    price: byPrice,
    '-price': (a, b) => b.v - a.v,
    name: (a, b) => a.rank - b.rank,
    category: (a, b) => (a.h.stars ?? 0) - (b.h.stars ?? 0) || byPrice(a, b),
    '-category': (a, b) => (b.h.stars ?? 0) - (a.h.stars ?? 0) || byPrice(a, b),
  };
  const sorter = sorters[q.sort];
  items.sort((a, b) => sorter(a, b) || a.rank - b.rank);
  let lowest: Row | null = null;
  let highest: Row | null = null;
  for (const r of items) {
    if (!lowest || r.v < lowest.v) lowest = r;
    if (!highest || r.v > highest.v) highest = r;
  }
  const money = (r: Row | null) => (r ? { amount: new Decimal(r.min[PRICE]).toFixed(2), currency: r.min[CURRENCY] } : null);
  const start = (q.page - 1) * q.limit;
  const pageRows = items.slice(start, start + q.limit);
  // The face (cheapest) first, then the other suppliers' hotels of the property by their cheapest option.
  for (const r of pageRows) r.members.sort((a, b) => (a.h === r.h ? -1 : b.h === r.h ? 1 : val(a.min) - val(b.min)));
  const members = pageRows.flatMap((r) => r.members.map((m) => m.h));
  const [blobs, found] = await Promise.all([
    own
      ? members.map((h) => own[h.b] ?? null)
      : readBlobs(
          store,
          members.map((h) => hotelBlobKey(c, h)),
        ),
    content?.(members),
  ]);
  const page: HotelItemDto[] = [];
  let at = 0;
  for (const r of pageRows) {
    const options: { dto: HotelOptionDto; v: number }[] = [];
    let face: IndexHotel | null = null;
    let extras: HotelExtras = {};
    for (const m of r.members) {
      const described = found?.[at];
      const blob = blobs[at++];
      if (!blob) continue; // the blob expired with its part: that supplier's rates can't be shown any more
      const wanted = new Map(m.h.o.filter(keep).map((o) => [o[ID], val(o)]));
      const mine = blob
        .filter((o) => wanted.has(o.optionId))
        .map((o) => ({ dto: optionDto(o, viewer, m.h.part === undefined ? '' : `${m.h.part}-`), v: wanted.get(o.optionId) as number }));
      if (!mine.length) continue;
      face ??= m.h;
      options.push(...mine);
      // What one supplier doesn't tell about the property another may (own photos, a map position, content).
      extras = { ...described, ...m.h.extras, ...extras };
    }
    if (!face || !options.length) continue;
    options.sort((a, b) => a.v - b.v);
    page.push({
      code: face.code,
      name: face.name,
      category: face.category,
      stars: face.stars,
      zone: face.zone ?? r.members.find((m) => m.h.zone)?.h.zone ?? null,
      supplier: face.supplier,
      ...extras,
      minPrice: options[0].dto.price,
      options: options.map((o) => o.dto),
    });
  }
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
      facets: c.facets,
      items: page,
    },
  };
}

async function readBlobs(store: KeyValueStore, keys: string[]): Promise<(CachedOffer[] | null)[]> {
  return (await store.getMany(keys)).map((raw) => (raw ? (JSON.parse(raw) as CachedOffer[]) : null));
}

function optionDto(o: CachedOffer, viewer: UserType, prefix: string): HotelOptionDto {
  return {
    optionId: `${prefix}${o.optionId}`,
    rooms: o.offer.rooms.map((r) => ({ code: r.code, name: r.name, adults: r.occupancy.adults, childrenAges: r.occupancy.childrenAges })),
    board: { code: o.offer.board.code, label: o.offer.board.label },
    availability: o.offer.availability,
    refundable: o.offer.cancellation.refundable,
    // The agent's terms (decision 0400): a supplier's policy in the agent's price, our own hotels' as written.
    cancellation:
      o.offer.supplier === 'travesia'
        ? o.offer.cancellation
        : agentPolicy(o.offer.cancellation, o.offer.total, { amount: o.breakdown.price, currency: o.breakdown.currency }),
    payAtHotel: o.offer.payAtHotel,
    supplier: o.offer.supplier,
    price: { amount: o.breakdown.price, currency: o.breakdown.currency },
    breakdown: breakdownFor(viewer, o.breakdown),
    expiresAt: o.offer.token.expiresAt,
  };
}
