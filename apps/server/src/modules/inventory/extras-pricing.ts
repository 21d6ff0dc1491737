import Decimal from 'decimal.js';

/** Pure rules of own transfers (unit-tested in extras-pricing.test.ts); own tickets' are in ticket-rules.ts. */

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
