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
  stopCount: z.number().int().min(0).optional(),
  baggageInformations: z.array(z.object({ baggagePiece: z.number().optional(), weight: z.number().optional() })).optional(),
});
const offerSchema = z.object({
  offerId: z.string().min(1),
  expiresOn: z.string().optional(),
  price: priceSchema,
  groupKeys: z.array(z.string()).optional(),
  isPackageOffer: z.boolean().optional(),
});
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
  offerId: string;
  groupKeys: string[];
  total: Money;
  isPackageOffer: boolean;
  expiresOn?: string;
}

/** Flights of a pricesearch body split by route (1 outbound, 2 return); malformed ones are dropped. */
export function legsOf(body: unknown): { legs: Map<number, Leg[]>; dropped: DroppedOffer[] } {
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
      const route = segments[0].route;
      const list = legs.get(route) ?? [];
      list.push({
        segments,
        offerId: o.data.offerId,
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
          { groupKey: key, offerId: o.offerId },
          { groupKey: key, offerId: r.offerId },
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
