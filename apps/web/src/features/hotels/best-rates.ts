import type { HotelItem, HotelOption } from '@travesia/contracts';

/** The supplier selling an option: its own, or (an option saved by an older screen) the card's. */
export const supplierOf = (hotel: Pick<HotelItem, 'supplier'>, option: Pick<HotelOption, 'supplier'>) => option.supplier ?? hotel.supplier;

/**
 * Each supplier's best rate of one card (decision 0480: a property sold by several suppliers is one
 * card): the cheapest option of every supplier, cheapest supplier first. The server sends the options
 * cheapest first, so the first option seen of a supplier is its best.
 */
export function bestRates(hotel: Pick<HotelItem, 'supplier' | 'options'>): { supplier: string; option: HotelOption }[] {
  const best = new Map<string, HotelOption>();
  for (const o of hotel.options) {
    const s = supplierOf(hotel, o);
    if (!best.has(s)) best.set(s, o);
  }
  return [...best].map(([supplier, option]) => ({ supplier, option }));
}
