import { TZDate } from '@date-fns/tz';
import type { TicketAgeBandDef } from '@travesia/contracts';
import Decimal from 'decimal.js';

/**
 * Pure rules of an own ticket (decision 0450): its age bands and the group's price by band, the
 * languages of a session, and the instant a session stops being bookable in the place's zone.
 * Unit-tested in ticket-rules.test.ts.
 */

/** Participants of this age and older are adults on a ticket written without bands. */
export const ADULT_AGE = 18;

/** What the rules read of a ticket (a `ticket_products` row has it all). */
export interface TicketRulesInput {
  price: string;
  childPrice: string | null;
  childrenAllowed: boolean;
  maxPeople: number;
  minPeople?: number;
  ageBands?: TicketAgeBandDef[];
}

/** The ticket's bands, youngest first; a ticket written without bands has adults at `price` and children at `childPrice`. */
export function bandsOf(t: TicketRulesInput): TicketAgeBandDef[] {
  const bands = t.ageBands?.length
    ? t.ageBands
    : [
        { name: 'Adulto', ageFrom: ADULT_AGE, ageTo: 99, price: t.price },
        ...(t.childrenAllowed ? [{ name: 'Niño', ageFrom: 0, ageTo: ADULT_AGE - 1, price: t.childPrice ?? t.price }] : []),
      ];
  return [...bands].sort((a, b) => a.ageFrom - b.ageFrom);
}

/** The band an age falls in, or undefined (outside every band, or outside 0–99). */
export function bandOf(bands: TicketAgeBandDef[], age: number): TicketAgeBandDef | undefined {
  if (!Number.isInteger(age) || age < 0 || age > 99) return undefined;
  return bands.find((b) => age >= b.ageFrom && age <= b.ageTo);
}

export type TicketPrice =
  | { ok: true; total: string; people: number; perPerson: { age: number; band: string; price: string }[] }
  | { ok: false; reason: 'age-band' | 'max-people' | 'min-people'; age?: number };

/** The group's price, each participant at the price of its age band; refused for an age outside every band or a group out of bounds. */
export function ticketPrice(t: TicketRulesInput, ages: number[]): TicketPrice {
  const bands = bandsOf(t);
  const perPerson: { age: number; band: string; price: string }[] = [];
  for (const age of ages) {
    const band = bandOf(bands, age);
    if (!band) return { ok: false, reason: 'age-band', age };
    perPerson.push({ age, band: band.name, price: band.price });
  }
  if (ages.length > t.maxPeople) return { ok: false, reason: 'max-people' };
  if (ages.length < (t.minPeople ?? 1)) return { ok: false, reason: 'min-people' };
  const total = perPerson.reduce((sum, p) => sum.plus(p.price), new Decimal(0));
  return { ok: true, total: total.toFixed(2), people: ages.length, perPerson };
}

/** The guide languages of a session: its own list, else the ticket's. */
export function sessionLanguages(t: { languages: string[]; sessionLanguages: Record<string, string[]> }, session: string): string[] {
  const own = t.sessionLanguages[session];
  return own?.length ? own : t.languages;
}

/** The instant `hour` ('HH:mm') of `day` ('yyyy-MM-dd') is in the IANA zone `timeZone`. */
export function zonedInstant(day: string, hour: string, timeZone: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = hour.split(':').map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, timeZone).getTime());
}

/**
 * The last instant a session can be booked: its start in the place's zone less the cut-off. An all-day
 * ticket (session '') is sold until it closes (`endHour`) less the cut-off.
 */
export function bookableUntil(
  t: { startHour?: string; endHour: string; cutoffMinutes: number },
  day: string,
  session: string,
  timeZone: string,
): Date {
  const start = zonedInstant(day, session || t.endHour, timeZone);
  return new Date(start.getTime() - t.cutoffMinutes * 60_000);
}

/** The calendar day it is at `now` in `timeZone` ('yyyy-MM-dd'). */
export function localDay(now: Date, timeZone: string): string {
  const z = new TZDate(now.getTime(), timeZone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}-${String(z.getDate()).padStart(2, '0')}`;
}
