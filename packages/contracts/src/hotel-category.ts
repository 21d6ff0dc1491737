import { HOTEL_CATEGORIES, HOTEL_CATEGORY_LABELS, type HotelCategory } from './inventory.js';

/**
 * Spanish labels for hotel categories as the search results carry them: our own hotels' spec §3
 * categories (code or label) and the suppliers' codes — Hotelbeds '4EST', '5LUX', '3LL', 'HS2',
 * 'H3_5'; Juniper '4est'; Restel '4'. A code we don't know is shown as it comes.
 */
const stars = (n: string) => (n === '1' ? '1 estrella' : `${n} estrellas`);

const PATTERNS: Array<[RegExp, (...m: string[]) => string]> = [
  [/^([1-5])\s*(?:\*+|est|estrellas?|stars?)?$/i, (n) => stars(n)],
  [/^h?([1-4])[_.,]5$/i, (n) => `${n},5 estrellas`],
  [/^([1-5])\s*lux$/i, (n) => `${stars(n)} lujo`],
  [/^([1-5])\s*ll$/i, (n) => (n === '1' ? '1 llave' : `${n} llaves`)],
  [/^hs([1-3])?$/i, (n) => (n ? `Hostal ${stars(n)}` : 'Hostal')],
  [/^(?:aptos?|apth|at)([1-3])?$/i, (n) => (n ? `Apartamentos ${n === '1' ? '1 llave' : `${n} llaves`}` : 'Apartamentos')],
];

const OWN_LABELS = new Set<string>(Object.values(HOTEL_CATEGORY_LABELS));

export function hotelCategoryLabel(category: string): string {
  const c = category.trim();
  if ((HOTEL_CATEGORIES as readonly string[]).includes(c)) return HOTEL_CATEGORY_LABELS[c as HotelCategory];
  if (OWN_LABELS.has(c)) return c;
  for (const [re, label] of PATTERNS) {
    const m = c.match(re);
    if (m) return label(...m.slice(1));
  }
  return c;
}

/**
 * Filter options for a search's category facet: one option per Spanish label, its value the
 * supplier codes behind it joined by commas (the `category=` filter takes a comma separated list of
 * the exact codes), so '4EST', '4est' and '4' are one "4 estrellas". Numbers first, then by name.
 */
export function hotelCategoryOptions(categories: readonly string[]): Array<{ value: string; label: string }> {
  const byLabel = new Map<string, string[]>();
  for (const c of categories) {
    const label = hotelCategoryLabel(c);
    byLabel.set(label, [...(byLabel.get(label) ?? []), c]);
  }
  return [...byLabel]
    .map(([label, codes]) => ({ value: codes.join(','), label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es', { numeric: true }));
}
