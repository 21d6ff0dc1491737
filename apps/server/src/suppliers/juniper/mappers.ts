import type { VoucherStatus } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { normaliseBoard } from '../boards.js';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { isRefundable, NON_REFUNDABLE } from '../policies.js';
import type { CancellationPolicy, CancellationRule, HolderRequirement, HotelBooking, HotelOffer, Money, Occupancy } from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The penalty of one Juniper rule: a fixed price, a percentage or a number of nights (zeros mean free). */
function penaltyOf(rule: XNode): Pick<CancellationRule, 'amount' | 'percent' | 'nights'> {
  const fixed = parseAmount(attr(rule, 'FixedPrice') ?? '0') ?? new Decimal(0);
  const percent = parseAmount(attr(rule, 'PercentPrice') ?? '0') ?? new Decimal(0);
  const nights = Number(attr(rule, 'Nights') ?? '0');
  if (fixed.gt(0)) return { amount: fixed.toFixed(2) };
  if (percent.gt(0)) return { percent: percent.toString() };
  if (Number.isInteger(nights) && nights > 0) return { nights };
  return { amount: '0.00' };
}

/**
 * A Juniper CancellationPolicy to ours. Rule types: V — a date range before arrival (DateFrom/DateTo,
 * or From/To days before check-in); S — no-show, from arrival; R — days after confirmation (From/To
 * counted from the booking date). No policy at all means non-refundable. The Description is kept.
 */
export function mapCancellationPolicy(
  policy: unknown,
  ctx: { checkIn: string; bookingDate: Date; currency: string; nonRefundable?: boolean; now?: Date },
): CancellationPolicy {
  const p = node(policy);
  const rulesXml = nodes(node(p.PolicyRules).Rule);
  const description = textOf(p.Description).trim() || undefined;
  if (!rulesXml.length) return { ...NON_REFUNDABLE, text: description };
  const currency = isCurrency(attr(p, 'CurrencyCode')) ? (attr(p, 'CurrencyCode') as string) : ctx.currency;
  const booked = ctx.bookingDate.toISOString().slice(0, 10);
  const rules: CancellationRule[] = [];
  for (const r of rulesXml) {
    const type = attr(r, 'Type');
    const penalty = penaltyOf(r);
    const fromDays = Number(attr(r, 'From') ?? '0');
    const toDays = Number(attr(r, 'To') ?? 'NaN');
    if (type === 'V') {
      const dateFrom = attr(r, 'DateFrom');
      const dateTo = attr(r, 'DateTo');
      const from = dateFrom ?? (Number.isFinite(toDays) ? addDays(ctx.checkIn, -toDays) : booked);
      const to = dateTo ?? (Number.isFinite(fromDays) ? addDays(ctx.checkIn, -fromDays) : undefined);
      rules.push({ from: `${from}T00:00:00Z`, ...(to ? { to: `${to}T00:00:00Z` } : {}), ...penalty, currency, kind: 'date-range' });
    } else if (type === 'S') {
      rules.push({ from: `${ctx.checkIn}T00:00:00Z`, ...penalty, currency, kind: 'no-show' });
    } else if (type === 'R') {
      const from = addDays(booked, Number.isFinite(fromDays) ? fromDays : 0);
      const to = Number.isFinite(toDays) && toDays < 365 ? addDays(booked, toDays + 1) : undefined;
      rules.push({ from: `${from}T00:00:00Z`, ...(to ? { to: `${to}T00:00:00Z` } : {}), ...penalty, currency, kind: 'after-confirmation' });
    }
  }
  rules.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const refundable = !ctx.nonRefundable && isRefundable(rules, ctx.now ?? ctx.bookingDate);
  return { refundable, rules, text: description };
}

/** The net total of an option (Price Type S, Nett; Gross when Nett is absent) with its currency. */
export function priceOf(option: XNode): Money | null {
  const prices = nodes(node(option.Prices).Price);
  const price = prices.find((p) => attr(p, 'Type') === 'S') ?? prices[0];
  if (!price) return null;
  const currency = attr(price, 'Currency');
  const fix = node(price.TotalFixAmounts);
  const amount = parseAmount(attr(fix, 'Nett') ?? attr(fix, 'Gross'));
  if (!amount || !isCurrency(currency)) return null;
  return money(amount, currency);
}

export interface JuniperSearchCtx {
  accountId: string;
  checkIn: string;
  checkOut: string;
  rooms: Occupancy[];
  nationality: string;
  currency: string;
  now?: Date;
}

/** HotelAvail results to offers: one per HotelOption; an option missing its price, board or rooms is dropped. */
export function mapAvail(rs: XNode, ctx: JuniperSearchCtx): { offers: HotelOffer[]; dropped: DroppedOffer[] } {
  const now = ctx.now ?? new Date();
  const offers: HotelOffer[] = [];
  const dropped: DroppedOffer[] = [];
  for (const result of nodes(node(rs.Results).HotelResult)) {
    const code = attr(result, 'Code') ?? attr(result, 'JPCode');
    const info = node(result.HotelInfo);
    const name = textOf(info.Name);
    if (!code || !name) {
      dropped.push({ reason: 'invalid', detail: `hotel without code or name: ${code}` });
      continue;
    }
    for (const option of nodes(node(result.HotelOptions).HotelOption)) {
      const ratePlanCode = attr(option, 'RatePlanCode');
      const total = priceOf(option);
      const board = normaliseBoard(attr(node(option.Board), 'Type'));
      const rooms = nodes(node(option.HotelRooms).HotelRoom);
      if (!ratePlanCode || !total) {
        dropped.push({ reason: 'invalid', detail: `${code}: option without RatePlanCode or price` });
        continue;
      }
      if (!board) {
        dropped.push({ reason: 'unknown-board', detail: `${code}: ${attr(node(option.Board), 'Type')}` });
        continue;
      }
      if (rooms.length !== ctx.rooms.length) {
        dropped.push({ reason: 'invalid', detail: `${code}: ${rooms.length} rooms for ${ctx.rooms.length}` });
        continue;
      }
      const status = attr(option, 'Status');
      offers.push({
        supplier: 'juniper',
        accountId: ctx.accountId,
        hotel: {
          code,
          name,
          category: attr(node(info.HotelCategory), 'Type'),
          zone: attr(result, 'DestinationZone'),
        },
        checkIn: ctx.checkIn,
        checkOut: ctx.checkOut,
        rooms: rooms.map((r, i) => ({
          code: attr(node(r.RoomCategory), 'Type') ?? textOf(r.Name),
          name: textOf(r.Name) || textOf(r.RoomCategory),
          occupancy: ctx.rooms[Number(attr(r, 'Source') ?? i + 1) - 1] ?? ctx.rooms[i],
        })),
        board,
        total,
        availability: status === 'RQ' ? 'on-request' : 'available',
        requiresQuote: true,
        cancellation: mapCancellationPolicy(option.CancellationPolicy, {
          checkIn: ctx.checkIn,
          bookingDate: now,
          currency: total.currency,
          nonRefundable: attr(option, 'NonRefundable') === 'true',
          now,
        }),
        token: { kind: 'RatePlanCode', value: ratePlanCode, expiresAt: null },
        supplierData: { hotelCode: code, nationality: ctx.nationality, currency: ctx.currency },
        payAtHotel: false,
      });
    }
  }
  return { offers, dropped };
}

export function firstOption(rs: XNode): { result: XNode; option: XNode } {
  const result = nodes(node(rs.Results).HotelResult)[0];
  const option = result ? nodes(node(result.HotelOptions).HotelOption)[0] : undefined;
  if (!result || !option) throw new Error('reply without HotelOption');
  return { result, option };
}

/** Reservation status (PAG, CON, PRE/PDI, CAN/CAC, QUO, TAR) and item status (OK/AV, RQ, CA) to ours. */
export function reservationStatus(reservation: string | undefined, item: string | undefined): VoucherStatus {
  if (reservation === 'CAN' || reservation === 'CAC' || item === 'CA') return 'cancelled';
  if (item === 'RQ') return 'on-request';
  switch (reservation) {
    case 'PAG':
    case 'CON':
      return 'confirmed';
    case 'QUO':
      return 'quotation';
    case 'PRE':
    case 'PDI':
    case 'TAR':
      return 'pending-provider';
    default:
      return 'pending-provider';
  }
}

export function mapReservation(rs: XNode, now = new Date()): HotelBooking {
  const r = nodes(node(rs.Reservations).Reservation)[0];
  if (!r) throw new Error('reply without Reservation');
  const locator = attr(r, 'Locator');
  if (!locator) throw new Error('Reservation without Locator');
  const item = nodes(node(r.Items).HotelItem)[0];
  if (!item) throw new Error('Reservation without HotelItem');
  const total = priceOf(item);
  if (!total) throw new Error('HotelItem without price');
  const checkIn = attr(item, 'Start') ?? null;
  const board = normaliseBoard(attr(node(item.Board), 'Type'));
  const holderId = attr(node(node(r.Holder).RelPax), 'IdPax');
  const holderPax = nodes(node(r.Paxes).Pax).find((p) => attr(p, 'IdPax') === holderId);
  const hcn = textOf(node(item.ExternalInfo).HotelConfirmationNumber) || undefined;
  const policy = node(item.CancellationPolicy);
  return {
    supplier: 'juniper',
    kind: 'hotel',
    ref: { locator, extra: { itemId: attr(item, 'ItemId') ?? '1' } },
    clientReference: textOf(r.ExternalBookingReference) || null,
    status: reservationStatus(attr(r, 'Status'), attr(item, 'Status')),
    supplierStatus: `${attr(r, 'Status')}/${attr(item, 'Status')}`,
    total,
    cancellation: checkIn ? mapCancellationPolicy(policy, { checkIn, bookingDate: now, currency: total.currency, now }) : NON_REFUNDABLE,
    holder: holderPax ? { name: textOf(holderPax.Name), surname: textOf(holderPax.Surname) } : null,
    createdAt: null,
    remarks: [],
    hotel: { code: attr(node(item.HotelInfo), 'Code') ?? '', name: textOf(node(item.HotelInfo).Name) },
    checkIn,
    checkOut: attr(item, 'End') ?? null,
    rooms: nodes(node(item.HotelRooms).HotelRoom).map((room) => ({
      code: attr(node(room.RoomCategory), 'Type') ?? '',
      name: textOf(room.Name),
      board,
    })),
    hotelConfirmationNumber: hcn,
  };
}

/** Comments the supplier requires to be shown (OptionalElements HOT comments). */
export function hotComments(option: XNode): string[] {
  return nodes(node(node(option.OptionalElements).Comments).Comment)
    .filter((c) => !attr(c, 'Type') || attr(c, 'Type') === 'HOT')
    .map((c) => textOf(c).trim())
    .filter(Boolean);
}

/**
 * CancelBooking's BookingRS to our result. The documented reply carries `CancelInfo` inside `Warnings`
 * (next to the `warn*` codes) and the cancelled `Reservations`; `CancelInfo` directly under the RS is
 * accepted too. BookingCodeState comes in mixed case ("CaC"). A quote (OnlyCancellationFees) never
 * changes the booking; "not calculated" never means free.
 */
export function mapCancel(
  rs: XNode,
  warnings: { code: string; text: string }[],
  simulate: boolean,
): { penalty: Money | null; cancelled: boolean; state: string } {
  const codes = warnings.map((w) => w.code);
  const notCalculated = codes.includes('warnCancellationNotCalculated') || codes.includes('warnCancelledAndCancellationNotCalculated');
  const info = node(node(rs.Warnings).CancelInfo ?? rs.CancelInfo);
  const cost = parseAmount(textOf(info.BookingCancelCost));
  const currency = textOf(info.BookingCancelCostCurrency).trim().toUpperCase();
  const penalty = !notCalculated && cost && isCurrency(currency) ? money(cost, currency) : null;
  const reservation = nodes(node(rs.Reservations).Reservation)[0];
  const state = (textOf(info.BookingCodeState) || (reservation ? (attr(reservation, 'Status') ?? '') : '')).trim().toUpperCase();
  const cancelled = !simulate && (codes.some((c) => c.startsWith('warnCancelled')) || state === 'CAN' || state === 'CAC');
  return { penalty, cancelled, state };
}

/**
 * HotelRequiredFields mirrors the HotelBooking request: only the nodes present are required, and
 * they vary per option (documented UAT reply: the holder needs Name, Surname, PhoneNumbers, Address,
 * City, Country, PostalCode, Age; the other paxes Age). Answers the element names per IdPax.
 */
export function requiredPaxFields(option: XNode): Record<string, string[]> {
  const paxes = nodes(node(node(node(option.HotelRequiredFields).HotelBooking).Paxes).Pax);
  const out: Record<string, string[]> = {};
  for (const p of paxes) {
    const id = attr(p, 'IdPax');
    if (id) out[id] = Object.keys(p).filter((k) => !k.startsWith('@') && k !== '#text');
  }
  return out;
}

/** Juniper's holder nodes (IdPax 1 of HotelRequiredFields) as our holder requirements. */
const HOLDER_NODES: Record<string, HolderRequirement> = {
  Email: 'email',
  PhoneNumbers: 'phone',
  Address: 'address',
  City: 'city',
  PostalCode: 'postalCode',
  Country: 'country',
};
export function holderRequirements(required: Record<string, string[]>): HolderRequirement[] {
  return (required['1'] ?? []).map((f) => HOLDER_NODES[f]).filter((f): f is HolderRequirement => Boolean(f));
}

/** A HotelContent's long description (`Description@Type="LNG"`), else its first one. */
export function contentDescription(h: XNode): string {
  const all = nodes(node(h.Descriptions).Description);
  return textOf(all.find((d) => attr(d, 'Type') === 'LNG') ?? all[0]).trim();
}

/** A photo URL a page may load: https, or the supplier's own host (`sameOrigin`: the sandbox simulator, http). */
export function photoUrl(raw: string, sameOrigin?: string): string | null {
  const u = raw.trim();
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(u)) return null;
  try {
    const url = new URL(u);
    return url.protocol === 'https:' || (sameOrigin !== undefined && url.origin === sameOrigin) ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A HotelContent's map position (Address/Latitude, Longitude) and photos (Images/Image/FileName, in the
 * answer's order): https ones, and those on the supplier's own host `sameOrigin` (the sandbox simulator's).
 */
export function contentExtras(h: XNode, sameOrigin?: string): { location?: { lat: number; lng: number }; images?: string[] } {
  const address = node(h.Address);
  const lat = Number.parseFloat(textOf(address.Latitude));
  const lng = Number.parseFloat(textOf(address.Longitude));
  const located = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && (lat !== 0 || lng !== 0);
  const images = nodes(node(h.Images).Image).flatMap((i) => photoUrl(textOf(i.FileName), sameOrigin) ?? []);
  return { ...(located ? { location: { lat, lng } } : {}), ...(images.length ? { images } : {}) };
}
