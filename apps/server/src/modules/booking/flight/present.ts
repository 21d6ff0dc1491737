import { createHash } from 'node:crypto';
import {
  FLIGHT_PAGE_SIZE,
  type FlightItemView,
  type FlightPriceSearchResponse,
  type FlightSearchFilters,
  type FlightSegmentView,
  type FlightSort,
  FLIGHT_MESSAGES as M,
  type PriceBreakdown,
  type UserType,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../../http/errors.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { FlightAirline, FlightLegPoint, FlightOffer, FlightSegment, Money } from '../../../suppliers/index.js';
import type { CachedFlightOption, FlightSearchEntry } from './search.js';

const point = (p: FlightLegPoint | FlightSegment['from']) => ({
  airport: p.airport,
  airportName: ('airportName' in p ? p.airportName : undefined) ?? null,
  city: p.city ?? null,
  at: p.at,
  terminal: ('terminal' in p ? p.terminal : undefined) ?? null,
});
const airline = (a: FlightAirline | undefined) => (a ? { code: a.code, name: a.name } : null);

/** A segment's id: stable within a search (the same flight at the same time on the same route). */
export const segmentIdOf = (s: FlightSegment) =>
  createHash('sha1')
    .update(`${s.route}|${s.flightNo}|${s.from.airport}|${s.from.at}|${s.to.airport}|${s.to.at}`)
    .digest('base64url')
    .slice(0, 12);

export function segmentView(s: FlightSegment): FlightSegmentView {
  return {
    id: segmentIdOf(s),
    route: s.route,
    flightNo: s.flightNo,
    airline: s.airline,
    marketingAirline: airline(s.marketingAirline),
    operatingAirline: airline(s.operatingAirline),
    from: point(s.from),
    to: point(s.to),
    stops: s.stops,
    durationMinutes: s.durationMinutes ?? null,
    dayChange: s.dayChange ?? 0,
    cabin: s.cabin,
    legs: (s.legs ?? []).map((l) => ({
      flightNo: l.flightNo,
      marketingAirline: airline(l.marketingAirline),
      operatingAirline: airline(l.operatingAirline),
      from: point(l.from),
      to: point(l.to),
      durationMinutes: l.durationMinutes ?? null,
      cabin: l.cabin ?? null,
      bookingClass: l.bookingClass ?? null,
    })),
    layovers: s.layovers ?? [],
  };
}

/**
 * The selling price per passenger type: the supplier's split of its total applied to our price (the
 * supplier's own amounts are its cost, which only staff may see, docs/decisions/0290). Taxes and the
 * service fee are the supplier's, shown when they are in the selling currency.
 */
export function fareView(offer: FlightOffer, b: PriceBreakdown): FlightItemView['fare'] {
  const pb = offer.priceBreakdown;
  const price = new Decimal(b.price);
  const cost = new Decimal(offer.total.amount);
  const money = (d: Decimal): Money => ({ amount: d.toFixed(2), currency: b.currency });
  const rows = pb?.perPassenger.length
    ? pb.perPassenger
    : [{ type: 'adult' as const, count: offer.passengers.adults, total: offer.total, unitPrice: offer.total, taxes: null }];
  let left = price;
  const perPassenger = rows.map((r, i) => {
    const share = i === rows.length - 1 ? left : cost.isZero() ? new Decimal(0) : price.mul(r.total.amount).div(cost).toDecimalPlaces(2);
    left = left.minus(share);
    const count = Math.max(1, r.count);
    return { type: r.type, count: r.count, unitPrice: money(share.div(count).toDecimalPlaces(2)), total: money(share) };
  });
  const sameCurrency = (m: Money | null | undefined) =>
    m && m.currency === b.currency ? { amount: m.amount, currency: m.currency } : null;
  const taxes = pb?.perPassenger.reduce<Decimal | null>((sum, r) => (r.taxes ? (sum ?? new Decimal(0)).plus(r.taxes.amount) : sum), null);
  return {
    perPassenger,
    taxes: taxes && offer.total.currency === b.currency ? money(taxes) : null,
    serviceFee: sameCurrency(pb?.serviceFee),
  };
}

/** Item views per cached option and viewer: an option never changes once cached, so each is built once. */
const itemViews = new WeakMap<CachedFlightOption, Map<UserType, FlightItemView>>();

export function itemView(o: CachedFlightOption, viewer: UserType): FlightItemView {
  let views = itemViews.get(o);
  if (!views) {
    views = new Map();
    itemViews.set(o, views);
  }
  let view = views.get(viewer);
  if (!view) {
    view = buildItemView(o, viewer);
    views.set(viewer, view);
  }
  return view;
}

function buildItemView(o: CachedFlightOption, viewer: UserType): FlightItemView {
  const { offer, breakdown } = o;
  const fare = fareView(offer, breakdown);
  const adult = fare.perPassenger.find((p) => p.type === 'adult');
  const durations = offer.segments.map((s) => s.durationMinutes);
  return {
    id: o.optionId,
    serviceType: offer.serviceType,
    segmentIds: offer.segments.map(segmentIdOf),
    price: { amount: breakdown.price, currency: breakdown.currency },
    pricePerAdult: adult?.unitPrice ?? { amount: breakdown.price, currency: breakdown.currency },
    breakdown: breakdownFor(viewer, breakdown),
    fare,
    baggage: (offer.baggage ?? []).map((x) => ({
      passengerType: x.passengerType,
      kind: x.kind,
      pieces: x.pieces ?? null,
      weight: x.weight ?? null,
      unit: x.unit ?? null,
    })),
    fareBrand: offer.fareBrand ?? null,
    seatsLeft: offer.seatsLeft ?? null,
    stops: offer.segments.reduce((n, s) => n + s.stops, 0),
    durationMinutes: durations.every((d) => typeof d === 'number') ? durations.reduce<number>((n, d) => n + (d ?? 0), 0) : null,
    groupKey: offer.groupKey ?? null,
    isPackageOffer: offer.isPackageOffer,
  };
}

const clock = (at: string) => at.slice(11, 16);
const within = (t: string, w: { from: string; to: string }) =>
  // A window past midnight (22:00–06:00) wraps.
  w.from <= w.to ? t >= w.from && t <= w.to : t >= w.from || t <= w.to;
const durationOf = (o: FlightOffer) => {
  const d = o.segments.map((s) => s.durationMinutes);
  return d.every((x) => typeof x === 'number') ? d.reduce<number>((n, x) => n + (x ?? 0), 0) : null;
};
const airlinesOf = (s: FlightSegment) => [s.marketingAirline?.code ?? s.airline, ...(s.legs ?? []).map((l) => l.marketingAirline?.code)];
/** Checked baggage included for an adult (pieces or weight above zero). */
const hasCheckedBag = (o: FlightOffer) =>
  (o.baggage ?? []).some((b) => b.passengerType === 'adult' && b.kind === 'checked' && ((b.pieces ?? 0) > 0 || (b.weight ?? 0) > 0));

/** What the filters and sorts read of an option, worked out once per option (an option never changes once cached). */
interface OptionKeys {
  /** The seller's price in cents (prices are 2-decimal strings: exact as integers). */
  cents: number;
  duration: number | null;
  departure: string | null;
  arrival: string | null;
  earliest: number;
  firstSegmentId: string | null;
  stops: number[];
  airlines: Set<string>;
  checkedBag: boolean;
}
const keysOf = new WeakMap<CachedFlightOption, OptionKeys>();
const centsOf = (amount: string) => Math.round(Number(amount) * 100);
function keys(o: CachedFlightOption): OptionKeys {
  let k = keysOf.get(o);
  if (k) return k;
  const first = o.offer.segments[0];
  k = {
    cents: centsOf(o.breakdown.price),
    duration: durationOf(o.offer),
    departure: first ? clock(first.from.at) : null,
    arrival: first ? clock(first.to.at) : null,
    earliest: (first && Date.parse(`${first.from.at.slice(0, 19)}Z`)) || Number.MAX_SAFE_INTEGER,
    firstSegmentId: first ? segmentIdOf(first) : null,
    stops: o.offer.segments.map((s) => Math.min(2, s.stops)),
    airlines: new Set(o.offer.segments.flatMap(airlinesOf).filter((a): a is string => !!a)),
    checkedBag: hasCheckedBag(o.offer),
  };
  keysOf.set(o, k);
  return k;
}

/**
 * The cached options left by the filters, in the order asked (docs/decisions/0295). Stops: every direction
 * of the itinerary within the stops chosen (2 = two or more). Airlines: a marketing airline of any segment.
 * Time windows: the first segment's local departure / arrival clock. Unknown durations pass a duration filter.
 */
export function selectOptions(options: CachedFlightOption[], filters?: FlightSearchFilters, sort?: FlightSort): CachedFlightOption[] {
  let out = options;
  if (filters) {
    const f = filters;
    const airlines = f.airlines?.length ? f.airlines.map((a) => a.toUpperCase()) : null;
    const stops = f.stops?.length ? new Set(f.stops) : null;
    const min = f.minPrice !== undefined ? centsOf(String(f.minPrice)) : null;
    const max = f.maxPrice !== undefined ? centsOf(String(f.maxPrice)) : null;
    out = out.filter((o) => {
      const k = keys(o);
      if (k.firstSegmentId === null) return false;
      if (stops && !k.stops.every((n) => stops.has(n))) return false;
      if (airlines && !airlines.some((a) => k.airlines.has(a))) return false;
      if (f.departure && !within(k.departure ?? '', f.departure)) return false;
      if (f.arrival && !within(k.arrival ?? '', f.arrival)) return false;
      if (min !== null && k.cents < min) return false;
      if (max !== null && k.cents > max) return false;
      if (f.baggageIncluded && !k.checkedBag) return false;
      if (f.maxDurationMinutes !== undefined && k.duration !== null && k.duration > f.maxDurationMinutes) return false;
      if (f.outboundSegmentId && k.firstSegmentId !== f.outboundSegmentId) return false;
      return true;
    });
  }
  if (sort) {
    const key = (k: OptionKeys) =>
      sort === 'cheapest' ? k.cents : sort === 'fastest' ? (k.duration ?? Number.MAX_SAFE_INTEGER) : k.earliest;
    const keyed = out.map((o, i) => {
      const k = keys(o);
      return { o, k: key(k), c: k.cents, i };
    });
    keyed.sort((a, b) => a.k - b.k || a.c - b.c || a.i - b.i);
    out = keyed.map((x) => x.o);
  }
  return out;
}

/**
 * What every page of a cached search shares, worked out on its first page and kept with the parsed entry
 * (bench/flight-search.ts): the whole result's price range and airlines, and the last few selections
 * (filters + sort) so that paging through one reads a slice instead of filtering and sorting again.
 */
interface Prepared {
  lowest: Money | null;
  highest: Money | null;
  airlines: Map<string, { code: string; name: string }>;
  selections: Map<string, CachedFlightOption[]>;
}
const SELECTIONS_KEPT = 8;
const preparedOf = new WeakMap<FlightSearchEntry, Prepared>();
function prepared(entry: FlightSearchEntry): Prepared {
  let p = preparedOf.get(entry);
  if (p) return p;
  let lo: CachedFlightOption | undefined;
  let hi: CachedFlightOption | undefined;
  for (const o of entry.options) {
    const c = keys(o).cents;
    if (!lo || c < keys(lo).cents) lo = o;
    if (!hi || c > keys(hi).cents) hi = o;
  }
  const at = (o: CachedFlightOption | undefined) =>
    o ? { amount: new Decimal(o.breakdown.price).toFixed(2), currency: o.breakdown.currency } : null;
  p = { lowest: at(lo), highest: at(hi), airlines: resultAirlines(entry), selections: new Map() };
  preparedOf.set(entry, p);
  return p;
}

function selection(entry: FlightSearchEntry, query: PageQuery): CachedFlightOption[] {
  if (!query.filters && !query.sort) return entry.options;
  const p = prepared(entry);
  const key = JSON.stringify([query.filters ?? null, query.sort ?? null]);
  let out = p.selections.get(key);
  if (!out) {
    out = selectOptions(entry.options, query.filters, query.sort);
    if (p.selections.size >= SELECTIONS_KEPT) p.selections.delete(p.selections.keys().next().value as string);
  } else p.selections.delete(key);
  p.selections.set(key, out);
  return out;
}

/** Every marketing airline of the whole result (not only the page's), for the airline filter. */
function resultAirlines(entry: FlightSearchEntry) {
  const out = new Map<string, { code: string; name: string }>();
  for (const o of entry.options)
    for (const s of o.offer.segments) {
      const a = s.marketingAirline ?? { code: s.airline, name: s.airline };
      if (!out.has(a.code)) out.set(a.code, { code: a.code, name: a.name });
    }
  return out;
}

export interface PageQuery {
  filters?: FlightSearchFilters;
  sort?: FlightSort;
}

/** One page (spec §9: 10) of a cached search in the spec's §7 answer shape. */
export function presentPage(entry: FlightSearchEntry, viewer: UserType, page: number, query: PageQuery = {}): FlightPriceSearchResponse {
  const options = selection(entry, query);
  const shared = prepared(entry);
  const total = options.length;
  const totalPages = Math.max(1, Math.ceil(total / FLIGHT_PAGE_SIZE));
  if (page > totalPages) throw new AppError(400, 'PAGE_OUT_OF_RANGE', M.pageOutOfRange, { page: M.pageOutOfRange });
  const slice = options.slice((page - 1) * FLIGHT_PAGE_SIZE, page * FLIGHT_PAGE_SIZE);
  const segments = new Map<string, FlightSegmentView>();
  const airlines = new Map(shared.airlines);
  const airports = new Map<string, { code: string; name: string | null; city: string | null }>();
  for (const o of slice)
    for (const s of o.offer.segments) {
      const view = segmentView(s);
      segments.set(view.id, view);
      for (const a of [view.marketingAirline, view.operatingAirline, ...view.legs.flatMap((l) => [l.marketingAirline, l.operatingAirline])])
        if (a) airlines.set(a.code, a);
      if (!view.marketingAirline) airlines.set(s.airline, { code: s.airline, name: s.airline });
      for (const p of [view.from, view.to, ...view.legs.flatMap((l) => [l.from, l.to])])
        if (!airports.get(p.airport)?.name) airports.set(p.airport, { code: p.airport, name: p.airportName, city: p.city });
    }
  return {
    success: true,
    items: slice.map((o) => itemView(o, viewer)),
    segments: [...segments.values()],
    airlines: [...airlines.values()],
    airports: [...airports.values()],
    // The price range of the whole result, so a price filter's bounds do not move as it narrows.
    lowestPrice: shared.lowest,
    highestPrice: shared.highest,
    itemFound: total,
    expires: entry.expires,
    totalPages,
    page,
    cacheId: entry.cacheId,
    next: page < totalPages ? page + 1 : null,
    before: page > 1 ? page - 1 : null,
    msg: total
      ? entry.notes.join(' ')
      : entry.options.length
        ? 'Ningún vuelo cumple los filtros elegidos'
        : 'No se encontraron vuelos para esta búsqueda',
  };
}
