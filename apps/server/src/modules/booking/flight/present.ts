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

export function itemView(o: CachedFlightOption, viewer: UserType): FlightItemView {
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
const within = (at: string, w: { from: string; to: string }) => {
  const t = clock(at);
  // A window past midnight (22:00–06:00) wraps.
  return w.from <= w.to ? t >= w.from && t <= w.to : t >= w.from || t <= w.to;
};
const durationOf = (o: FlightOffer) => {
  const d = o.segments.map((s) => s.durationMinutes);
  return d.every((x) => typeof x === 'number') ? d.reduce<number>((n, x) => n + (x ?? 0), 0) : null;
};
const airlinesOf = (s: FlightSegment) => [s.marketingAirline?.code ?? s.airline, ...(s.legs ?? []).map((l) => l.marketingAirline?.code)];
/** Checked baggage included for an adult (pieces or weight above zero). */
const hasCheckedBag = (o: FlightOffer) =>
  (o.baggage ?? []).some((b) => b.passengerType === 'adult' && b.kind === 'checked' && ((b.pieces ?? 0) > 0 || (b.weight ?? 0) > 0));

/**
 * The cached options left by the filters, in the order asked (docs/decisions/0295). Stops: every direction
 * of the itinerary within the stops chosen (2 = two or more). Airlines: a marketing airline of any segment.
 * Time windows: the first segment's local departure / arrival clock. Unknown durations pass a duration filter.
 */
export function selectOptions(options: CachedFlightOption[], filters?: FlightSearchFilters, sort?: FlightSort): CachedFlightOption[] {
  let out = options;
  if (filters) {
    const f = filters;
    const airlines = f.airlines?.length ? new Set(f.airlines.map((a) => a.toUpperCase())) : null;
    const stops = f.stops?.length ? new Set(f.stops) : null;
    const min = f.minPrice !== undefined ? new Decimal(f.minPrice) : null;
    const max = f.maxPrice !== undefined ? new Decimal(f.maxPrice) : null;
    out = out.filter(({ offer, breakdown }) => {
      const first = offer.segments[0];
      if (!first) return false;
      if (stops && !offer.segments.every((s) => stops.has(Math.min(2, s.stops)))) return false;
      if (airlines && !offer.segments.some((s) => airlinesOf(s).some((a) => a && airlines.has(a)))) return false;
      if (f.departure && !within(first.from.at, f.departure)) return false;
      if (f.arrival && !within(first.to.at, f.arrival)) return false;
      if (min && new Decimal(breakdown.price).lt(min)) return false;
      if (max && new Decimal(breakdown.price).gt(max)) return false;
      if (f.baggageIncluded && !hasCheckedBag(offer)) return false;
      if (f.maxDurationMinutes !== undefined) {
        const d = durationOf(offer);
        if (d !== null && d > f.maxDurationMinutes) return false;
      }
      if (f.outboundSegmentId && segmentIdOf(first) !== f.outboundSegmentId) return false;
      return true;
    });
  }
  if (sort) {
    const key = (o: CachedFlightOption) =>
      sort === 'cheapest'
        ? Number(o.breakdown.price)
        : sort === 'fastest'
          ? (durationOf(o.offer) ?? Number.MAX_SAFE_INTEGER)
          : Date.parse(`${o.offer.segments[0]?.from.at.slice(0, 19) ?? ''}Z`) || Number.MAX_SAFE_INTEGER;
    const keyed = out.map((o, i) => ({ o, k: key(o), i }));
    keyed.sort((a, b) => a.k - b.k || Number(a.o.breakdown.price) - Number(b.o.breakdown.price) || a.i - b.i);
    out = keyed.map((x) => x.o);
  }
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
  const options = selectOptions(entry.options, query.filters, query.sort);
  const total = options.length;
  const totalPages = Math.max(1, Math.ceil(total / FLIGHT_PAGE_SIZE));
  if (page > totalPages) throw new AppError(400, 'PAGE_OUT_OF_RANGE', M.pageOutOfRange, { page: M.pageOutOfRange });
  const slice = options.slice((page - 1) * FLIGHT_PAGE_SIZE, page * FLIGHT_PAGE_SIZE);
  const segments = new Map<string, FlightSegmentView>();
  const airlines = resultAirlines(entry);
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
  // The price range of the whole result, so a price filter's bounds do not move as it narrows.
  const prices = entry.options.map((o) => new Decimal(o.breakdown.price));
  const at = (d: Decimal | undefined) => (d ? { amount: d.toFixed(2), currency: entry.options[0].breakdown.currency } : null);
  return {
    success: true,
    items: slice.map((o) => itemView(o, viewer)),
    segments: [...segments.values()],
    airlines: [...airlines.values()],
    airports: [...airports.values()],
    lowestPrice: at(prices.length ? Decimal.min(...prices) : undefined),
    highestPrice: at(prices.length ? Decimal.max(...prices) : undefined),
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
