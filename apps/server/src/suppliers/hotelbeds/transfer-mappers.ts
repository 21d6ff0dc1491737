import type { TransferPointInput } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { combineSchedules } from '../policies.js';
import { iataPoint, named } from '../transfer-points.js';
import type {
  Money,
  TransferBookedLeg,
  TransferBooking,
  TransferImage,
  TransferOffer,
  TransferPickupDetails,
  TransferPoint,
  TransferSearchInput,
  TransferTransport,
} from '../types.js';
import { RATE_KEY_TTL_MS } from './hotel-mappers.js';

/**
 * Hotelbeds Transfer API 1.0 replies to our normalised shapes. Field names from the client generated
 * from Hotelbeds' Swagger document (puggan/apitudetransfer docs/Model: TransferServiceAvail, Pickup,
 * CheckPickup, TransferServiceContent, TransferServiceBooking) and recorded replies (fixtures/README.md
 * T1–T4). Recorded replies carry many `null`s, so every optional field here also takes null.
 */

/**
 * Our typed point as Hotelbeds locates it: airports by IATA code, hotels by their ATLAS code, ports and stations by
 * their codes, addresses as GPS.
 */
export function hotelbedsTransferPoint(p: TransferPointInput): TransferPoint {
  if (p.type === 'airport') return iataPoint(p);
  if (p.type === 'address') return { type: 'GPS', code: `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}` };
  return named(p, { type: p.type === 'hotel' ? 'ATLAS' : p.type === 'port' ? 'PORT' : 'STATION', code: p.code });
}

const S = 'hotelbeds' as const;
const amount = z.union([z.number(), z.string()]);
const opt = <T extends z.ZodType>(t: T) => t.nullish();
const point = z.object({ code: z.union([z.string(), z.number()]), type: opt(z.string()), description: opt(z.string()) });
const policies = opt(z.array(z.object({ amount, from: z.string(), currencyId: opt(z.string()) })));
const codeName = z.object({ code: opt(z.string()), name: opt(z.string()) });
const checkPickup = z.object({
  mustCheckPickupTime: opt(z.boolean()),
  url: opt(z.string()),
  hoursBeforeConsulting: opt(z.number()),
});
const pickup = z.object({
  address: opt(z.string()),
  number: opt(z.string()),
  town: opt(z.string()),
  zip: opt(z.string()),
  description: opt(z.string()),
  latitude: opt(z.number()),
  longitude: opt(z.number()),
  stopName: opt(z.string()),
  checkPickup: opt(checkPickup),
});
const content = z.object({
  images: opt(z.array(z.object({ url: z.string(), type: opt(z.string()) }))),
  transferDetailInfo: opt(
    z.array(z.object({ id: opt(z.string()), name: opt(z.string()), description: opt(z.string()), type: opt(z.string()) })),
  ),
  customerTransferTimeInfo: opt(z.array(z.object({ type: opt(z.string()), value: opt(z.number()), metric: opt(z.string()) }))),
  transferRemarks: opt(z.array(z.object({ type: opt(z.string()), description: opt(z.string()), mandatory: opt(z.boolean()) }))),
});
const transferDetail = z.object({ type: opt(z.string()), direction: opt(z.string()), code: opt(z.string()), companyName: opt(z.string()) });
export const serviceSchema = z.object({
  id: z.union([z.number(), z.string()]),
  direction: opt(z.enum(['ARRIVAL', 'DEPARTURE', 'RETURN'])),
  transferType: z.enum(['PRIVATE', 'SHARED']),
  vehicle: codeName,
  category: codeName,
  pickupInformation: z.object({ from: point, to: point, date: z.string(), time: opt(z.string()), pickup: opt(pickup) }),
  minPaxCapacity: opt(z.number().int()),
  maxPaxCapacity: opt(z.number().int()),
  price: z.object({ totalAmount: amount, netAmount: opt(amount), currencyId: z.string() }),
  rateKey: opt(z.string()),
  cancellationPolicies: policies,
  content: opt(content),
  status: opt(z.string()),
  paxes: opt(z.array(z.object({ type: opt(z.string()), age: opt(z.number()) }))),
  transferDetails: opt(z.array(transferDetail)),
  sourceMarketEmergencyNumber: opt(z.string()),
});
type Service = z.infer<typeof serviceSchema>;

const bookingSchema = z.object({
  reference: z.string(),
  clientReference: opt(z.string()),
  creationDate: opt(z.string()),
  status: z.string(),
  holder: opt(z.object({ name: z.string(), surname: z.string() })),
  transfers: z.array(serviceSchema),
  totalAmount: amount,
  currency: z.string(),
  remark: opt(z.string()),
  supplier: opt(z.object({ name: z.string(), vatNumber: opt(z.string()) })),
});

const TYPES = ['IATA', 'ATLAS', 'GIATA', 'GPS', 'PORT', 'STATION'] as const;
const asType = (t: string | null | undefined): TransferPoint['type'] =>
  (TYPES as readonly string[]).includes(t ?? '') ? (t as TransferPoint['type']) : 'ATLAS';
const pointOf = (p: z.infer<typeof point>): TransferPoint => ({
  type: asType(p.type),
  code: String(p.code),
  ...(p.description ? { description: p.description } : {}),
});

/** Transfer policy times come without a zone (local to the pickup); read them as UTC, as Hotelbeds' own SDKs do. */
const withZone = (s: string) => (/(Z|[+-]\d\d:\d\d)$/.test(s) ? s : `${s}Z`);
export const scheduleOf = (list: z.infer<typeof policies>) =>
  (list ?? []).map((p) => ({ from: withZone(p.from), amount: new Decimal(parseAmount(p.amount) ?? 0) }));

export function pickupDetailsOf(p: z.infer<typeof pickup> | null | undefined): TransferPickupDetails | undefined {
  if (!p) return undefined;
  const c = p.checkPickup;
  return {
    description: p.description ?? null,
    address: [p.address, p.number].filter(Boolean).join(' ') || null,
    town: p.town ?? null,
    zip: p.zip ?? null,
    stopName: p.stopName ?? null,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    checkPickup: c
      ? { mustCheckPickupTime: c.mustCheckPickupTime === true, url: c.url ?? null, hoursBeforeConsulting: c.hoursBeforeConsulting ?? null }
      : null,
  };
}

const imagesOf = (s: Service): TransferImage[] =>
  (s.content?.images ?? []).map((i) => ({ url: i.url, ...(i.type ? { size: i.type } : {}) }));

/** Contract remarks and general service information, verbatim; empty texts dropped. */
const remarksOf = (s: Service): string[] =>
  [
    ...(s.content?.transferRemarks ?? []).map((r) => r.description ?? ''),
    ...(s.content?.transferDetailInfo ?? []).map((d) => [d.name, d.description].filter(Boolean).join(': ')),
  ]
    .map((t) => t.trim())
    .filter(Boolean);

/** Luggage from the service information: Hotelbeds words it in a detail-info item (guessed: an item whose id or name says luggage/bags). */
const luggageOf = (s: Service): string | undefined => {
  const item = (s.content?.transferDetailInfo ?? []).find((d) => /lugg|bag|equipaje|maleta/i.test(`${d.id} ${d.name}`));
  return item ? [item.name, item.description].filter(Boolean).join(': ') : undefined;
};

/** Driver waiting time from customerTransferTimeInfo (metric minutes or hours). */
const waitingOf = (s: Service): number | undefined => {
  const t = (s.content?.customerTransferTimeInfo ?? []).find((x) => typeof x.value === 'number');
  if (!t || typeof t.value !== 'number') return undefined;
  return /hour/i.test(t.metric ?? '') ? t.value * 60 : t.value;
};

/** A round trip's services: the return leg starts where the outbound ends. */
function legOf(s: Service, search: TransferSearchInput): 'outbound' | 'return' {
  if (!search.inbound) return 'outbound';
  return String(s.pickupInformation.from.code) === search.to.code && s.pickupInformation.from.type === search.to.type
    ? 'return'
    : 'outbound';
}

/** Direction when the reply omits it: from an airport/port/station is an arrival, towards one a departure. */
function directionOf(s: Service): TransferOffer['direction'] {
  if (s.direction) return s.direction;
  return ['IATA', 'PORT', 'STATION'].includes(s.pickupInformation.from.type ?? '') ? 'ARRIVAL' : 'DEPARTURE';
}

export function mapServices(
  data: unknown,
  ctx: { accountId: string; search: TransferSearchInput },
): { offers: TransferOffer[]; dropped: DroppedOffer[] } {
  const list = (data as { services?: unknown })?.services;
  const dropped: DroppedOffer[] = [];
  if (list === undefined || list === null) return { offers: [], dropped };
  if (!Array.isArray(list)) throw new Error('services is not a list');
  const expiresAt = new Date(Date.now() + RATE_KEY_TTL_MS).toISOString();
  const offers: TransferOffer[] = [];
  for (const raw of list) {
    const s = serviceSchema.safeParse(raw);
    const total = s.success ? parseAmount(s.data.price.totalAmount) : null;
    if (!s.success || !total || !isCurrency(s.data.price.currencyId) || !s.data.rateKey) {
      dropped.push({ reason: 'invalid', detail: `service ${(raw as { id?: unknown })?.id}` });
      continue;
    }
    const d = s.data;
    const details = pickupDetailsOf(d.pickupInformation.pickup);
    const luggage = luggageOf(d);
    const waiting = waitingOf(d);
    offers.push({
      supplier: S,
      accountId: ctx.accountId,
      serviceId: String(d.id),
      direction: directionOf(d),
      transferType: d.transferType,
      vehicle: d.vehicle.name ?? d.vehicle.code ?? '',
      category: d.category.name ?? d.category.code ?? '',
      pickup: {
        from: pointOf(d.pickupInformation.from),
        to: pointOf(d.pickupInformation.to),
        date: d.pickupInformation.date,
        time: d.pickupInformation.time ?? '',
      },
      capacity: { min: d.minPaxCapacity ?? 1, max: d.maxPaxCapacity ?? 1 },
      total: money(total, d.price.currencyId),
      cancellation: combineSchedules([scheduleOf(d.cancellationPolicies)], d.price.currencyId),
      token: { kind: 'rateKey', value: d.rateKey as string, expiresAt },
      search: ctx.search,
      leg: legOf(d, ctx.search),
      ...(d.vehicle.code ? { vehicleCode: d.vehicle.code } : {}),
      ...(d.category.code ? { categoryCode: d.category.code } : {}),
      ...(details ? { pickupDetails: details } : {}),
      images: imagesOf(d),
      remarks: remarksOf(d),
      ...(luggage ? { luggage } : {}),
      ...(waiting !== undefined ? { waitingMinutes: waiting } : {}),
      // Hotelbeds prices the whole service; a shared shuttle's total is its passengers' seats (guess, decision 0225).
      priceBasis: d.transferType === 'SHARED' ? 'person' : 'vehicle',
    });
  }
  return { offers, dropped };
}

const TRANSPORT_TYPES = ['FLIGHT', 'CRUISE', 'TRAIN'] as const;
function transportOf(s: Service): TransferTransport[] {
  return (s.transferDetails ?? [])
    .filter((t) => (TRANSPORT_TYPES as readonly string[]).includes(t.type ?? '') && t.code)
    .map((t) => ({
      type: t.type as TransferTransport['type'],
      code: t.code as string,
      ...(t.companyName ? { companyName: t.companyName } : {}),
      ...(t.direction === 'ARRIVAL' || t.direction === 'DEPARTURE' ? { direction: t.direction } : {}),
    }));
}

/** Hotelbeds pax types: AD adult, CH child, IN infant (recorded replies list them per service). */
function passengersOf(s: Service): TransferBookedLeg['passengers'] {
  if (!s.paxes?.length) return null;
  const count = (t: string) => s.paxes?.filter((p) => p.type === t).length ?? 0;
  return { adults: count('AD'), children: count('CH'), infants: count('IN') };
}

function bookedLegOf(s: Service): TransferBookedLeg {
  const total = parseAmount(s.price.totalAmount);
  return {
    serviceId: String(s.id),
    direction: directionOf(s),
    status: s.status ?? '',
    transferType: s.transferType,
    vehicle: s.vehicle.name ?? s.vehicle.code ?? '',
    category: s.category.name ?? s.category.code ?? null,
    from: pointOf(s.pickupInformation.from),
    to: pointOf(s.pickupInformation.to),
    date: s.pickupInformation.date,
    time: s.pickupInformation.time ?? '',
    pickupDetails: pickupDetailsOf(s.pickupInformation.pickup) ?? null,
    transport: transportOf(s),
    passengers: passengersOf(s),
    total: total && isCurrency(s.price.currencyId) ? money(total, s.price.currencyId) : null,
    images: imagesOf(s),
    remarks: remarksOf(s),
    emergencyPhone: s.sourceMarketEmergencyNumber ?? null,
  };
}

export function mapTransferBooking(data: unknown): TransferBooking {
  const list = (data as { bookings?: unknown[] })?.bookings;
  const b = bookingSchema.safeParse(Array.isArray(list) ? list[0] : data);
  if (!b.success) throw new Error(`transfer booking: ${b.error.issues[0]?.path.join('.')}`);
  const total = parseAmount(b.data.totalAmount);
  if (total === null || !isCurrency(b.data.currency)) throw new Error('transfer booking total');
  const schedules = b.data.transfers.map((t) => scheduleOf(t.cancellationPolicies));
  const legs = b.data.transfers.map(bookedLegOf);
  return {
    supplier: S,
    kind: 'transfer',
    ref: { locator: b.data.reference },
    clientReference: b.data.clientReference ?? null,
    status:
      b.data.status === 'CANCELLED'
        ? 'cancelled'
        : b.data.status === 'CONFIRMED' || b.data.status === 'MODIFIED'
          ? 'confirmed'
          : 'pending-provider',
    supplierStatus: b.data.status,
    total: money(total, b.data.currency),
    cancellation: combineSchedules(schedules, b.data.currency),
    holder: b.data.holder ?? null,
    createdAt: b.data.creationDate ?? null,
    remarks: b.data.remark ? [b.data.remark] : [],
    transfers: legs.map((l) => ({ direction: l.direction, vehicle: l.vehicle, date: l.date, time: l.time })),
    legs,
    ...(b.data.supplier
      ? { supplierCompany: { name: b.data.supplier.name, ...(b.data.supplier.vatNumber ? { vatNumber: b.data.supplier.vatNumber } : {}) } }
      : {}),
  };
}

/**
 * The penalty a cancellation reply reports. Documented (Booking Cancellation): the reply has the
 * booking-detail shape with the changed status, and "if booking status is cancelled and totalAmount is
 * not 0 the amount are cancellation charges". A reply that is not CANCELLED reports no charge figure.
 */
export function cancellationCharge(booking: TransferBooking): Money | null {
  return booking.supplierStatus === 'CANCELLED' ? booking.total : null;
}
