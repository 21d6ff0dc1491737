import type { PriceBreakdown, TicketCachedQuery, TicketOption } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { TicketOffer } from '../../../suppliers/index.js';
import { durationHours, isFreeCancellation } from '../../../suppliers/policies.js';
import type { PricedOption } from '../flow.js';
import { commonFilter, countFacet, listFilter, priceRangeOf, priceSorts } from '../paging.js';

/** One priced option of a stored ticket search. */
export type CachedTicket = PricedOption<TicketOffer>;

export const hoursOf = (o: TicketOffer) => durationHours(o.duration);
const categoryOf = (o: TicketOffer) => (typeof o.supplierData.category === 'string' ? o.supplierData.category : null);
const freeCancellation = (o: TicketOffer) => isFreeCancellation(o.cancellation);
/** The hour of the first session ('09:00' → 9), when the option has sessions. */
function firstHour(o: TicketOffer): number | null {
  const h = (o.sessions ?? []).map((s) => /^(\d{2}):\d{2}/.exec(s.name)?.[1]).find(Boolean);
  return h ? Number(h) : null;
}
const timeOfDay = (h: number) => (h < 12 ? 'morning' : h < 18 ? 'afternoon' : 'evening');

export function filterTickets(options: CachedTicket[], q: Partial<TicketCachedQuery>): CachedTicket[] {
  const common = commonFilter(q);
  const categories = listFilter(q.category);
  const languages = listFilter(q.language);
  const times = listFilter(q.timeOfDay);
  const text = q.q?.trim().toLowerCase();
  return options.filter((c) => {
    const o = c.offer;
    if (!common(c)) return false;
    if (categories && !categories.has(categoryOf(o) ?? '')) return false;
    if (languages && !(o.languages ?? []).some((l) => languages.has(l.code))) return false;
    if (q.maxHours !== undefined && (hoursOf(o) ?? Number.POSITIVE_INFINITY) > q.maxHours) return false;
    if (q.freeCancellation && freeCancellation(o) !== (q.freeCancellation === 'true')) return false;
    if (times) {
      const h = firstHour(o);
      if (h === null || !times.has(timeOfDay(h))) return false;
    }
    if (text && !`${o.activity.name} ${o.modality.name}`.toLowerCase().includes(text)) return false;
    return true;
  });
}

export function sortTickets(options: CachedTicket[], sort: TicketCachedQuery['sort']): CachedTicket[] {
  const by: Record<TicketCachedQuery['sort'], (a: CachedTicket, b: CachedTicket) => number> = {
    ...priceSorts('usdEquivalent'),
    name: (a, b) => a.offer.activity.name.localeCompare(b.offer.activity.name, 'es'),
    duration: (a, b) => (hoursOf(a.offer) ?? Number.POSITIVE_INFINITY) - (hoursOf(b.offer) ?? Number.POSITIVE_INFINITY),
  };
  return [...options].sort((a, b) => by[sort](a, b) || Number(a.optionId) - Number(b.optionId));
}

/** The filter choices over every option of the search (categories with their counts). */
export function facetsOf(options: CachedTicket[]) {
  const languages = new Map<string, string>();
  for (const o of options) for (const l of o.offer.languages ?? []) languages.set(l.code, l.name);
  const hours = options.map((o) => hoursOf(o.offer)).filter((h): h is number => h !== null);
  return {
    suppliers: [...new Set(options.map((o) => o.offer.supplier))],
    categories: countFacet(options.map((o) => categoryOf(o.offer))),
    languages: [...languages].map(([code, name]) => ({ code, name })),
    priceRange: priceRangeOf(options, 'usd'),
    maxHours: hours.length ? Math.max(...hours) : null,
  };
}

/** An option as the search page shows it; the breakdown as the viewer may see it. */
export function presentTicket(c: CachedTicket, visible: (b: PriceBreakdown) => PriceBreakdown): TicketOption {
  const o = c.offer;
  const b = c.breakdown;
  const adult = o.ageBands?.find((band) => /adult/i.test(band.paxType));
  // "Desde" per adult: the adults' band scaled like the total when known, else the total per participant.
  const perAdult = adult
    ? new Decimal(b.price).mul(adult.amount.amount).div(Decimal.max(new Decimal(o.total.amount), '0.01'))
    : new Decimal(b.price).div(Math.max(1, o.paxAges.length));
  return {
    optionId: c.optionId,
    supplier: o.supplier,
    accountId: c.accountId,
    activity: o.activity,
    modality: o.modality,
    category: categoryOf(o),
    from: o.from,
    to: o.to,
    durationHours: hoursOf(o),
    sessions: (o.sessions ?? []).map(({ code, name }) => ({ code, name })),
    languages: o.languages ?? [],
    pickupIncluded: (o.pickupPoints ?? []).length > 0,
    availability: o.availability ?? 'available',
    freeCancellation: freeCancellation(o),
    cancellation: o.cancellation,
    image: o.images?.[0] ?? o.content?.images?.[0] ?? null,
    price: { amount: b.price, currency: b.currency },
    pricePerAdult: { amount: perAdult.toFixed(2), currency: b.currency },
    breakdown: visible(b),
    expiresAt: o.token.expiresAt,
  };
}
