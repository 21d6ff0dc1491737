import type { TransferPointInput } from '@travesia/contracts';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { NON_REFUNDABLE } from '../policies.js';
import { iataPoint, named, pointNotServed } from '../transfer-points.js';
import type {
  Money,
  TransferBookedLeg,
  TransferBooking,
  TransferOffer,
  TransferPoint,
  TransferRequiredField,
  TransferSearchInput,
} from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';
import { mapCancellationPolicy, priceOf, reservationStatus } from './mappers.js';

/**
 * Juniper JP transfer replies to our shapes (docs/decisions/0226). Element names from published client
 * code that calls Juniper's UAT (fixtures/README.md J-T1…J-T3): AvailabilityRS/Results/TransferResult
 * (TransferInfo, TransferOptions/TransferOption/Dates/Date@RatePlanCode/Prices, Origins, Destinations),
 * BookingRulesRS/Results/TransferResult (BookingCode@ExpirationDate, TransferRequiredFields,
 * CancellationPolicy, PriceInformation) and the booking's Reservation/Items/TransferItem.
 */

export const RATE_PLAN_TTL_MS = 30 * 60_000;

/** Our typed point as Juniper locates it: airports by IATA code, every other point by its transfer zone (ZoneList TRF). */
export function juniperTransferPoint(p: TransferPointInput): TransferPoint {
  if (p.type === 'airport') return iataPoint(p);
  if (p.type === 'address' || !p.zone) throw pointNotServed('Juniper');
  return named(p, { type: 'ATLAS', code: p.zone });
}

/** A transfer zone from ZoneList (ProductType TRF): an area, an airport (with its IATA code), a port or a station. */
export interface TransferZone {
  code: string;
  name: string;
  areaType: string;
  parent?: string;
  iata?: string;
}

/** Juniper point types: AIR airport, POR port, EST station, ALO accommodation (guess for all but ALO, decision 0226). */
const POINT_TYPE: Record<string, TransferPoint['type']> = { AIR: 'IATA', POR: 'PORT', EST: 'STATION', ALO: 'ATLAS' };
const pointOf = (n: XNode): TransferPoint => ({
  type: POINT_TYPE[attr(n, 'Type') ?? ''] ?? 'ATLAS',
  code: attr(n, 'Code') ?? '',
  ...(textOf(n.Name) ? { description: textOf(n.Name) } : {}),
});
const isTerminal = (t: string | undefined) => t === 'AIR' || t === 'POR' || t === 'EST';

/** Images of a TransferInfo (Images/Image/FileName). */
const imagesOf = (info: XNode) =>
  nodes(node(info.Images).Image)
    .map((i) => textOf(i.FileName).trim())
    .filter(Boolean)
    .map((url) => ({ url }));

/** Shared shuttles are named so (guess: Juniper has no private/shared flag in the published replies). */
const typeOf = (name: string): 'PRIVATE' | 'SHARED' => (/shared|compartid|shuttle|regular/i.test(name) ? 'SHARED' : 'PRIVATE');

export function mapTransferAvail(
  rs: XNode,
  ctx: { accountId: string; search: TransferSearchInput; leg: 'outbound' | 'return'; at: string },
): { offers: TransferOffer[]; dropped: DroppedOffer[] } {
  const offers: TransferOffer[] = [];
  const dropped: DroppedOffer[] = [];
  const expiresAt = new Date(Date.now() + RATE_PLAN_TTL_MS).toISOString();
  const pax = ctx.search.adults + ctx.search.children;
  for (const result of nodes(node(rs.Results).TransferResult)) {
    const info = node(result.TransferInfo);
    const origin = node(nodes(node(result.Origins).Origin)[0]);
    const destination = node(nodes(node(result.Destinations).Destination)[0]);
    for (const option of nodes(node(result.TransferOptions).TransferOption)) {
      for (const date of nodes(node(option.Dates).Date)) {
        const total = priceOf(date);
        const token = attr(date, 'RatePlanCode');
        if (!total || !token) {
          dropped.push({ reason: 'invalid', detail: `transfer ${attr(result, 'Code')} option ${attr(option, 'Code')}` });
          continue;
        }
        const name = textOf(option.Name) || textOf(info.Name);
        const transferType = typeOf(`${name} ${textOf(option.Description)}`);
        const start = attr(date, 'Start') ?? ctx.at;
        const max = Number(attr(option, 'MaxPax') ?? NaN);
        offers.push({
          supplier: 'juniper',
          accountId: ctx.accountId,
          serviceId: attr(result, 'Code') ?? '',
          direction: isTerminal(attr(origin, 'Type')) ? 'ARRIVAL' : 'DEPARTURE',
          transferType,
          vehicle: name,
          category: textOf(info.Name),
          pickup: {
            from: pointOf(origin),
            to: pointOf(destination),
            date: start.slice(0, 10),
            time: start.length > 10 ? start.slice(11, 19) : ctx.at.slice(11, 19),
          },
          capacity: { min: Number(attr(option, 'MinPax') ?? 1) || 1, max: Number.isFinite(max) ? max : pax },
          total,
          // The policy comes with TransferBookingRules; until then nothing is promised.
          cancellation: NON_REFUNDABLE,
          token: { kind: 'RatePlanCode', value: token, expiresAt },
          search: ctx.search,
          leg: ctx.leg,
          vehicleCode: attr(option, 'Code'),
          images: imagesOf(info),
          remarks: [textOf(option.Description), textOf(info.Description)].map((t) => t.trim()).filter(Boolean),
          priceBasis: transferType === 'SHARED' ? 'person' : 'vehicle',
          supplierData: { transferCode: attr(result, 'Code'), optionCode: attr(option, 'Code'), duration: attr(option, 'Duration') },
        });
      }
    }
  }
  return { offers, dropped };
}

/** What TransferRequiredFields asks for: nodes present in the template booking are required (as for hotels). */
export function requiredTransferFields(result: XNode): TransferRequiredField[] {
  const element = node(node(node(node(result.TransferRequiredFields).TransferBooking).Elements).TransferElement);
  const infos = nodes(node(element.TransfersBookingInfo).TransferBookingInfo);
  const out = new Set<TransferRequiredField>();
  for (const i of infos) {
    for (const end of [node(i.Origin), node(i.Destination)]) {
      if (end.FlightInfo || end.ShipInfo || end.TrainInfo) out.add('transportNumber');
      if (node(end.MeetingPointInfo).Address !== undefined) out.add('pickupAddress');
    }
  }
  const holder = node(nodes(node(node(node(result.TransferRequiredFields).TransferBooking).Paxes).Pax)[0]);
  if (holder.PhoneNumbers !== undefined) out.add('holderPhone');
  if (holder.Email !== undefined) out.add('holderEmail');
  if (holder.Age !== undefined) out.add('paxAges');
  return [...out];
}

export interface TransferRules {
  bookingCode: string;
  expiresAt: string | null;
  total: Money | null;
  cancellation: TransferOffer['cancellation'];
  requiredFields: TransferRequiredField[];
  remarks: string[];
}

export function mapTransferRules(rs: XNode, ctx: { date: string; currency: string; now?: Date }): TransferRules {
  const result = node(nodes(node(rs.Results).TransferResult)[0]);
  const code = node(result.BookingCode);
  const bookingCode = textOf(code).trim();
  if (!bookingCode) throw new Error('BookingRulesRS without BookingCode');
  const expiration = attr(code, 'ExpirationDate');
  const info = node(result.PriceInformation);
  const total = priceOf(info) ?? priceOf(node(nodes(node(info.TransferInfo).Dates)[0]));
  const now = ctx.now ?? new Date();
  return {
    bookingCode,
    expiresAt: expiration && !Number.isNaN(Date.parse(expiration)) ? new Date(expiration).toISOString() : null,
    total,
    cancellation: mapCancellationPolicy(result.CancellationPolicy, {
      checkIn: ctx.date,
      bookingDate: now,
      currency: total?.currency ?? ctx.currency,
      now,
    }),
    requiredFields: requiredTransferFields(result),
    remarks: [textOf(node(info.TransferInfo).Description)].map((t) => t.trim()).filter(Boolean),
  };
}

const transportOf = (end: XNode): TransferBookedLeg['transport'] => {
  const flight = node(end.FlightInfo);
  const number = attr(flight, 'FlightNumber');
  return number ? [{ type: 'FLIGHT', code: number }] : [];
};

function legOf(item: XNode): TransferBookedLeg {
  const info = node(nodes(node(item.TransfersBookingInfo).TransferBookingInfo)[0]);
  const origin = node(info.Origin);
  const destination = node(info.Destination);
  const meeting = node(origin.MeetingPointInfo);
  const start = attr(item, 'Start') ?? '';
  const meetingTime = attr(meeting, 'MeetingTime') ?? attr(node(origin.FlightInfo), 'FlightTime') ?? '';
  const total = priceOf(item);
  const transferInfo = node(item.TransferInfo);
  return {
    serviceId: attr(item, 'ItemId') ?? '',
    direction: isTerminal(attr(origin, 'Type')) ? 'ARRIVAL' : 'DEPARTURE',
    status: attr(item, 'Status') ?? '',
    transferType: textOf(transferInfo.Name) ? typeOf(textOf(transferInfo.Name)) : null,
    vehicle: textOf(transferInfo.Name) || (attr(item, 'Code') ?? ''),
    category: null,
    from: { ...pointOf(origin), code: attr(origin, 'Code') ?? '' },
    to: { ...pointOf(destination), code: attr(destination, 'Code') ?? '' },
    date: start.slice(0, 10),
    time: /T\d\d:\d\d/.test(meetingTime) ? meetingTime.slice(11, 19) : '',
    pickupDetails: Object.keys(meeting).length
      ? {
          description: textOf(meeting.Name) || null,
          address: textOf(meeting.Address) || null,
          town: null,
          zip: textOf(meeting.PostalCode) || null,
          stopName: null,
          latitude: null,
          longitude: null,
          checkPickup: null,
        }
      : null,
    transport: [...transportOf(origin), ...transportOf(destination)].map((t, i) => ({
      ...t,
      direction: i === 0 && isTerminal(attr(origin, 'Type')) ? 'ARRIVAL' : 'DEPARTURE',
    })),
    passengers: null,
    total,
    images: imagesOf(transferInfo),
    remarks: [],
    emergencyPhone: null,
  };
}

/** A BookingRS with a transfer Reservation (one or several TransferItem) to our booking. */
export function mapTransferReservation(rs: XNode, now = new Date()): TransferBooking {
  const r = nodes(node(rs.Reservations).Reservation)[0];
  if (!r) throw new Error('reply without Reservation');
  const locator = attr(r, 'Locator');
  if (!locator) throw new Error('Reservation without Locator');
  const items = nodes(node(r.Items).TransferItem);
  if (!items.length) throw new Error('Reservation without TransferItem');
  const prices = items.map((i) => priceOf(i));
  if (prices.some((p) => !p)) throw new Error('TransferItem without price');
  const currency = (prices[0] as Money).currency;
  if (prices.some((p) => p?.currency !== currency)) throw new Error('TransferItems in several currencies');
  const sum = prices.reduce((s, p) => s + Number((p as Money).amount) * 100, 0);
  const legs = items.map(legOf);
  const holderId = attr(node(node(r.Holder).RelPax), 'IdPax');
  const holderPax = nodes(node(r.Paxes).Pax).find((p) => attr(p, 'IdPax') === holderId);
  const policies = items.map((i) =>
    mapCancellationPolicy(i.CancellationPolicy, {
      checkIn: attr(i, 'Start')?.slice(0, 10) ?? now.toISOString().slice(0, 10),
      bookingDate: now,
      currency,
      now,
    }),
  );
  const itemStatus = items.every((i) => attr(i, 'Status') === 'CA')
    ? 'CA'
    : items.some((i) => attr(i, 'Status') === 'RQ')
      ? 'RQ'
      : attr(items[0], 'Status');
  const amount = parseAmount((sum / 100).toFixed(2));
  if (!amount || !isCurrency(currency)) throw new Error('transfer booking total');
  return {
    supplier: 'juniper',
    kind: 'transfer',
    ref: { locator, extra: { itemIds: items.map((i) => attr(i, 'ItemId') ?? '').join(',') } },
    clientReference: textOf(r.ExternalBookingReference) || null,
    status: reservationStatus(attr(r, 'Status'), itemStatus),
    supplierStatus: `${attr(r, 'Status')}/${itemStatus}`,
    total: money(amount, currency),
    cancellation: {
      refundable: policies.every((p) => p.refundable),
      rules: policies.flatMap((p) => p.rules),
      text:
        policies
          .map((p) => p.text)
          .filter(Boolean)
          .join(' ') || undefined,
    },
    holder: holderPax ? { name: textOf(holderPax.Name), surname: textOf(holderPax.Surname) } : null,
    createdAt: null,
    remarks: nodes(node(r.Comments).Comment)
      .map((c) => textOf(c).trim())
      .filter(Boolean),
    transfers: legs.map((l) => ({ direction: l.direction, vehicle: l.vehicle, date: l.date, time: l.time })),
    legs,
  };
}
