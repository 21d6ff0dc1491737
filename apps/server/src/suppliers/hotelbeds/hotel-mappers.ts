import type { VoucherStatus } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { normaliseBoard } from '../boards.js';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { combineSchedules, NON_REFUNDABLE } from '../policies.js';
import type { CancellationPolicy, HotelBooking, HotelOffer, Money, Occupancy } from '../types.js';

/** rateKeys live about 30 minutes (PROTOCOLS.md). */
export const RATE_KEY_TTL_MS = 30 * 60_000;

/** Identical rooms go in one occupancy line (`rooms: n`); `indices` are their positions in the search. */
export interface OccupancyLine {
  rooms: number;
  adults: number;
  children: number;
  ages: number[];
  indices: number[];
}

export function occupancyLines(rooms: Occupancy[]): OccupancyLine[] {
  const lines: OccupancyLine[] = [];
  rooms.forEach((r, i) => {
    const ages = [...r.childrenAges].sort((a, b) => a - b);
    const same = lines.find((l) => l.adults === r.adults && l.ages.join(',') === ages.join(','));
    if (same) {
      same.rooms++;
      same.indices.push(i);
    } else lines.push({ rooms: 1, adults: r.adults, children: ages.length, ages, indices: [i] });
  });
  return lines;
}

export function occupanciesRequest(lines: OccupancyLine[]) {
  return lines.map((l) => ({
    rooms: l.rooms,
    adults: l.adults,
    children: l.children,
    ...(l.children ? { paxes: l.ages.map((age) => ({ type: 'CH', age })) } : {}),
  }));
}

const amount = z.union([z.string(), z.number()]);
const policySchema = z.object({ amount, from: z.string().refine((s) => !Number.isNaN(Date.parse(s))) });
const rateSchema = z.object({
  rateKey: z.string().min(1),
  rateClass: z.string().optional(),
  rateType: z.enum(['BOOKABLE', 'RECHECK']).optional(),
  net: amount,
  paymentType: z.string().optional(),
  boardCode: z.string(),
  boardName: z.string().optional(),
  rooms: z.coerce.number().int().min(1),
  adults: z.coerce.number().int().min(0),
  children: z.coerce.number().int().min(0).optional(),
  childrenAges: z.string().optional(),
  cancellationPolicies: z.array(policySchema).optional(),
  rateComments: z.string().optional(),
});
export type HbRate = z.infer<typeof rateSchema>;
const roomSchema = z.object({ code: z.string(), name: z.string().optional(), rates: z.array(z.unknown()) });
const hotelSchema = z.object({
  code: z.union([z.number(), z.string()]),
  name: z.string(),
  categoryCode: z.string().optional(),
  destinationCode: z.string().optional(),
  zoneCode: z.union([z.number(), z.string()]).optional(),
  zoneName: z.string().optional(),
  latitude: z.union([z.number(), z.string()]).optional(),
  longitude: z.union([z.number(), z.string()]).optional(),
  currency: z.string(),
  rooms: z.array(roomSchema),
});

/** The hotel's map position when the supplier gives a valid one (Hotelbeds sends decimal strings). */
function locationOf(h: { latitude?: number | string; longitude?: number | string }): { lat: number; lng: number } | undefined {
  const lat = Number(h.latitude);
  const lng = Number(h.longitude);
  if (h.latitude === undefined || h.longitude === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return undefined;
  return { lat, lng };
}

function schedule(rate: HbRate): { from: string; amount: Decimal }[] {
  return (rate.cancellationPolicies ?? []).map((p) => ({ from: p.from, amount: new Decimal(parseAmount(p.amount) ?? 0) }));
}

export function policyOf(rates: HbRate[], currency: string, now = new Date()): CancellationPolicy {
  if (rates.some((r) => r.rateClass === 'NRF')) {
    const p = combineSchedules(rates.map(schedule), currency, now);
    return { ...p, refundable: false };
  }
  return combineSchedules(rates.map(schedule), currency, now);
}

const rateMatches = (r: HbRate, l: OccupancyLine) =>
  r.rooms === l.rooms &&
  r.adults === l.adults &&
  (r.children ?? 0) === l.children &&
  (!r.childrenAges ||
    r.childrenAges
      .split(',')
      .map(Number)
      .sort((a, b) => a - b)
      .join(',') === l.ages.join(','));

/**
 * Availability reply to offers. One offer per hotel, room type, board and rate class, made of the
 * cheapest matching rate for each occupancy line; malformed rates and hotels are dropped and reported.
 */
export function mapAvailability(
  data: unknown,
  ctx: { accountId: string; checkIn: string; checkOut: string; rooms: Occupancy[]; now?: Date },
): { offers: HotelOffer[]; dropped: DroppedOffer[] } {
  const now = ctx.now ?? new Date();
  const lines = occupancyLines(ctx.rooms);
  const dropped: DroppedOffer[] = [];
  const hotels = (data as { hotels?: { hotels?: unknown } })?.hotels?.hotels;
  if (hotels === undefined) return { offers: [], dropped };
  if (!Array.isArray(hotels)) throw new Error('hotels.hotels is not a list');
  const offers: HotelOffer[] = [];
  const expiresAt = new Date(now.getTime() + RATE_KEY_TTL_MS).toISOString();
  for (const raw of hotels) {
    const h = hotelSchema.safeParse(raw);
    if (!h.success || !isCurrency(h.data.currency)) {
      dropped.push({
        reason: 'invalid',
        detail: `hotel ${(raw as { code?: unknown })?.code}: ${h.success ? 'currency' : h.error.issues[0]?.message}`,
      });
      continue;
    }
    const hotel = h.data;
    for (const room of hotel.rooms) {
      const groups = new Map<string, (HbRate | undefined)[]>();
      for (const rawRate of room.rates) {
        const parsed = rateSchema.safeParse(rawRate);
        if (!parsed.success) {
          dropped.push({ reason: 'invalid', detail: `rate of ${hotel.code}/${room.code}: ${parsed.error.issues[0]?.path.join('.')}` });
          continue;
        }
        const rate = parsed.data;
        const net = parseAmount(rate.net);
        if (!net) {
          dropped.push({ reason: 'invalid', detail: `rate of ${hotel.code}/${room.code}: net ${String(rate.net)}` });
          continue;
        }
        const li = lines.findIndex((l) => rateMatches(rate, l));
        if (li < 0) continue;
        const key = `${rate.boardCode}|${rate.rateClass ?? ''}|${rate.paymentType ?? ''}`;
        const slot = groups.get(key) ?? new Array<HbRate | undefined>(lines.length).fill(undefined);
        const current = slot[li];
        if (!current || net.lt(parseAmount(current.net) ?? net)) slot[li] = rate;
        groups.set(key, slot);
      }
      for (const slot of groups.values()) {
        if (slot.some((r) => !r)) continue;
        const rates = slot as HbRate[];
        const board = normaliseBoard(rates[0].boardCode);
        if (!board) {
          dropped.push({ reason: 'unknown-board', detail: `${hotel.code}/${room.code}: ${rates[0].boardCode}` });
          continue;
        }
        const total = rates.reduce((s, r) => s.plus(parseAmount(r.net) ?? 0), new Decimal(0));
        offers.push({
          supplier: 'hotelbeds',
          accountId: ctx.accountId,
          hotel: {
            code: String(hotel.code),
            name: hotel.name,
            category: hotel.categoryCode,
            destination: hotel.destinationCode,
            // The zone is shown to the user: its name when Hotelbeds gives one, else its code.
            zone: hotel.zoneName?.trim() || (hotel.zoneCode === undefined ? undefined : String(hotel.zoneCode)),
            location: locationOf(hotel),
          },
          checkIn: ctx.checkIn,
          checkOut: ctx.checkOut,
          rooms: ctx.rooms.map((occupancy) => ({ code: room.code, name: room.name ?? room.code, occupancy })),
          board,
          total: money(total, hotel.currency),
          availability: 'available',
          requiresQuote: rates.some((r) => r.rateType === 'RECHECK'),
          cancellation: policyOf(rates, hotel.currency, now),
          token: { kind: 'rateKey', value: rates[0].rateKey, expiresAt },
          supplierData: {
            rateKeys: rates.map((r) => r.rateKey),
            lines: lines.map(({ rooms, adults, children, ages, indices }) => ({ rooms, adults, children, ages, indices })),
            rateClass: rates[0].rateClass ?? null,
            paymentType: rates[0].paymentType ?? null,
            rateComments: rates.map((r) => r.rateComments).filter(Boolean),
          },
          payAtHotel: rates[0].paymentType === 'AT_HOTEL',
        });
      }
    }
  }
  return { offers, dropped };
}

/** CheckRate reply: the rates in the order of the rateKeys sent, with the new total. */
export function mapCheckRate(data: unknown, currencyFallback: string): { rates: HbRate[]; total: Money; remarks: string[] } {
  const hotel = (data as { hotel?: unknown })?.hotel;
  const h = hotelSchema.safeParse(hotel);
  if (!h.success) throw new Error(`checkrate: ${h.error.issues[0]?.path.join('.')}`);
  const currency = isCurrency(h.data.currency) ? h.data.currency : currencyFallback;
  const rates: HbRate[] = [];
  for (const room of h.data.rooms) {
    for (const r of room.rates) {
      const parsed = rateSchema.safeParse(r);
      if (!parsed.success) throw new Error(`checkrate rate: ${parsed.error.issues[0]?.path.join('.')}`);
      if (!parseAmount(parsed.data.net)) throw new Error('checkrate rate: net');
      rates.push(parsed.data);
    }
  }
  if (!rates.length) throw new Error('checkrate: no rates');
  const total = rates.reduce((s, r) => s.plus(parseAmount(r.net) ?? 0), new Decimal(0));
  const remarks = rates.map((r) => r.rateComments?.trim()).filter((x): x is string => !!x);
  return { rates, total: money(total, currency), remarks: [...new Set(remarks)] };
}

export function bookingStatus(status: unknown): VoucherStatus {
  switch (status) {
    case 'CONFIRMED':
      return 'confirmed';
    case 'CANCELLED':
      return 'cancelled';
    case 'PRECONFIRMED':
      return 'on-request';
    default:
      return 'pending-provider';
  }
}

const bookingSchema = z.object({
  reference: z.string().min(1),
  clientReference: z.string().optional(),
  creationDate: z.string().optional(),
  status: z.string(),
  holder: z.object({ name: z.string(), surname: z.string() }).optional(),
  totalNet: amount.optional(),
  totalSellingRate: amount.optional(),
  currency: z.string(),
  hotel: z
    .object({
      code: z.union([z.number(), z.string()]),
      name: z.string(),
      checkIn: z.string().optional(),
      checkOut: z.string().optional(),
      cancellationAmount: amount.optional(),
      rooms: z.array(z.object({ code: z.string(), name: z.string().optional(), rates: z.array(z.unknown()).optional() })).optional(),
      supplier: z.object({ name: z.string(), vatNumber: z.string().optional() }).optional(),
    })
    .optional(),
  cancellationReference: z.string().optional(),
});

export function mapBooking(data: unknown, now = new Date()): HotelBooking {
  const parsed = bookingSchema.safeParse((data as { booking?: unknown })?.booking ?? data);
  if (!parsed.success) throw new Error(`booking: ${parsed.error.issues[0]?.path.join('.')}`);
  const b = parsed.data;
  if (!isCurrency(b.currency)) throw new Error('booking: currency');
  const total = parseAmount(b.totalSellingRate ?? b.totalNet);
  if (!total) throw new Error('booking: total');
  const rates = (b.hotel?.rooms ?? []).flatMap((r) =>
    (r.rates ?? [])
      .map((x) => rateSchema.partial().safeParse(x))
      .filter((x) => x.success)
      .map((x) => x.data),
  );
  const schedules = rates.map((r) =>
    (r.cancellationPolicies ?? []).map((p) => ({ from: p.from, amount: new Decimal(parseAmount(p.amount) ?? 0) })),
  );
  const cancellation =
    rates.length && rates.every((r) => r.rateClass !== 'NRF')
      ? combineSchedules(schedules, b.currency, now)
      : rates.length
        ? { ...combineSchedules(schedules, b.currency, now), refundable: false }
        : NON_REFUNDABLE;
  return {
    supplier: 'hotelbeds',
    kind: 'hotel',
    ref: { locator: b.reference },
    clientReference: b.clientReference ?? null,
    status: bookingStatus(b.status),
    supplierStatus: b.status,
    total: money(total, b.currency),
    cancellation,
    holder: b.holder ?? null,
    createdAt: b.creationDate ?? null,
    remarks: [
      ...new Set([
        ...(b.hotel?.supplier ? [payableThroughLine(b.hotel.supplier, b.reference)] : []),
        ...rates.map((r) => r.rateComments?.trim()).filter((x): x is string => !!x),
      ]),
    ],
    hotel: b.hotel ? { code: String(b.hotel.code), name: b.hotel.name } : null,
    checkIn: b.hotel?.checkIn ?? null,
    checkOut: b.hotel?.checkOut ?? null,
    rooms: (b.hotel?.rooms ?? []).map((r, i) => ({ code: r.code, name: r.name ?? r.code, board: normaliseBoard(rates[i]?.boardCode) })),
    payableThrough: b.hotel?.supplier ? { name: b.hotel.supplier.name, vatNumber: b.hotel.supplier.vatNumber } : undefined,
  };
}

/**
 * The line Hotelbeds certification requires on every voucher, built from `hotel.supplier` of the
 * booking reply (wording from the Hotelbeds booking-API voucher guidelines; the exact phrase is
 * not in a recorded reply, so it is marked as inferred in docs/decisions).
 */
export function payableThroughLine(supplier: { name: string; vatNumber?: string }, reference: string): string {
  return `Payable through ${supplier.name}, acting as agent for the service operating company, details of which can be provided upon request. VAT: ${supplier.vatNumber ?? '-'} Reference: ${reference}`;
}

/** DELETE reply: the penalty (simulated or charged) and the cancellation reference. */
export function mapCancellation(data: unknown): { status: VoucherStatus; penalty: Money | null; reference: string | null } {
  const parsed = bookingSchema.safeParse((data as { booking?: unknown })?.booking);
  if (!parsed.success) throw new Error(`cancel: ${parsed.error.issues[0]?.path.join('.')}`);
  const b = parsed.data;
  const penalty = parseAmount(b.hotel?.cancellationAmount);
  return {
    status: bookingStatus(b.status),
    penalty: penalty && isCurrency(b.currency) ? money(penalty, b.currency) : null,
    reference: b.cancellationReference ?? null,
  };
}
