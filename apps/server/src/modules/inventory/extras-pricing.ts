import Decimal from 'decimal.js';

/** Pure rules of own tickets and transfers (unit-tested in extras-pricing.test.ts). */

export interface TicketPricing {
  price: string;
  childPrice: string | null;
  childrenAllowed: boolean;
  maxPeople: number;
  /** The smallest group (1 when absent). */
  minPeople?: number;
}

export type TicketPrice = { ok: true; total: string; people: number } | { ok: false; reason: 'children' | 'max-people' | 'min-people' };

/** Adults at `price`, children at `childPrice` (or the adult price); refused when children aren't allowed, too many or too few people. */
export function ticketPrice(t: TicketPricing, adults: number, childrenAges: number[]): TicketPrice {
  if (childrenAges.length > 0 && !t.childrenAllowed) return { ok: false, reason: 'children' };
  const people = adults + childrenAges.length;
  if (people > t.maxPeople) return { ok: false, reason: 'max-people' };
  if (people < (t.minPeople ?? 1)) return { ok: false, reason: 'min-people' };
  const total = new Decimal(t.price).mul(adults).plus(new Decimal(t.childPrice ?? t.price).mul(childrenAges.length));
  return { ok: true, total: total.toFixed(2), people };
}

export interface TransferPricing {
  priceMode: 'per-vehicle' | 'per-person';
  price: string;
  minPax: number;
  maxPax: number;
  startHour: string;
  endHour: string;
  days: number[];
}

export type TransferPrice = { ok: true; total: string } | { ok: false; reason: 'pax' | 'day' | 'hour' };

/** Whether a transfer runs on `date` at `hour` for `pax` people, and its price (one vehicle or per person). */
export function transferPrice(t: TransferPricing, date: string, hour: string, pax: number): TransferPrice {
  if (pax < t.minPax || pax > t.maxPax) return { ok: false, reason: 'pax' };
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (!t.days.includes(dow)) return { ok: false, reason: 'day' };
  if (hour < t.startHour || hour > t.endHour) return { ok: false, reason: 'hour' };
  const total = t.priceMode === 'per-vehicle' ? new Decimal(t.price) : new Decimal(t.price).mul(pax);
  return { ok: true, total: total.toFixed(2) };
}

/** Capacity a transfer booking takes (decision 0086): one vehicle for a private transfer, a seat per passenger on a shared one. */
export function transferUnits(type: 'private' | 'shared', pax: number): number {
  return type === 'private' ? 1 : pax;
}
