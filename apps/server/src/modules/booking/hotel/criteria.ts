import {
  type AgencyModule,
  HOTEL_BOOKING_MESSAGES as M,
  perProvider,
  providerMaxRooms,
  providerModule,
  SUPPLIERS,
  type SupplierId,
} from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import { isoDay } from '../days.js';
import type { Resort } from './cache.js';

/** The hotel search criteria rules (spec §5, §9): dates, nights, rooms, the module a supplier needs. */

/** Most rooms per search each supplier accepts (spec §9: Restel up to 3), from the provider catalogue. */
export const MAX_ROOMS: Record<SupplierId, number> = perProvider(SUPPLIERS, providerMaxRooms);
export const MAX_NIGHTS = 30;
/** How long a search is kept when the supplier's tokens say nothing (and at most). */
const DEFAULT_TTL_S = 20 * 60;
const MIN_TTL_S = 60;
/** How a route reaches the supplier: the agency's mode, or always the simulator (`/simulate`, `/test` twins). */
export interface SearchRouteOptions {
  /** The supplier(s) the route is for; an account of another supplier is a 400. */
  supplier: SupplierId | readonly SupplierId[];
  forceSandbox: boolean;
  /** Sandbox only: a simulator failure scenario (x-sim-scenario). */
  simScenario?: string;
}

/** The module flag a hotel supplier needs (Juniper's resort modes have their own), from the provider catalogue. */
export function moduleFor(supplier: SupplierId, resort: Resort | null): AgencyModule | null {
  return providerModule(supplier, 'hotel', resort);
}

/** Today's date (UTC) as yyyy-MM-dd. */
export { isoDay };

const dayMs = 86_400_000;

function validDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === s;
}

/** Spec §5 date rules; answers the number of nights. */
export function checkDates(start: string, end: string, today: string): number {
  if (!validDay(start)) throw badRequest(M.dateInvalid, { start: M.dateInvalid });
  if (!validDay(end)) throw badRequest(M.dateInvalid, { end: M.dateInvalid });
  if (start < today) throw badRequest(M.dateInPast, { start: M.dateInPast });
  const nights = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / dayMs);
  if (nights < 1) throw badRequest(M.endBeforeStart, { end: M.endBeforeStart });
  if (nights > MAX_NIGHTS) throw badRequest(M.tooManyNights, { end: M.tooManyNights });
  return nights;
}

export const paxOf = (rooms: { adults: number; childrenAges: number[] }[]) =>
  rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0);

export function ttlSeconds(expiresAt: string | null, now: Date): number {
  const until = expiresAt ? Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000) : DEFAULT_TTL_S;
  if (!Number.isFinite(until)) return DEFAULT_TTL_S;
  return Math.max(MIN_TTL_S, Math.min(DEFAULT_TTL_S, until));
}
