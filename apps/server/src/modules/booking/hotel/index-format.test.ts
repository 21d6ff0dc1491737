import type { PriceBreakdown, UserType } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type KeyValueStore, MemoryStore } from '../../../lib/kv.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import {
  BOARD,
  type CachedOffer,
  CURRENCY,
  groupHotels,
  type HotelExtras,
  type HotelFilter,
  type HotelSort,
  ID,
  type IndexHotel,
  type IndexOption,
  PRICE,
  REFUNDABLE,
  rankByName,
  type SearchIndex,
  USD,
} from './cache.js';
import { columnsOf, hotelsOf, optionWithId, parseIndex, serializeIndex, toColumns } from './index-format.js';
import { type HotelItemDto, type HotelOptionDto, optionDto, present } from './page.js';

// The paging of decision 0713 (hotel objects, rows sorted with comparisons), kept here as the reference the
// columns' paging (decision 0731) must answer exactly: same rows, same order, same prices.
async function referencePresent(
  _store: KeyValueStore,
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
    own ? members.map((h) => own[h.b] ?? null) : Promise.resolve(members.map(() => null)),
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

let seed = 7;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

const breakdown = (price: string, currency: string, usd: string): PriceBreakdown => ({
  cost: price,
  costCurrency: currency,
  rate: '1',
  convertedCost: price,
  steps: [],
  agencyCost: price,
  netPrice: price,
  price,
  currency,
  commission: null,
  usdEquivalent: usd,
  usdRate: '1',
  belowCost: false,
});

/** A supplier search of `hotels` hotels with prices drawn from few values (ties), in one or two currencies. */
function offersOf(hotels: number, currencies: string[], supplier: 'hotelbeds' | 'juniper' = 'hotelbeds'): CachedOffer[] {
  const out: CachedOffer[] = [];
  for (let h = 0; h < hotels; h++) {
    const name = pick(['Casa Azul', 'Brisa', 'Hotel Sol', 'Caribe', 'Álamo', 'almendro', 'Zafiro']) + (rand() < 0.7 ? ` ${h}` : '');
    const category = pick(['3EST', '4EST', '5EST', 'Hostal', null]);
    for (let o = 0, n = 1 + Math.floor(rand() * 4); o < n; o++) {
      const price = (10 * (1 + Math.floor(rand() * 8))).toFixed(2);
      const currency = pick(currencies);
      const usd = currency === 'USD' ? price : (Number(price) / pick([3, 4])).toFixed(2);
      const offer: HotelOffer = {
        supplier,
        accountId: supplier,
        hotel: {
          code: supplier === 'juniper' ? `JP${h}` : String(1000 + h),
          name,
          ...(category ? { category } : {}),
          ...(h % 3 ? { zone: pick(['Centro', 'Bocagrande']) } : {}),
        },
        checkIn: '2030-01-01',
        checkOut: '2030-01-03',
        rooms: [{ code: 'DBL', name: 'Doble', occupancy: { adults: 2, childrenAges: [] } }],
        board: { code: pick(['RO', 'BB', 'AI']), label: 'x', supplierCode: 'x' },
        total: { amount: price, currency },
        availability: 'available',
        requiresQuote: false,
        cancellation: {
          refundable: rand() < 0.5,
          rules: rand() < 0.7 ? [{ from: '2029-12-30T00:00:00Z', amount: (Number(price) / 3).toFixed(2), currency }] : [],
        },
        token: { kind: 'rateKey', value: `${h}-${o}`, expiresAt: null },
        supplierData: {},
        payAtHotel: false,
      };
      out.push({ optionId: String(out.length), offer, breakdown: breakdown(price, currency, usd) });
    }
  }
  return out;
}

const meta: Omit<SearchIndex, 'v' | 'kind' | 'supplier' | 'parts' | 'compare' | 'hotels'> = {
  cacheId: 'colscolscols',
  agencyId: 'ag',
  userId: 'u',
  accountId: 'a',
  forceSandbox: false,
  resort: null,
  criteria: { checkIn: '2030-01-01', checkOut: '2030-01-03', nights: 2, nationality: 'CO', rooms: [{ adults: 2, childrenAges: [] }] },
  place: { id: 'p', name: 'Cartagena', ancestors: [] },
  supplierCode: null,
  expires: '2030-01-01T00:00:00.000Z',
  notes: [],
  dropped: 0,
  facets: { suppliers: [], boards: [], stars: [], categories: [], priceRange: null },
};

/** A supplier search (one currency or two) or a merged one (two parts, some hotels grouped as one property). */
function searchOf(kind: 'one' | 'mixed' | 'merged', hotels: number): { index: SearchIndex; blobs: CachedOffer[][] } {
  if (kind !== 'merged') {
    const { hotels: list, blobs } = groupHotels(offersOf(hotels, kind === 'one' ? ['USD'] : ['USD', 'COP']));
    return {
      index: { v: 3, ...meta, kind: 'supplier', supplier: 'hotelbeds', parts: [], compare: kind === 'one' ? 'price' : 'usd', hotels: list },
      blobs,
    };
  }
  const a = groupHotels(offersOf(hotels, ['USD']));
  const b = groupHotels(offersOf(hotels, ['USD'], 'juniper'));
  // Blob numbers of part 1 follow part 0's in this test's one blob list.
  const list: IndexHotel[] = [
    ...a.hotels.map((h) => ({ ...h, part: 0 })),
    ...b.hotels.map((h) => ({ ...h, part: 1, b: h.b + a.blobs.length })),
  ];
  list.forEach((h, i) => {
    if (rand() < 0.4) h.g = i % 7;
  });
  rankByName(list);
  list.sort((x, y) => x.o[0][PRICE] - y.o[0][PRICE]);
  const parts = [
    { cacheId: 'partApartA', supplier: 'hotelbeds' as const, accountId: 'hotelbeds' },
    { cacheId: 'partBpartB', supplier: 'juniper' as const, accountId: 'juniper' },
  ];
  return {
    index: { v: 3, ...meta, kind: 'merged', supplier: 'mixed', parts, compare: 'price', hotels: list },
    blobs: [...a.blobs, ...b.blobs],
  };
}

const filters: HotelFilter[] = [
  {},
  { boards: ['BB', 'AI'] },
  { refundable: true, stars: [4, 5] },
  { refundable: false },
  { minPrice: '30', maxPrice: '60' },
  { q: 'casa' },
  { suppliers: ['juniper'] },
  { categories: ['Hostal', '3EST'], boards: ['RO'] },
];
const sorts: HotelSort[] = ['price', '-price', 'name', 'category', '-category'];

describe('hotel index columns (decision 0731)', () => {
  it('store every field of the hotels and read them back as they were', () => {
    for (const kind of ['one', 'mixed', 'merged'] as const) {
      const { index } = searchOf(kind, 60);
      index.hotels[0] = { ...index.hotels[0], extras: { images: ['a.jpg'], location: { lat: 1, lng: 2 } } };
      const read = parseIndex(serializeIndex(index));
      expect(read).not.toBeNull();
      expect(read?.hotels).toEqual(index.hotels);
      expect({ ...read, hotels: [] }).toEqual({ ...index, hotels: [] });
      expect(hotelsOf(toColumns(index.hotels, index.compare))).toEqual(index.hotels);
    }
  });

  it('keep ids as numbers only when each is an integer written plainly, and find options by id', () => {
    const { index } = searchOf('one', 5);
    const k = columnsOf(index);
    expect(typeof k.id[0]).toBe('number');
    expect(typeof k.code[0]).toBe('number');
    expect(optionWithId(k, index.hotels[2].o[0][ID])).toBeGreaterThanOrEqual(0);
    expect(optionWithId(k, `0${index.hotels[2].o[0][ID]}`)).toBe(-1);
    const odd = index.hotels.map((h, i) => ({
      ...h,
      code: i === 1 ? `0${h.code}` : h.code,
      o: h.o.map((o): IndexOption => [`x${o[ID]}`, o[1], o[2], o[3], o[4], o[5]]),
    }));
    const strings = toColumns(odd, 'price');
    expect(typeof strings.code[0]).toBe('string');
    expect(hotelsOf(strings)).toEqual(odd);
    expect(optionWithId(strings, `x${index.hotels[2].o[0][ID]}`)).toBeGreaterThanOrEqual(0);
  });

  it('keep a v2 index (hotels as objects) readable and refuse what is no index', () => {
    const { index } = searchOf('one', 5);
    const v2 = parseIndex(JSON.stringify({ ...index, v: 2 }));
    expect(v2?.hotels).toEqual(index.hotels);
    expect(parseIndex(JSON.stringify({ v: 1 }))).toBeNull();
    expect(parseIndex('null')).toBeNull();
  });

  it('order the options by value, then rank, then position', () => {
    const { index } = searchOf('mixed', 50);
    const k = columnsOf(index);
    const hotelOf = (j: number) => k.first.findIndex((s, i) => s <= j && j < k.first[i + 1]);
    for (let x = 1; x < k.byValue.length; x++) {
      const [a, b] = [k.byValue[x - 1], k.byValue[x]];
      const key = (j: number) => [k.usd[j], k.rank[hotelOf(j)], j];
      const [ka, kb] = [key(a), key(b)];
      expect(ka[0] < kb[0] || (ka[0] === kb[0] && (ka[1] < kb[1] || (ka[1] === kb[1] && ka[2] < kb[2])))).toBe(true);
    }
    expect([...k.byValue].sort((a, b) => a - b)).toEqual(k.id.map((_id, j) => j));
  });

  it('page exactly as the hotel objects did: same rows, order, prices and counts for every sort and filter', async () => {
    const store = new MemoryStore();
    for (const kind of ['one', 'mixed', 'merged'] as const) {
      for (const size of [1, 7, 120]) {
        const { index, blobs } = searchOf(kind, size);
        // Stored and read back (columns), and as built in process (columns made from its hotels).
        const read = parseIndex(serializeIndex(index)) as SearchIndex;
        for (const f of filters)
          for (const sort of sorts)
            for (const q of [
              { page: 1, limit: 20, sort },
              { page: 2, limit: 7, sort },
            ]) {
              const want = await referencePresent(store, index, 'agency', q, f, undefined, blobs);
              expect(want.response.items.length > 0 || want.response.itemsFound === 0 || q.page > 1).toBe(true);
              expect(await present(store, read, 'agency', q, f, undefined, blobs)).toEqual(want);
              expect(await present(store, index, 'agency', q, f, undefined, blobs)).toEqual(want);
            }
      }
    }
  });

  it('store the agent terms of each option with its blob, as paging worked them out before', () => {
    const { blobs } = searchOf('mixed', 30);
    const stored = blobs.flat();
    expect(stored.filter((o) => o.agentCancellation?.rules.length).length).toBeGreaterThan(0);
    for (const o of stored)
      for (const viewer of ['agency', 'adviser'] as const)
        expect(optionDto(o, viewer, '')).toEqual(optionDto({ ...o, agentCancellation: undefined }, viewer, ''));
  });

  it('page an index whose ranks are not 0 … n - 1 (built by hand) with the comparisons, as before', async () => {
    const store = new MemoryStore();
    const { index, blobs } = searchOf('merged', 40);
    const hand = { ...index, hotels: index.hotels.map((h, i) => ({ ...h, rank: i % 5 })) };
    expect(columnsOf(hand).ranked).toBe(false);
    for (const sort of sorts) {
      const q = { page: 1, limit: 50, sort };
      expect(await present(store, hand, 'adviser', q, { boards: ['BB', 'RO'] }, undefined, blobs)).toEqual(
        await referencePresent(store, hand, 'adviser', q, { boards: ['BB', 'RO'] }, undefined, blobs),
      );
    }
  });
});
