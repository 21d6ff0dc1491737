import type { VoucherStatus } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import type { FlightOffer, FlightSegment, FlightServiceType, Money } from '../types.js';

const priceSchema = z.object({ amount: z.union([z.number(), z.string()]), currency: z.string() });
const placeSchema = z.object({
  airport: z.object({ code: z.string().optional(), id: z.string().optional() }),
  city: z.object({ name: z.string().optional() }).optional(),
  date: z.string(),
});
export const segmentSchema = z.object({
  flightNo: z.string(),
  airline: z.object({ id: z.string().optional(), name: z.string().optional() }),
  departure: placeSchema,
  arrival: placeSchema,
  flightClass: z.object({ name: z.string().optional() }).optional(),
  route: z.number().int(),
  /** Multi-city: the leg (1..n) of this item; `route` stays 1 (documented multicity sample). */
  segmentNumber: z.number().int().optional(),
  stopCount: z.number().int().min(0).optional(),
  baggageInformations: z.array(z.object({ baggagePiece: z.number().optional(), weight: z.number().optional() })).optional(),
});
// One-way offers carry `offerId`; round-trip and multi-city ones (flightResponseListType 3) carry only
// `offerIds[{groupKey, offerId}]`: the id to book is the one of the groupKey shared with the other legs.
const offerSchema = z
  .object({
    offerId: z.string().min(1).optional(),
    offerIds: z.array(z.object({ groupKey: z.string().optional(), offerId: z.string().min(1) })).optional(),
    expiresOn: z.string().optional(),
    price: priceSchema,
    groupKeys: z.array(z.string()).optional(),
    isPackageOffer: z.boolean().optional(),
  })
  .refine((o) => o.offerId || o.offerIds?.length, { message: 'offer without offerId' });
const flightSchema = z.object({ id: z.string(), items: z.array(segmentSchema).min(1), offers: z.array(z.unknown()) });

export function priceOf(p: unknown): Money | null {
  const parsed = priceSchema.safeParse(p);
  if (!parsed.success || !isCurrency(parsed.data.currency)) return null;
  const amount = parseAmount(parsed.data.amount);
  return amount ? money(amount, parsed.data.currency) : null;
}

export function mapSegment(s: z.infer<typeof segmentSchema>): FlightSegment {
  const bag = s.baggageInformations?.[0];
  return {
    flightNo: s.flightNo,
    airline: s.airline.name ?? s.airline.id ?? '',
    from: { airport: s.departure.airport.code ?? s.departure.airport.id ?? '', city: s.departure.city?.name, at: s.departure.date },
    to: { airport: s.arrival.airport.code ?? s.arrival.airport.id ?? '', city: s.arrival.city?.name, at: s.arrival.date },
    cabin: s.flightClass?.name ?? '',
    route: s.route,
    stops: s.stopCount ?? 0,
    baggage: bag?.baggagePiece ? `${bag.baggagePiece} x ${bag.weight ?? ''} kg`.trim() : undefined,
  };
}

interface Leg {
  segments: FlightSegment[];
  /** The offer's own id (one-way) or its first `offerIds` entry. */
  offerId: string;
  /** `offerIds` by groupKey (round trip, multi-city). */
  offerIds: { groupKey: string | null; offerId: string }[];
  groupKeys: string[];
  total: Money;
  isPackageOffer: boolean;
  expiresOn?: string;
}

/**
 * Flights of a pricesearch body split by leg — by `route` (1 outbound, 2 return) or, for multi-city,
 * by the items' `segmentNumber` — malformed ones dropped.
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
    const segments = f.data.items.map(mapSegment);
    for (const rawOffer of f.data.offers) {
      const o = offerSchema.safeParse(rawOffer);
      const total = o.success ? priceOf(o.data.price) : null;
      if (!o.success || !total) {
        dropped.push({ reason: 'invalid', detail: `offer of ${f.data.id}` });
        continue;
      }
      const route = legBy === 'segmentNumber' ? (f.data.items[0].segmentNumber ?? segments[0].route) : segments[0].route;
      const list = legs.get(route) ?? [];
      const offerIds = (o.data.offerIds ?? []).map((x) => ({ groupKey: x.groupKey ?? null, offerId: x.offerId }));
      list.push({
        segments: legBy === 'segmentNumber' ? segments.map((sg) => ({ ...sg, route })) : segments,
        offerId: o.data.offerId ?? offerIds[0].offerId,
        offerIds,
        groupKeys: o.data.groupKeys ?? [],
        total,
        isPackageOffer: !!o.data.isPackageOffer,
        expiresOn: o.data.expiresOn,
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

/**
 * Multi-city: one offer per leg, in leg order, whose groupKeys all share a key (offers without
 * groupKeys combine with any); the total is the sum. The cheapest `perLeg` offers of each leg are
 * combined and the `limit` cheapest combinations kept, so the product stays bounded.
 */
export function combineLegs(
  legs: Leg[][],
  perLeg: number,
  limit: number,
): { segments: FlightSegment[]; offerIds: { groupKey: string | null; offerId: string }[]; total: Money; isPackageOffer: boolean }[] {
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
    .map((c) => {
      const key = c.keys?.[0] ?? null;
      return {
        segments: c.picked.flatMap((l) => l.segments),
        offerIds: c.picked.map((l) => ({ groupKey: key, offerId: offerIdFor(l, key) })),
        total: money(c.total, c.currency as string),
        isPackageOffer: false,
      };
    });
}

/**
 * Round trip: an outbound and a return offer pair when their groupKeys intersect. A packaged pair
 * (isPackageOffer) is priced as a whole: both legs carry the package price and the total is the
 * higher of the two; otherwise the total is the sum.
 */
export function pairRoundTrip(
  outbound: Leg[],
  inbound: Leg[],
): { segments: FlightSegment[]; offerIds: { groupKey: string | null; offerId: string }[]; total: Money; isPackageOffer: boolean }[] {
  const out = [];
  for (const o of outbound) {
    for (const r of inbound) {
      const key = o.groupKeys.find((k) => r.groupKeys.includes(k));
      if (!key || o.total.currency !== r.total.currency) continue;
      const packaged = o.isPackageOffer && r.isPackageOffer;
      const amount = packaged ? Decimal.max(o.total.amount, r.total.amount) : new Decimal(o.total.amount).plus(r.total.amount);
      out.push({
        segments: [...o.segments, ...r.segments],
        offerIds: [
          { groupKey: key, offerId: offerIdFor(o, key) },
          { groupKey: key, offerId: offerIdFor(r, key) },
        ],
        total: money(amount, o.total.currency),
        isPackageOffer: packaged,
      });
    }
  }
  return out;
}

export function toOffer(
  c: { segments: FlightSegment[]; offerIds: { groupKey: string | null; offerId: string }[]; total: Money; isPackageOffer: boolean },
  ctx: {
    accountId: string;
    serviceType: FlightServiceType;
    passengers: FlightOffer['passengers'];
    searchId: string;
    expiresAt: string | null;
  },
): FlightOffer {
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

export type { Leg };
