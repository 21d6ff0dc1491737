import type { BoardCode } from '@travesia/contracts';
import Decimal from 'decimal.js';

/** One room type's night as stored (prices per room and night in the hotel's currency; decimal strings). */
export interface NightInventory {
  day: string;
  allotment: number;
  price1: string | null;
  price2: string | null;
  price3: string | null;
  priceExtraAdult: string | null;
  priceChild: string | null;
  boardSupplements: Partial<Record<BoardCode, string>>;
  minNights: number;
  stopSale: boolean;
  closedToArrival: boolean;
}

export interface RoomTypeLimits {
  maxAdults: number;
  maxChildren: number;
  /** Children older than this are priced and counted as adults. */
  childAgeLimit: number;
}

export interface RoomOccupancy {
  adults: number;
  childrenAges: number[];
}

export type UnavailableReason =
  | 'missing-night'
  | 'stop-sale'
  | 'closed-to-arrival'
  | 'min-nights'
  | 'allotment'
  | 'occupancy'
  | 'no-price'
  | 'board';

export type StayPrice =
  | { ok: true; total: string; nights: number; perNight: { day: string; amount: string }[] }
  | { ok: false; reason: UnavailableReason; day?: string };

const DAY = 86_400_000;

/** The nights of a stay: every date from `start` (inclusive) to `end` (exclusive), yyyy-MM-dd. */
export function stayNights(start: string, end: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t < last; t += DAY) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Adults and children as the hotel counts them: a child older than the room's limit counts as an adult. */
export function effectiveOccupancy(occ: RoomOccupancy, limits: RoomTypeLimits): { adults: number; children: number } {
  const olderThanLimit = occ.childrenAges.filter((a) => a > limits.childAgeLimit).length;
  return { adults: occ.adults + olderThanLimit, children: occ.childrenAges.length - olderThanLimit };
}

export function fitsRoom(occ: RoomOccupancy, limits: RoomTypeLimits): boolean {
  const e = effectiveOccupancy(occ, limits);
  return e.adults >= 1 && e.adults <= limits.maxAdults && e.children <= limits.maxChildren;
}

const dec = (s: string | null) => (s === null ? null : new Decimal(s));

/**
 * The room price of one night for `adults` adults: single (or the double for single use when no single
 * price is set), double, triple (or double + extra adult), and one extra adult price per adult beyond 3.
 * Null when the night has no price for that occupancy.
 */
export function adultsNightPrice(night: NightInventory, adults: number): Decimal | null {
  const p2 = dec(night.price2);
  const extra = dec(night.priceExtraAdult);
  if (adults === 1) return dec(night.price1) ?? p2;
  if (p2 === null) return null;
  if (adults === 2) return p2;
  const p3 = dec(night.price3) ?? (extra ? p2.plus(extra) : null);
  if (adults === 3) return p3;
  if (p3 === null || extra === null) return null;
  return p3.plus(extra.mul(adults - 3));
}

/** One room's price for one night with the board's supplement per person; null when not priced. */
export function roomNightPrice(night: NightInventory, occ: RoomOccupancy, limits: RoomTypeLimits, board: BoardCode): Decimal | null {
  const e = effectiveOccupancy(occ, limits);
  const base = adultsNightPrice(night, e.adults);
  if (base === null) return null;
  let total = base;
  if (e.children > 0) {
    const child = dec(night.priceChild);
    if (child === null) return null;
    total = total.plus(child.mul(e.children));
  }
  const supplement = dec(night.boardSupplements[board] ?? '0') ?? new Decimal(0);
  return total.plus(supplement.mul(e.adults + e.children));
}

/**
 * Whether a room type can be sold for a stay and at what net price: every night must exist, none on
 * stop-sale, the arrival night not closed to arrival, the stay at least the arrival night's minimum,
 * enough rooms left every night, each room's occupancy within the room type, every night priced.
 */
export function priceStay(input: {
  start: string;
  end: string;
  nights: NightInventory[];
  rooms: RoomOccupancy[];
  limits: RoomTypeLimits;
  board: BoardCode;
  boardsOffered: readonly BoardCode[];
}): StayPrice {
  const days = stayNights(input.start, input.end);
  if (!input.boardsOffered.includes(input.board)) return { ok: false, reason: 'board' };
  if (!input.rooms.every((r) => fitsRoom(r, input.limits))) return { ok: false, reason: 'occupancy' };
  const byDay = new Map(input.nights.map((n) => [n.day, n]));
  const perNight: { day: string; amount: string }[] = [];
  let total = new Decimal(0);
  for (const [i, day] of days.entries()) {
    const night = byDay.get(day);
    if (!night) return { ok: false, reason: 'missing-night', day };
    if (night.stopSale) return { ok: false, reason: 'stop-sale', day };
    if (i === 0) {
      if (night.closedToArrival) return { ok: false, reason: 'closed-to-arrival', day };
      if (days.length < night.minNights) return { ok: false, reason: 'min-nights', day };
    }
    if (night.allotment < input.rooms.length) return { ok: false, reason: 'allotment', day };
    let amount = new Decimal(0);
    for (const room of input.rooms) {
      const p = roomNightPrice(night, room, input.limits, input.board);
      if (p === null) return { ok: false, reason: 'no-price', day };
      amount = amount.plus(p);
    }
    perNight.push({ day, amount: amount.toFixed(2) });
    total = total.plus(amount);
  }
  if (days.length === 0) return { ok: false, reason: 'min-nights' };
  return { ok: true, total: total.toFixed(2), nights: days.length, perNight };
}
