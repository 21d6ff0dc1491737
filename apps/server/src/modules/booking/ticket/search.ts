import {
  DEFAULT_TIME_ZONE,
  TICKET_BOOKING_MESSAGES as M,
  PROVIDER_CATALOGUE,
  type TicketCachedQuery,
  type TicketSearchBody,
  type UserType,
} from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { ResolvedProviderAccount, TicketOffer, TicketSearchInput } from '../../../suppliers/index.js';
import { ownInventorySource } from '../../../suppliers/travesia/account.js';
import { assertDayRange, todayIn } from '../days.js';
import type { FlowCriteria, StoredSearch } from '../flow.js';
import type { PlaceLookup } from '../hotel/places.js';
import { searchPage } from '../paging.js';
import { facetsOf, filterTickets, presentTicket, sortTickets } from './cache.js';

const MAX_RANGE_DAYS = 31;
const DEFAULT_ADULT_AGE = 30;

export type TicketCriteria = Pick<TicketSearchBody, 'destination' | 'countryCode' | 'date' | 'paxes'> & { dateTo?: string } & FlowCriteria;
export interface SearchedPlace {
  id: string;
  name: string;
  ancestors: string[];
  /** Its IANA zone or its nearest ancestor's (decision 0450). */
  timeZone?: string | null;
}
/** A stored ticket search: its owner, criteria, the searched place and the priced options. */
export type TicketSearch = StoredSearch<TicketCriteria, TicketOffer, { place: SearchedPlace }>;
/** The place and the suppliers' codes for it, looked up once per search. */
export interface TicketLookups {
  place: Promise<SearchedPlace>;
  codes: Promise<Map<string, string>>;
}
export type TicketPageQuery = Pick<TicketCachedQuery, 'page' | 'limit' | 'sort'> & Partial<TicketCachedQuery>;
export type { TicketSearchService } from './service.js';

/** The participants' ages as the adapters take them (adults 30). */
export const paxAgesOf = (c: TicketCriteria) => [...Array<number>(c.paxes.adults).fill(DEFAULT_ADULT_AGE), ...c.paxes.children];

/**
 * Spec §5: the activity day is required, not in the past; a range of at most 31 days. Without the place, "past" is
 * before the earliest day any zone is in (UTC−12); a source's search checks the place's own day (decision 0450).
 */
export function checkTicketCriteria(c: TicketCriteria, now: Date, timeZone?: string): { from: string; to: string } {
  if (c.date < todayIn(now, timeZone)) throw badRequest(M.dayInPast, { date: M.dayInPast });
  const to = c.dateTo ?? c.date;
  assertDayRange(c.date, to, MAX_RANGE_DAYS, 'dateTo', M);
  return { from: c.date, to };
}

/** Own tickets know their exact place; suppliers' are priced at the searched one. */
export function ticketPlaceOf(offer: TicketOffer, place: SearchedPlace): string[] {
  const d = offer.supplierData as { placeId?: string; placeAncestors?: string[] };
  return d.placeId ? [d.placeId, ...(d.placeAncestors ?? [])] : [place.id, ...place.ancestors];
}

/**
 * What a ticket search is made of (spec §5, §7): the day rules, the place and every supplier's destination code for
 * it, the adapter's input (own inventory takes our place), the pricing input, and the page (cache.ts).
 */
export function ticketSearchHooks(d: { places: Pick<PlaceLookup, 'place' | 'supplierCodes'>; now: () => Date }) {
  return {
    precheck: (c: TicketCriteria) => void checkTicketCriteria(c, d.now()),
    lookups(c: TicketCriteria): TicketLookups {
      const place = d.places.place(c.destination);
      // Every supplier's code for the place; our own inventory's is the place itself.
      const codes = place.then(async (p) => (await d.places.supplierCodes(p)).set(ownInventorySource.supplier, p.id));
      for (const p of [place, codes]) p.catch(() => undefined);
      return { place, codes };
    },
    async input(account: ResolvedProviderAccount, c: TicketCriteria, lookups: TicketLookups) {
      checkTicketCriteria(c, d.now());
      const place = await lookups.place;
      // The activity day is the destination's: not before its today.
      const { from, to } = checkTicketCriteria(c, d.now(), place.timeZone ?? DEFAULT_TIME_ZONE);
      const destination = (await lookups.codes).get(account.supplier);
      if (!destination) return { note: M.noMapping(PROVIDER_CATALOGUE[account.supplier].shortLabel) };
      return { destination, from, to, paxAges: paxAgesOf(c) } satisfies TicketSearchInput;
    },
    kept: async (lookups: TicketLookups) => ({ place: await lookups.place }),
    pricing: (offer: TicketOffer, s: { criteria: TicketCriteria; place: SearchedPlace }) => ({
      destinationAncestors: ticketPlaceOf(offer, s.place),
      checkIn: offer.from,
      nights: 1,
      paxes: offer.paxAges.length,
    }),
    partAnswer: (viewer: UserType, part: TicketSearch) => ticketPage(viewer, part, { page: 1, limit: 20, sort: 'price' }),
    page: (viewer: UserType, search: TicketSearch, q: TicketPageQuery) => ticketPage(viewer, search, q),
  };
}

/** One page of a stored search, filtered and sorted on the server; prices as the role may see them. */
export function ticketPage(viewer: UserType, search: TicketSearch, q: TicketPageQuery) {
  const matching = sortTickets(filterTickets(search.options, q), q.sort);
  const page = searchPage(search, matching, q, (o) => presentTicket(o, (b) => breakdownFor(viewer, b)));
  return { ...page, limit: q.limit, facets: facetsOf(search.options) };
}
