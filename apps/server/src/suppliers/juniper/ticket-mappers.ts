import type { DroppedOffer } from '../offer-screen.js';
import { NON_REFUNDABLE } from '../policies.js';
import type { TicketBooking, TicketOffer, TicketPickupPoint, TicketQuestion, TicketSession } from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';
import { mapCancellationPolicy, priceOf, reservationStatus } from './mappers.js';

/**
 * Juniper JP ticket (service) replies to our shapes. Element names are the JP WSDL's (JAXB classes
 * generated from it, docs/decisions/0216): ServiceAvail answers `AvailabilityRS/Results/ServiceResult
 * [@Code,@DestinationZone,@Status]` with `ServiceInfo{Name,Description,Images/Image}` and
 * `ServiceOptions/ServiceOption[@Code]{Name,Description,Dates/Date[@Start,@End,@RatePlanCode]{Prices},
 * RestrictedMeetingPoints/MeetingPoint[@Code,@Time,@Address,@Latitude,@Longitude]{Name}}`.
 * A day's Dates with distinct start times are its sessions, each with its own RatePlanCode.
 */

export const RATE_PLAN_TTL_MS = 30 * 60_000;

export interface ServiceSearchCtx {
  accountId: string;
  from: string;
  to: string;
  paxAges: number[];
  currency: string;
}

/** 'HH:mm' of a JP dateTime ('2030-06-15T09:00:00'), or null for a whole-day date. */
function timeOf(start: string | undefined): string | null {
  const m = /T(\d{2}):(\d{2})/.exec(start ?? '');
  if (!m || (m[1] === '00' && m[2] === '00')) return null;
  return `${m[1]}:${m[2]}`;
}

export function meetingPoints(option: XNode): TicketPickupPoint[] {
  return nodes(node(option.RestrictedMeetingPoints).MeetingPoint).flatMap((p) => {
    const code = attr(p, 'Code');
    if (!code) return [];
    const lat = Number(attr(p, 'Latitude'));
    const lng = Number(attr(p, 'Longitude'));
    const time = attr(p, 'Time');
    return [
      {
        code,
        name: textOf(p.Name) || code,
        ...(time ? { time: time.slice(0, 5) } : {}),
        ...(attr(p, 'Address') ? { address: attr(p, 'Address') } : {}),
        ...(Number.isFinite(lat) && Number.isFinite(lng) && attr(p, 'Latitude') ? { location: { lat, lng } } : {}),
      },
    ];
  });
}

/** Image URLs or file names: `Images/Image` is text under a ServiceOption, `Image[@Featured]/FileName` under ServiceInfo. */
function imagesOf(parent: XNode): string[] {
  const raw = node(parent.Images).Image;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((img) => (typeof img === 'string' ? img : textOf(node(img).FileName) || textOf(img)).trim()).filter(Boolean);
}

/** The chosen day's Dates: sessions (code = 'HH:mm') and their RatePlanCodes, first one cheapest-first order kept. */
function sessionsOf(option: XNode, day: string) {
  const dates = nodes(node(option.Dates).Date).filter((d) => (attr(d, 'Start') ?? '').slice(0, 10) === day && attr(d, 'RatePlanCode'));
  const plans: Record<string, string> = {};
  const sessions: TicketSession[] = [];
  for (const d of dates) {
    const time = timeOf(attr(d, 'Start'));
    if (!time || plans[time]) continue;
    plans[time] = attr(d, 'RatePlanCode') as string;
    sessions.push({ code: time, name: time });
  }
  return { dates, sessions, plans };
}

export function mapServiceAvail(rs: XNode, ctx: ServiceSearchCtx): { offers: TicketOffer[]; dropped: DroppedOffer[] } {
  const offers: TicketOffer[] = [];
  const dropped: DroppedOffer[] = [];
  const expiresAt = new Date(Date.now() + RATE_PLAN_TTL_MS).toISOString();
  for (const result of nodes(node(rs.Results).ServiceResult)) {
    const code = attr(result, 'Code');
    const info = node(result.ServiceInfo);
    const name = textOf(info.Name);
    if (!code || !name) {
      dropped.push({ reason: 'invalid', detail: `service without code or name: ${code}` });
      continue;
    }
    const images = imagesOf(info);
    for (const option of nodes(node(result.ServiceOptions).ServiceOption)) {
      const { dates, sessions, plans } = sessionsOf(option, ctx.from);
      const first = dates[0];
      const total = first ? priceOf(first) : null;
      const ratePlanCode = first ? attr(first, 'RatePlanCode') : undefined;
      if (!first || !total || !ratePlanCode) {
        dropped.push({ reason: 'invalid', detail: `${code}/${attr(option, 'Code')}: no priced date on ${ctx.from}` });
        continue;
      }
      const description = textOf(option.Description) || textOf(info.Description);
      offers.push({
        supplier: 'juniper',
        accountId: ctx.accountId,
        activity: { code, name },
        modality: { code: attr(option, 'Code') ?? code, name: textOf(option.Name) || name },
        from: ctx.from,
        to: ctx.to,
        paxAges: ctx.paxAges,
        total,
        // Avail gives no policy: none is assumed until the booking rules give it (never "free").
        cancellation: NON_REFUNDABLE,
        token: { kind: 'RatePlanCode', value: ratePlanCode, expiresAt },
        supplierData: {
          serviceCode: code,
          zone: attr(result, 'DestinationZone'),
          currency: ctx.currency,
          ratePlanCode,
          sessionPlans: plans,
          session: sessions[0]?.code ?? null,
        },
        availability: attr(result, 'Status') === 'RQ' ? 'on-request' : 'available',
        sessions,
        languages: [],
        pickupPoints: meetingPoints(option),
        questions: [],
        ...(description ? { content: { description, inclusions: [], exclusions: [], importantInfo: [] } } : {}),
        ...(images.length ? { images } : {}),
      });
    }
  }
  return { offers, dropped };
}

/** The ServiceResult of a BookingRulesRS (`Results/ServiceResult`, JP_ServiceBookingRules). */
export function ruleResult(rs: XNode): XNode {
  const result = nodes(node(rs.Results).ServiceResult)[0];
  if (!result) throw new Error('reply without ServiceResult');
  return result;
}

/**
 * ServiceRequiredFields mirrors the ServiceBooking request: the Paxes' element names per IdPax and the
 * ServiceBookingInfo parts asked for (a hotel to pick up from, flight details). The latter become
 * questions, answered into the booking's ServiceBookingInfo.
 */
export function serviceRequirements(result: XNode): { paxFields: Record<string, string[]>; questions: TicketQuestion[] } {
  const booking = node(node(result.ServiceRequiredFields).ServiceBooking);
  const paxFields: Record<string, string[]> = {};
  for (const p of nodes(node(booking.Paxes).Pax)) {
    const id = attr(p, 'IdPax');
    if (id) paxFields[id] = Object.keys(p).filter((k) => !k.startsWith('@') && k !== '#text');
  }
  const info = node(node(node(node(booking.Elements).ServiceElement).ServiceBookingInfo));
  const questions: TicketQuestion[] = [];
  if (info.HotelService !== undefined) questions.push({ code: 'HotelService', text: 'Hotel name (pickup)', required: true });
  if (info.FlightInfoOrigin !== undefined)
    questions.push({ code: 'FlightInfoOrigin', text: 'Arrival flight number and time', required: true });
  return { paxFields, questions };
}

export function mapServiceCancellation(result: XNode, day: string, currency: string, now = new Date()) {
  return mapCancellationPolicy(result.CancellationPolicy, { checkIn: day, bookingDate: now, currency, now });
}

/** A BookingRS holding a ServiceItem to our ticket booking. */
export function mapServiceReservation(rs: XNode, now = new Date()): TicketBooking {
  const r = nodes(node(rs.Reservations).Reservation)[0];
  if (!r) throw new Error('reply without Reservation');
  const locator = attr(r, 'Locator');
  if (!locator) throw new Error('Reservation without Locator');
  const item = nodes(node(r.Items).ServiceItem)[0];
  if (!item) throw new Error('Reservation without ServiceItem');
  const total = priceOf(item);
  if (!total) throw new Error('ServiceItem without price');
  const start = attr(item, 'Start') ?? null;
  const holderId = attr(node(node(r.Holder).RelPax), 'IdPax');
  const paxes = nodes(node(r.Paxes).Pax);
  const holderPax = paxes.find((p) => attr(p, 'IdPax') === holderId);
  const option = nodes(node(item.ServiceOptions).ServiceOption)[0];
  const time = timeOf(option ? attr(option, 'Start') : undefined);
  const meeting = option ? meetingPoints(option)[0] : undefined;
  return {
    supplier: 'juniper',
    kind: 'ticket',
    ref: { locator, extra: { itemId: attr(item, 'ItemId') ?? '1' } },
    clientReference: textOf(r.ExternalBookingReference) || null,
    status: reservationStatus(attr(r, 'Status'), attr(item, 'Status')),
    supplierStatus: `${attr(r, 'Status')}/${attr(item, 'Status')}`,
    total,
    cancellation: start ? mapServiceCancellation(item, start.slice(0, 10), total.currency, now) : NON_REFUNDABLE,
    holder: holderPax ? { name: textOf(holderPax.Name), surname: textOf(holderPax.Surname) } : null,
    createdAt: null,
    remarks: [],
    activity: { code: attr(item, 'Code') ?? '', name: textOf(node(item.ServiceInfo).Name) },
    from: start ? start.slice(0, 10) : null,
    to: attr(item, 'End')?.slice(0, 10) ?? null,
    modality: option ? { code: attr(option, 'Code') ?? '', name: textOf(option.Name) } : null,
    session: time ? { code: time, name: time } : null,
    language: null,
    pickupPoint: meeting ?? null,
    supplierVouchers: [],
    paxes: paxes.map((p) => ({
      name: textOf(p.Name),
      surname: textOf(p.Surname),
      ...(textOf(p.Age) ? { age: Number(textOf(p.Age)) } : {}),
      type: Number(textOf(p.Age) || 30) >= 12 ? 'ADULT' : 'CHILD',
    })),
  };
}

/** Whether a ReadBooking reply holds a service (ticket): the booking list also lists hotel bookings. */
export function hasServiceItems(rs: XNode): boolean {
  const reservation = nodes(node(rs.Reservations).Reservation)[0] as XNode | undefined;
  return nodes(node(reservation?.Items).ServiceItem).length > 0;
}
