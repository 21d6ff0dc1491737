import type { VoucherStatus } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { DroppedOffer } from '../offer-screen.js';
import type { FlightBaggageAllowance, FlightOffer, FlightPriceBreakdown, FlightSegment, FlightServiceType, Money } from '../types.js';
import { breakdownOf, feesOf, journeyPrice, type LegFees, type PaxPrice, priceOf } from './pricing.js';
import { flightSchema, offerDetailSchema, offerSchema } from './schemas.js';
import { baggageOf, mapSegment } from './segments.js';

export { priceOf } from './pricing.js';
export { segmentSchema } from './schemas.js';
export { mapSegment } from './segments.js';

export interface Leg {
  /** The pricesearch flight this offer belongs to. */
  flightId: string;
  segments: FlightSegment[];
  /** The offer's own id (one-way) or its first `offerIds` entry. */
  offerId: string;
  /** `offerIds` by groupKey (round trip, multi-city). */
  offerIds: { groupKey: string | null; offerId: string }[];
  groupKeys: string[];
  /** The offer's price (fare with taxes, before the service fee). */
  total: Money;
  isPackageOffer: boolean;
  expiresOn?: string;
  fees?: LegFees | null;
  breakdown?: PaxPrice[];
  baggage?: FlightBaggageAllowance[];
  brand?: { code: string; name: string } | null;
  seatsLeft?: number | null;
}

/** One priced journey: a leg offer per route, booked together under one group key. */
export interface Combo {
  segments: FlightSegment[];
  offerIds: { groupKey: string | null; offerId: string }[];
  total: Money;
  isPackageOffer: boolean;
  legs?: Leg[];
  groupKey?: string | null;
  breakdown?: FlightPriceBreakdown;
}

const priced = (l: Leg) => ({ total: l.total, isPackageOffer: l.isPackageOffer, fees: l.fees ?? null, breakdown: l.breakdown ?? [] });

/**
 * Flights of a pricesearch body split by leg — by `route` (1 outbound, 2 return) or, for multi-city,
 * by the items' `segmentNumber` — malformed ones dropped. Items of a flight are its journeys' parts
 * in order (a connection may come as several items).
 */
export function legsOf(body: unknown, legBy: 'route' | 'segmentNumber' = 'route'): { legs: Map<number, Leg[]>; dropped: DroppedOffer[] } {
  const flights = (body as { flights?: unknown })?.flights;
  if (!Array.isArray(flights)) throw new Error('pricesearch without flights');
  const legs = new Map<number, Leg[]>();
  const dropped: DroppedOffer[] = [];
  for (const raw of flights) {
    const f = flightSchema.safeParse(raw);
    if (!f.success) {
      dropped.push({ reason: 'invalid', detail: `flight: ${f.error.issues[0]?.path.join('.')}` });
      continue;
    }
    const route = legBy === 'segmentNumber' ? (f.data.items[0].segmentNumber ?? f.data.items[0].route) : f.data.items[0].route;
    const segments = f.data.items.map(mapSegment).map((sg) => (legBy === 'segmentNumber' ? { ...sg, route } : sg));
    const itemBaggage = baggageOf(f.data.items.flatMap((i) => i.baggageInformations ?? []));
    for (const rawOffer of f.data.offers) {
      const o = offerSchema.safeParse(rawOffer);
      const total = o.success ? priceOf(o.data.price) : null;
      if (!o.success || !total) {
        dropped.push({ reason: 'invalid', detail: `offer of ${f.data.id}` });
        continue;
      }
      const fees = feesOf(o.data.fees);
      if ([fees?.oneWay, fees?.roundTrip].some((f) => f && f.currency !== total.currency)) {
        // A fee we can't add to the fare would misprice the offer (the one-way sample mixes USD and EUR).
        dropped.push({ reason: 'currency', detail: `fee currency of ${f.data.id}` });
        continue;
      }
      const detail = offerDetailSchema.safeParse(rawOffer);
      const d = detail.success ? detail.data : {};
      const offerBaggage = baggageOf(d.baggageInformations);
      const offerIds = (o.data.offerIds ?? []).map((x) => ({ groupKey: x.groupKey ?? null, offerId: x.offerId }));
      const brand = d.flightBrandInfo?.name ? { code: d.flightBrandInfo.id ?? d.flightBrandInfo.name, name: d.flightBrandInfo.name } : null;
      const list = legs.get(route) ?? [];
      list.push({
        flightId: f.data.id,
        segments,
        offerId: o.data.offerId ?? offerIds[0].offerId,
        offerIds,
        groupKeys: o.data.groupKeys ?? [],
        total,
        isPackageOffer: !!o.data.isPackageOffer,
        expiresOn: o.data.expiresOn,
        fees,
        breakdown: breakdownOf(d.priceBreakDown),
        // The offer's own allowance (it differs by brand) before the flight's.
        baggage: offerBaggage.length ? offerBaggage : itemBaggage,
        brand,
        seatsLeft: d.seatInfo?.availableSeatCount ?? null,
      });
      legs.set(route, list);
    }
  }
  return { legs, dropped };
}

/** The id to book a leg's offer with under a group key: its `offerIds` entry for the key, else its own id. */
export function offerIdFor(leg: Pick<Leg, 'offerId' | 'offerIds'>, key: string | null): string {
  return leg.offerIds.find((x) => x.groupKey === key)?.offerId ?? leg.offerId;
}

/** The legs as one journey under `key`, priced by the documented rules; null when it can't be priced. */
export function journeyOf(picked: Leg[], key: string | null): Combo | null {
  const price = journeyPrice(picked.map(priced));
  if (!price) return null;
  return {
    segments: picked.flatMap((l) => l.segments),
    offerIds: picked.map((l) => ({ groupKey: key, offerId: offerIdFor(l, key) })),
    total: price.total,
    isPackageOffer: picked.length > 1 && picked.every((l) => l.isPackageOffer),
    legs: picked,
    groupKey: key,
    breakdown: price.breakdown,
  };
}

/**
 * Multi-city: one offer per leg, in leg order, whose groupKeys all share a key (offers without
 * groupKeys combine with any). The cheapest `perLeg` offers of each leg are combined and the `limit`
 * cheapest combinations (by fare) kept, so the product stays bounded; each is then priced as a journey.
 */
export function combineLegs(legs: Leg[][], perLeg: number, limit: number): Combo[] {
  type Partial = { keys: string[] | null; picked: Leg[]; total: Decimal; currency: string | null };
  let acc: Partial[] = [{ keys: null, picked: [], total: new Decimal(0), currency: null }];
  for (const options of legs) {
    const cheapest = [...options].sort((a, b) => new Decimal(a.total.amount).comparedTo(b.total.amount)).slice(0, perLeg);
    acc = acc
      .flatMap((a) =>
        cheapest
          .filter((l) => a.currency === null || l.total.currency === a.currency)
          .map((l) => {
            const keys = !l.groupKeys.length ? a.keys : a.keys === null ? l.groupKeys : a.keys.filter((k) => l.groupKeys.includes(k));
            return { keys, picked: [...a.picked, l], total: a.total.plus(l.total.amount), currency: l.total.currency };
          })
          .filter((c) => c.keys === null || c.keys.length > 0),
      )
      .sort((x, y) => x.total.comparedTo(y.total))
      .slice(0, limit);
  }
  return acc
    .filter((c) => c.picked.length === legs.length && legs.length > 0)
    .flatMap((c) => {
      const j = journeyOf(c.picked, c.keys?.[0] ?? null);
      return j ? [j] : [];
    });
}

/**
 * Round trip: an outbound and a return offer pair when their groupKeys intersect (flightproduct.md
 * "How to use group keys in roundtrip response"); each pair is priced by the total-price rules
 * (package → the higher price, else the sum; fees by key).
 */
export function pairRoundTrip(outbound: Leg[], inbound: Leg[]): Combo[] {
  const out: Combo[] = [];
  for (const o of outbound) {
    for (const r of inbound) {
      const key = o.groupKeys.find((k) => r.groupKeys.includes(k));
      if (!key) continue;
      const j = journeyOf([o, r], key);
      if (j) out.push(j);
    }
  }
  return out;
}

/** One way: each offer alone, with its one-way fee. */
export function singles(legs: Leg[]): Combo[] {
  return legs.flatMap((l) => {
    const j = journeyOf([l], null);
    return j ? [{ ...j, offerIds: [{ groupKey: null, offerId: l.offerId }] }] : [];
  });
}

function sharedBrand(legs: Leg[]): FlightOffer['fareBrand'] {
  const brands = legs.map((l) => l.brand).filter((b): b is { code: string; name: string } => !!b);
  if (!brands.length) return null;
  const names = [...new Set(brands.map((b) => b.name))];
  return { code: [...new Set(brands.map((b) => b.code))].join(' / '), name: names.join(' / ') };
}

export function toOffer(
  c: Combo,
  ctx: {
    accountId: string;
    serviceType: FlightServiceType;
    passengers: FlightOffer['passengers'];
    childrenAges?: number[];
    searchId: string;
    expiresAt: string | null;
  },
): FlightOffer {
  const legs = c.legs ?? [];
  const seats = legs.map((l) => l.seatsLeft).filter((n): n is number => typeof n === 'number');
  return {
    supplier: 'santsg',
    accountId: ctx.accountId,
    serviceType: ctx.serviceType,
    segments: c.segments,
    total: c.total,
    offerIds: c.offerIds,
    isPackageOffer: c.isPackageOffer,
    token: { kind: 'offerId', value: c.offerIds[0].offerId, expiresAt: ctx.expiresAt },
    passengers: ctx.passengers,
    searchId: ctx.searchId,
    legOptions: legs.map((l) => ({ id: l.offerId, route: l.segments[0]?.route ?? 1, groupKeys: l.groupKeys })),
    groupKey: c.groupKey ?? null,
    fareBrand: sharedBrand(legs),
    seatsLeft: seats.length ? Math.min(...seats) : null,
    baggage: legs.flatMap((l) => (l.baggage ?? []).map((b) => ({ ...b }))),
    ...(c.breakdown ? { priceBreakdown: c.breakdown } : {}),
    ...(ctx.childrenAges?.length ? { childrenAges: ctx.childrenAges } : {}),
  };
}

/** reservationStatus (0 New, 1 Modified, 2 Cancel, 3 CancelX, 9 Draft) and confirmationStatus (0 Request, 1 Confirm, 2 NoConfirm). */
export function reservationStatus(reservation: number | undefined, confirmation: number | undefined): VoucherStatus {
  if (reservation === 2 || reservation === 3) return 'cancelled';
  if (reservation === 9) return 'pre-reserved';
  if (confirmation === 1) return 'confirmed';
  if (confirmation === 0) return 'on-request';
  return 'pending-provider';
}
