import { type PriceBreakdown, providerLabel, type UserType } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { breakdownFor } from '../../pricing/index.js';

/** What the page helpers read of an option. */
type Priced = { breakdown: Pick<PriceBreakdown, 'price' | 'currency' | 'usdEquivalent'> };

/** A comma-separated filter of a page's query as a set; absent or empty: no filter. */
export function listFilter(value?: string): Set<string> | null {
  const items = value
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return items?.length ? new Set(items) : null;
}

/** Whether an option's selling price is within a page query's bounds (decimals, either bound optional). */
export function priceWithin(o: Priced, min?: string | number, max?: string | number): boolean {
  const price = new Decimal(o.breakdown.price);
  return (min === undefined || min === '' || price.gte(min)) && (max === undefined || max === '' || price.lte(max));
}

/** One page of a filtered, sorted list, and how many pages the list makes (at least one). */
export function pageOf<T>(items: T[], page: number, limit: number) {
  return { items: items.slice((page - 1) * limit, page * limit), totalPages: Math.max(1, Math.ceil(items.length / limit)) };
}

/**
 * The price range facet of a whole search: in the currency every option shares; with several currencies, their
 * USD equivalents (`mixed: 'usd'`) or none. Null without options.
 */
export function priceRangeOf(options: Priced[], mixed: 'usd' | 'none') {
  const currencies = new Set(options.map((o) => o.breakdown.currency));
  if (!options.length || (currencies.size > 1 && mixed === 'none')) return null;
  const one = currencies.size === 1;
  const prices = options.map((o) => new Decimal(one ? o.breakdown.price : o.breakdown.usdEquivalent));
  return { min: Decimal.min(...prices).toFixed(2), max: Decimal.max(...prices).toFixed(2), currency: one ? [...currencies][0] : 'USD' };
}

/** Compares options by selling price (options of one currency) or by its USD equivalent (`usdEquivalent`). */
export const byPrice =
  (field: 'price' | 'usdEquivalent' = 'price') =>
  (a: Priced, b: Priced) =>
    new Decimal(a.breakdown[field]).comparedTo(b.breakdown[field]);

/** Cheapest first (`price`) and dearest first (`-price`), by selling price or by its USD equivalent. */
export function priceSorts(field: 'price' | 'usdEquivalent' = 'price') {
  const cheapest = byPrice(field);
  return { price: cheapest, '-price': (a: Priced, b: Priced) => cheapest(b, a) };
}

/** The filters every page has: the suppliers listed (comma-separated) and the price bounds. */
export function commonFilter(q: { supplier?: string; minPrice?: string | number; maxPrice?: string | number }) {
  const suppliers = listFilter(q.supplier);
  return (o: Priced & { offer: { supplier: string } }) =>
    (!suppliers || suppliers.has(o.offer.supplier)) && priceWithin(o, q.minPrice, q.maxPrice);
}

/** An option's price, and its breakdown as the viewer may see it. */
export const pricedFor = (viewer: UserType, b: PriceBreakdown) => ({
  price: { amount: b.price, currency: b.currency },
  breakdown: breakdownFor(viewer, b),
});

/** A facet of names with how many options have each (absent ones skipped), by name in Spanish order. */
export function countFacet(names: (string | null | undefined)[]) {
  const counts = new Map<string, number>();
  for (const name of names) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** The suppliers of a whole search, each once in the order they come, with its Spanish label. */
export const supplierFacet = <S extends string>(options: { offer: { supplier: S } }[]) =>
  [...new Set(options.map((o) => o.offer.supplier))].map((id) => ({ id, label: providerLabel(id) }));

/**
 * What every page of a stored search answers: its cacheId and expiry, the page asked of the options that matched
 * (presented for the viewer), how many matched and the search's notes; the kind adds its facets and echoes.
 */
export function searchPage<T, D>(
  search: { cacheId: string; expires: string; notes: string[] },
  matching: T[],
  q: { page: number; limit: number },
  present: (o: T) => D,
) {
  const { items, totalPages } = pageOf(matching, q.page, q.limit);
  const { cacheId, expires, notes } = search;
  return { cacheId, expires, page: q.page, totalPages, itemsFound: matching.length, items: items.map(present), notes };
}
