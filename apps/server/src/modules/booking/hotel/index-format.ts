import type { HotelExtras, HotelSource, IndexHotel, IndexOption, SearchIndex } from './cache.js';

/**
 * The stored form of a search index (decision 0731): its hotels as columns, one array per field, and their
 * options flattened into columns too, with the options' order by value computed once when the search is
 * written. A fresh process parses it in about half the time of the hotel objects (fewer objects, no repeated
 * keys), and paging (page.ts) reads the columns directly: no 2,000 hotel objects, no sort of the rows on
 * the request path. Readers that want `IndexHotel`s (merge, one option, cards) get them built on first use.
 */
export interface HotelColumns {
  /** Per hotel, in the index's order (cheapest first). Numbers when every code is an integer's (`compact`). */
  code: (string | number)[];
  name: string[];
  /** Position in `categories` (null: none). */
  category: (number | null)[];
  categories: string[];
  stars: (number | null)[];
  /** Position in `zones` (null: none). */
  zone: (number | null)[];
  zones: string[];
  /** Position in `suppliers`. */
  supplier: number[];
  suppliers: HotelSource[];
  rank: number[];
  b: number[];
  /** Merged search only (null when no hotel has one): see `IndexHotel`. */
  part: (number | null)[] | null;
  g: (number | null)[] | null;
  extras: (HotelExtras | null)[] | null;
  /** Hotel i's options are first[i] … first[i + 1] - 1 of the option columns (one more entry than hotels). */
  first: number[];
  /** Per option, each hotel's in its own order (cheapest first). Numbers when every id is an integer's (`compact`). */
  id: (string | number)[];
  /** Position in `boards`. */
  board: number[];
  boards: string[];
  refundable: (0 | 1)[];
  price: number[];
  usd: number[];
  /** Position in `currencies`. */
  currency: number[];
  currencies: string[];
  /**
   * Every option by its value in the search's comparison (price, or USD when prices mix currencies), then its
   * hotel's rank, then its position: walking it gives the rows of any filter already sorted by price.
   */
  byValue: number[];
  /** The ranks are 0 … hotels - 1, each once (always so for a stored search; paging relies on it to skip sorting). */
  ranked: boolean;
}

const columns = new WeakMap<SearchIndex, HotelColumns>();

/** The columns of an index: those it was read with, or built once from its hotels (a search built in this process). */
export function columnsOf(c: SearchIndex): HotelColumns {
  let k = columns.get(c);
  if (!k) {
    k = toColumns(c.hotels, c.compare);
    columns.set(c, k);
  }
  return k;
}

/** Hotels as columns, with the options' order by value (`compare`) computed. */
export function toColumns(hotels: IndexHotel[], compare: 'price' | 'usd'): HotelColumns {
  const table = <T extends string>(list: T[], at: Map<T, number>, v: T) => {
    let i = at.get(v);
    if (i === undefined) {
      i = list.length;
      list.push(v);
      at.set(v, i);
    }
    return i;
  };
  const suppliers: HotelSource[] = [];
  const boards: string[] = [];
  const currencies: string[] = [];
  const categories: string[] = [];
  const zones: string[] = [];
  const categoryAt = new Map<string, number>();
  const zoneAt = new Map<string, number>();
  const supplierAt = new Map<HotelSource, number>();
  const boardAt = new Map<string, number>();
  const currencyAt = new Map<string, number>();
  const k: HotelColumns = {
    code: [],
    name: [],
    category: [],
    categories,
    stars: [],
    zone: [],
    zones,
    supplier: [],
    suppliers,
    rank: [],
    b: [],
    part: hotels.some((h) => h.part !== undefined) ? [] : null,
    g: hotels.some((h) => h.g !== undefined) ? [] : null,
    extras: hotels.some((h) => h.extras !== undefined) ? [] : null,
    first: [0],
    id: [],
    board: [],
    boards,
    refundable: [],
    price: [],
    usd: [],
    currency: [],
    currencies,
    byValue: [],
    ranked: true,
  };
  const hotelOf: number[] = [];
  hotels.forEach((h, i) => {
    k.code.push(h.code);
    k.name.push(h.name);
    k.category.push(h.category === null ? null : table(categories, categoryAt, h.category));
    k.stars.push(h.stars);
    k.zone.push(h.zone === null ? null : table(zones, zoneAt, h.zone));
    k.supplier.push(table(suppliers, supplierAt, h.supplier));
    k.rank.push(h.rank);
    k.b.push(h.b);
    k.part?.push(h.part ?? null);
    k.g?.push(h.g ?? null);
    k.extras?.push(h.extras ?? null);
    for (const o of h.o) {
      k.id.push(o[0]);
      k.board.push(table(boards, boardAt, o[1]));
      k.refundable.push(o[2]);
      k.price.push(o[3]);
      k.usd.push(o[4]);
      k.currency.push(table(currencies, currencyAt, o[5]));
      hotelOf.push(i);
    }
    k.first.push(k.id.length);
  });
  k.code = compact(k.code as string[]);
  k.id = compact(k.id as string[]);
  const seen = new Uint8Array(hotels.length);
  for (const r of k.rank) {
    if (!Number.isInteger(r) || r < 0 || r >= hotels.length || seen[r]) k.ranked = false;
    else seen[r] = 1;
  }
  const val = compare === 'usd' ? k.usd : k.price;
  k.byValue = k.id.map((_id, j) => j).sort((a, b) => val[a] - val[b] || k.rank[hotelOf[a]] - k.rank[hotelOf[b]] || a - b);
  return k;
}

/**
 * A column of ids as numbers when every one is an integer's canonical text ('0', '1234'): a fresh process parses
 * numbers into one flat array, strings into one object each (what its first garbage collections then copy).
 */
function compact(list: string[]): (string | number)[] {
  return list.every((s) => /^(0|[1-9]\d{0,14})$/.test(s)) ? list.map(Number) : list;
}

/** Option j's id. */
export const optionIdAt = (k: HotelColumns, j: number) => String(k.id[j]);

/** Option j of the columns with that id, or -1. */
export function optionWithId(k: HotelColumns, id: string): number {
  return typeof k.id[0] === 'number' ? (/^(0|[1-9]\d{0,14})$/.test(id) ? k.id.indexOf(Number(id)) : -1) : k.id.indexOf(id);
}

/** Hotel i's category and zone. */
export const categoryAt = (k: HotelColumns, i: number) => (k.category[i] === null ? null : k.categories[k.category[i] as number]);
export const zoneAt = (k: HotelColumns, i: number) => (k.zone[i] === null ? null : k.zones[k.zone[i] as number]);

/** Hotel i of the columns as the index entry it was. */
export function hotelAt(k: HotelColumns, i: number): IndexHotel {
  const o: IndexOption[] = [];
  for (let j = k.first[i]; j < k.first[i + 1]; j++)
    o.push([optionIdAt(k, j), k.boards[k.board[j]], k.refundable[j], k.price[j], k.usd[j], k.currencies[k.currency[j]]]);
  const part = k.part?.[i];
  const g = k.g?.[i];
  const extras = k.extras?.[i];
  return {
    code: String(k.code[i]),
    name: k.name[i],
    category: categoryAt(k, i),
    stars: k.stars[i],
    zone: zoneAt(k, i),
    supplier: k.suppliers[k.supplier[i]],
    rank: k.rank[i],
    b: k.b[i],
    ...(part !== undefined && part !== null ? { part } : {}),
    ...(g !== undefined && g !== null ? { g } : {}),
    ...(extras ? { extras } : {}),
    o,
  };
}

/** Every hotel of the columns as index entries. */
export function hotelsOf(k: HotelColumns): IndexHotel[] {
  return k.code.map((_c, i) => hotelAt(k, i));
}

/** The stored form of an index: everything but its hotels, which go as columns (`v: 3`). */
export function serializeIndex(c: SearchIndex): string {
  const stored: Record<string, unknown> = {};
  for (const key of Object.keys(c)) if (key !== 'hotels') stored[key] = c[key as keyof SearchIndex];
  stored.v = 3;
  stored.cols = columnsOf(c);
  return JSON.stringify(stored);
}

/**
 * An index read back (`serializeIndex`; a `v: 2` one, hotels as objects, as stored before decision 0731):
 * its hotels are built from the columns only when something asks for them. Null when it is no index we know.
 */
export function parseIndex(raw: string): SearchIndex | null {
  const parsed = JSON.parse(raw) as (Omit<SearchIndex, 'hotels'> & { hotels?: IndexHotel[]; cols?: HotelColumns }) | null;
  if (parsed?.v === 2 && Array.isArray(parsed.hotels)) return parsed as SearchIndex;
  if (parsed?.v !== 3 || !parsed.cols) return null;
  const k = parsed.cols;
  delete parsed.cols;
  let hotels: IndexHotel[] | null = null;
  Object.defineProperty(parsed, 'hotels', {
    enumerable: true,
    configurable: true,
    get: () => {
      hotels ??= hotelsOf(k);
      return hotels;
    },
    set: (v: IndexHotel[]) => {
      hotels = v;
      columns.delete(parsed as SearchIndex);
    },
  });
  columns.set(parsed as SearchIndex, k);
  return parsed as SearchIndex;
}
