import type { PriceBreakdown, UserType } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import { agentPolicy } from '../agent-policy.js';
import {
  type CachedOffer,
  type HotelExtras,
  type HotelFilter,
  type HotelSort,
  type HotelSource,
  hotelBlobKey,
  type IndexHotel,
  type SearchIndex,
} from './cache.js';
import { columnsOf, type HotelColumns, hotelAt, optionIdAt } from './index-format.js';

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
  const k = columnsOf(c);
  const val = c.compare === 'usd' ? k.usd : k.price;
  const minPrice = f.minPrice ? Number(f.minPrice) : null;
  const maxPrice = f.maxPrice ? Number(f.maxPrice) : null;
  // The filters over the columns' tables (boards, suppliers) once, not per option.
  const boardOk = f.boards?.length ? k.boards.map((b) => f.boards?.includes(b) ?? true) : null;
  const supplierOk = f.suppliers?.length ? k.suppliers.map((s) => f.suppliers?.includes(s) ?? true) : null;
  const categoryOk = f.categories?.length ? k.categories.map((x) => f.categories?.includes(x) ?? true) : null;
  const stars = f.stars?.length ? f.stars : null;
  const refundable = f.refundable === undefined ? -1 : f.refundable ? 1 : 0;
  const keep = (j: number) => {
    if (boardOk && !boardOk[k.board[j]]) return false;
    if (refundable >= 0 && k.refundable[j] !== refundable) return false;
    const v = val[j];
    if (minPrice !== null && v < minPrice) return false;
    if (maxPrice !== null && v > maxPrice) return false;
    return true;
  };
  const needle = f.q?.trim().toLowerCase();
  // One row per property: the hotels of one group (one per supplier) that pass the filters, and the cheapest
  // option kept among them, which sorts the row and gives the card its face. Rows are columns too (face hotel,
  // its option, value, rank): a fresh process pages its first search in the interpreter, where every object
  // and closure call over 2,000 hotels × their options counts (decisions 0713, 0731).
  const n = k.code.length;
  const chosen = new Int32Array(n).fill(-1);
  const face: number[] = [];
  const faceMin: number[] = [];
  const value: number[] = [];
  const rank: number[] = [];
  const groups = k.g ? new Map<number, number>() : null;
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    if (supplierOk && !supplierOk[k.supplier[i]]) continue;
    if (stars) {
      const s = k.stars[i];
      if (s === null || !stars.includes(s)) continue;
    }
    if (categoryOk) {
      const x = k.category[i];
      if (x === null || !categoryOk[x]) continue;
    }
    if (needle && !k.name[i].toLowerCase().includes(needle)) continue;
    // `keep` written out: this loop runs over every option, the first time in the interpreter.
    let min = -1;
    let v = 0;
    for (let j = k.first[i], end = k.first[i + 1]; j < end; j++) {
      if (boardOk !== null && !boardOk[k.board[j]]) continue;
      if (refundable >= 0 && k.refundable[j] !== refundable) continue;
      const ov = val[j];
      if (minPrice !== null && ov < minPrice) continue;
      if (maxPrice !== null && ov > maxPrice) continue;
      if (min < 0 || ov < v) {
        min = j;
        v = ov;
      }
    }
    if (min < 0) continue;
    chosen[i] = min;
    const g = k.g?.[i] ?? null;
    const row = g === null ? undefined : groups?.get(g);
    if (row === undefined) {
      const fresh = face.length;
      face.push(i);
      faceMin.push(min);
      value.push(v);
      rank.push(k.rank[i]);
      if (g !== null) {
        groups?.set(g, fresh);
        members.set(fresh, [i]);
      }
    } else {
      members.get(row)?.push(i);
      if (k.rank[i] < rank[row]) rank[row] = k.rank[i];
      if (v < value[row]) {
        face[row] = i;
        faceMin[row] = min;
        value[row] = v;
      }
    }
  }
  const items = sortRows(k, q.sort, { face, faceMin, value, rank }, chosen);
  let lowest = -1;
  let highest = -1;
  for (const r of items) {
    if (lowest < 0 || value[r] < value[lowest]) lowest = r;
    if (highest < 0 || value[r] > value[highest]) highest = r;
  }
  const money = (r: number) =>
    r < 0 ? null : { amount: new Decimal(k.price[faceMin[r]]).toFixed(2), currency: k.currencies[k.currency[faceMin[r]]] };
  const start = (q.page - 1) * q.limit;
  // The page's hotels as index entries; the face (cheapest) first, then the other suppliers' hotels of the
  // property by their cheapest option.
  const pageRows = items.slice(start, start + q.limit).map((r) => {
    const list = members.get(r) ?? [face[r]];
    list.sort((a, b) => (a === face[r] ? -1 : b === face[r] ? 1 : val[chosen[a]] - val[chosen[b]]));
    return list.map((i) => ({ h: hotelAt(k, i), i }));
  });
  const pageMembers = pageRows.flatMap((r) => r.map((m) => m.h));
  const [blobs, found] = await Promise.all([
    own
      ? pageMembers.map((h) => own[h.b] ?? null)
      : readBlobs(
          store,
          pageMembers.map((h) => hotelBlobKey(c, h)),
        ),
    content?.(pageMembers),
  ]);
  const page: HotelItemDto[] = [];
  let at = 0;
  for (const r of pageRows) {
    const options: { dto: HotelOptionDto; v: number }[] = [];
    let shown: IndexHotel | null = null;
    let extras: HotelExtras = {};
    for (const m of r) {
      const described = found?.[at];
      const blob = blobs[at++];
      if (!blob) continue; // the blob expired with its part: that supplier's rates can't be shown any more
      const wanted = new Map<string, number>();
      for (let j = k.first[m.i]; j < k.first[m.i + 1]; j++) if (keep(j)) wanted.set(optionIdAt(k, j), val[j]);
      const mine = blob
        .filter((o) => wanted.has(o.optionId))
        .map((o) => ({ dto: optionDto(o, viewer, m.h.part === undefined ? '' : `${m.h.part}-`), v: wanted.get(o.optionId) as number }));
      if (!mine.length) continue;
      shown ??= m.h;
      options.push(...mine);
      // What one supplier doesn't tell about the property another may (own photos, a map position, content).
      extras = { ...described, ...m.h.extras, ...extras };
    }
    if (!shown || !options.length) continue;
    options.sort((a, b) => a.v - b.v);
    page.push({
      code: shown.code,
      name: shown.name,
      category: shown.category,
      stars: shown.stars,
      zone: shown.zone ?? r.find((m) => m.h.zone)?.h.zone ?? null,
      supplier: shown.supplier,
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

/** A search's rows as columns: each one's face hotel, that hotel's kept option, its value and the row's rank. */
interface Rows {
  face: number[];
  faceMin: number[];
  value: number[];
  rank: number[];
}

/**
 * The rows in the order asked, ties by rank (name order). With ranks 0 … n - 1 (every stored search) no
 * comparison sort: walking the options' precomputed order by value gives the rows by price (a row comes with its
 * face's kept option), equal values put in rank order; the other sorts are linear passes over that. Otherwise (an
 * index built by hand) the rows are sorted with the comparisons.
 */
export function sortRows(k: HotelColumns, sort: HotelSort, rows: Rows, chosen: Int32Array): number[] {
  const { face, value, rank } = rows;
  const count = face.length;
  const starsOf = (r: number) => k.stars[face[r]] ?? 0;
  if (!k.ranked) {
    const byPrice = (a: number, b: number) => value[a] - value[b];
    const sorters: Record<HotelSort, (a: number, b: number) => number> = {
      price: byPrice,
      '-price': (a, b) => value[b] - value[a],
      name: (a, b) => rank[a] - rank[b],
      category: (a, b) => starsOf(a) - starsOf(b) || byPrice(a, b),
      '-category': (a, b) => starsOf(b) - starsOf(a) || byPrice(a, b),
    };
    const sorter = sorters[sort];
    return face.map((_f, r) => r).sort((a, b) => sorter(a, b) || rank[a] - rank[b]);
  }
  if (sort === 'name') {
    const byRank = new Int32Array(k.code.length).fill(-1);
    for (let r = 0; r < count; r++) byRank[rank[r]] = r;
    const out: number[] = [];
    for (let x = 0; x < byRank.length; x++) if (byRank[x] >= 0) out.push(byRank[x]);
    return out;
  }
  const rowOfFace = new Int32Array(k.code.length).fill(-1);
  for (let r = 0; r < count; r++) rowOfFace[face[r]] = r;
  // The hotel of each option, from the hotels' option ranges.
  const hotelOf = new Int32Array(k.id.length);
  for (let i = 0; i < k.code.length; i++) hotelOf.fill(i, k.first[i], k.first[i + 1]);
  const byValue: number[] = [];
  for (const j of k.byValue) {
    const i = hotelOf[j];
    if (chosen[i] === j && rowOfFace[i] >= 0) byValue.push(rowOfFace[i]);
  }
  // A group's rank is its lowest member's, not always its face's: equal values in rank order (already so without groups).
  for (let a = 0; a < byValue.length; ) {
    let b = a + 1;
    while (b < byValue.length && value[byValue[b]] === value[byValue[a]]) b++;
    for (let x = a + 1; x < b; x++) {
      const r = byValue[x];
      let y = x - 1;
      while (y >= a && rank[byValue[y]] > rank[r]) {
        byValue[y + 1] = byValue[y];
        y--;
      }
      byValue[y + 1] = r;
    }
    a = b;
  }
  if (sort === 'price') return byValue;
  if (sort === '-price') {
    // Highest value first, equal values still in rank order.
    const out: number[] = [];
    for (let b = byValue.length; b > 0; ) {
      let a = b - 1;
      while (a > 0 && value[byValue[a - 1]] === value[byValue[b - 1]]) a--;
      for (let x = a; x < b; x++) out.push(byValue[x]);
      b = a;
    }
    return out;
  }
  // By stars (none counts as 0), then by price: stable buckets of the rows by price.
  const buckets = new Map<number, number[]>();
  for (const r of byValue) {
    const s = starsOf(r);
    const list = buckets.get(s);
    if (list) list.push(r);
    else buckets.set(s, [r]);
  }
  const keys = [...buckets.keys()].sort((a, b) => (sort === 'category' ? a - b : b - a));
  return keys.flatMap((s) => buckets.get(s) ?? []);
}

async function readBlobs(store: KeyValueStore, keys: string[]): Promise<(CachedOffer[] | null)[]> {
  return (await store.getMany(keys)).map((raw) => (raw ? (JSON.parse(raw) as CachedOffer[]) : null));
}

export function optionDto(o: CachedOffer, viewer: UserType, prefix: string): HotelOptionDto {
  return {
    optionId: `${prefix}${o.optionId}`,
    rooms: o.offer.rooms.map((r) => ({ code: r.code, name: r.name, adults: r.occupancy.adults, childrenAges: r.occupancy.childrenAges })),
    board: { code: o.offer.board.code, label: o.offer.board.label },
    availability: o.offer.availability,
    refundable: o.offer.cancellation.refundable,
    // The agent's terms (decision 0400): a supplier's policy in the agent's price, our own hotels' as written; worked
    // out when the search was stored (decision 0731), or here for a blob stored before.
    cancellation:
      o.offer.supplier === 'travesia'
        ? o.offer.cancellation
        : (o.agentCancellation ??
          agentPolicy(o.offer.cancellation, o.offer.total, { amount: o.breakdown.price, currency: o.breakdown.currency })),
    payAtHotel: o.offer.payAtHotel,
    supplier: o.offer.supplier,
    price: { amount: o.breakdown.price, currency: o.breakdown.currency },
    breakdown: breakdownFor(viewer, o.breakdown),
    expiresAt: o.offer.token.expiresAt,
  };
}
