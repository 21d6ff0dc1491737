import { NON_REFUNDABLE } from '../policies.js';
import type {
  CancellationPolicy,
  FlightBookInput,
  FlightBooking,
  FlightFareRule,
  FlightQuote,
  FlightTravellerRequirement,
  Traveller,
} from '../types.js';
import { mapSegment, priceOf, reservationStatus, segmentSchema } from './mappers.js';
import { PASSENGER_TYPE } from './segments.js';

const S = 'santsg' as const;

interface WireTraveller {
  travellerId?: string | number;
  type?: number;
  passengerType?: number;
  name?: string;
  surname?: string;
  isLeader?: boolean;
  birthDateFrom?: string;
  birthDateTo?: string;
  requiredFields?: unknown;
  availableTitles?: { id?: string; name?: string; code?: string }[];
  /** GetReservationDetail: the traveller's services, with the flight's `ticketNo` once issued. */
  services?: { id?: string; ticketNo?: string }[];
}

export interface WireReservationData {
  travellers?: WireTraveller[];
  services?: {
    id?: string;
    segments?: unknown[];
    pnrNo?: string;
    cancellationPolicies?: { beginDate?: string; dueDate?: string; price?: unknown }[];
  }[];
  reservationInfo?: {
    reservationStatus?: number;
    confirmationStatus?: number;
    paymentStatus?: number;
    agencyReservationNumber?: string;
    salePrice?: unknown;
    priceToPay?: unknown;
    createDate?: string;
    pnrNo?: string;
    additionalFields?: { priceChanged?: string };
  };
}

export interface Detail {
  reservationNumber?: string;
  reservationData?: WireReservationData;
}

export function policyOf(services: WireReservationData['services']): CancellationPolicy {
  const rules = (services ?? []).flatMap((s) =>
    (s.cancellationPolicies ?? []).flatMap((p) => {
      const price = priceOf(p.price);
      return price && p.beginDate && !Number.isNaN(Date.parse(p.beginDate))
        ? [{ from: p.beginDate, amount: price.amount, currency: price.currency }]
        : [];
    }),
  );
  if (!rules.length) return NON_REFUNDABLE;
  return { refundable: false, rules };
}

/** `0001-01-01…` is TourVisio's empty date; a window bound is the calendar day as sent (local). */
const day = (d: string | undefined) => (d && /^\d{4}-\d{2}-\d{2}/.test(d) && !d.startsWith('0001') ? d.slice(0, 10) : null);

/** BeginTransaction's travellers: what each must fill in (`requiredFields`) and the birth dates allowed. */
export function requirementsOf(travellers: WireTraveller[]): FlightTravellerRequirement[] {
  return travellers.map((t) => ({
    travellerId: String(t.travellerId ?? ''),
    type: PASSENGER_TYPE[t.passengerType ?? t.type ?? 1] ?? 'adult',
    requiredFields: Array.isArray(t.requiredFields)
      ? t.requiredFields.filter((f): f is string => typeof f === 'string').map((f) => f.toLowerCase())
      : [],
    birthDateFrom: day(t.birthDateFrom),
    birthDateTo: day(t.birthDateTo),
    titles: (t.availableTitles ?? []).map((x) => x.name ?? x.code ?? '').filter(Boolean),
  }));
}

/** Travellers whose birth date falls outside the window the supplier gave for them. */
export function outsideBirthWindow(travellers: Traveller[], reqs: FlightTravellerRequirement[] | undefined): number[] {
  if (!reqs?.length) return [];
  return travellers.flatMap((t, i) => {
    const r = reqs[i];
    const b = t.birthDate?.slice(0, 10);
    if (!r || !b) return [];
    return (r.birthDateFrom && b < r.birthDateFrom) || (r.birthDateTo && b > r.birthDateTo) ? [i] : [];
  });
}

const PASSENGER_CODE = { adult: 1, child: 2, infant: 3 } as const;
const TITLE = { Mr: 1, Ms: 2, Mrs: 3, Miss: 4 } as const;

/** SetReservationInfo travellers (booking.md request sample), bound to the transaction's traveller ids. */
export function travellersPayload(input: FlightBookInput, quote: FlightQuote, nationality: string | undefined) {
  return input.travellers.map((t, i) => ({
    travellerId: quote.travellerIds[i],
    type: PASSENGER_CODE[t.type],
    passengerType: PASSENGER_CODE[t.type],
    title: TITLE[t.title ?? (t.gender === 'F' ? 'Ms' : 'Mr')],
    name: t.name,
    surname: t.surname,
    isLeader: i === 0,
    birthDate: t.birthDate,
    nationality: { twoLetterCode: t.nationality ?? input.holder.nationality ?? nationality },
    ...(t.passport
      ? {
          passportInfo: {
            ...(t.passport.serial ? { serial: t.passport.serial } : {}),
            number: t.passport.number,
            expireDate: t.passport.expireDate,
            issueDate: t.passport.issueDate,
            citizenshipCountryCode: t.passport.citizenshipCountryCode,
          },
        }
      : {}),
    ...(i === 0
      ? {
          address: {
            email: input.holder.email,
            contactPhone: input.holder.phone ? { phoneNumber: input.holder.phone } : undefined,
          },
        }
      : {}),
    orderNumber: i + 1,
    gender: t.gender === 'F' ? 0 : 1,
  }));
}

/** Ticket numbers from the detail's travellers (`services[].ticketNo`, booking.md GetReservationDetail). */
function ticketsOf(travellers: WireTraveller[]): NonNullable<FlightBooking['tickets']> {
  return travellers.flatMap((t) =>
    [...new Set((t.services ?? []).map((s) => s.ticketNo).filter((n): n is string => !!n))].map((ticketNumber) => ({
      travellerId: t.travellerId === undefined ? null : String(t.travellerId),
      name: t.name ?? '',
      surname: t.surname ?? '',
      ticketNumber,
    })),
  );
}

export function mapDetail(body: Detail): FlightBooking {
  const info = body.reservationData?.reservationInfo;
  if (!body.reservationNumber || !info) throw new Error('reservation detail without number or info');
  const total = priceOf(info.salePrice ?? info.priceToPay);
  if (!total) throw new Error('reservation detail without price');
  const travellers = body.reservationData?.travellers ?? [];
  const leader = travellers.find((t) => t.isLeader) ?? travellers[0];
  const services = body.reservationData?.services ?? [];
  const segments = services.flatMap((s) =>
    (s.segments ?? []).flatMap((x) => {
      const parsed = segmentSchema.safeParse(x);
      return parsed.success ? [mapSegment(parsed.data)] : [];
    }),
  );
  return {
    supplier: S,
    kind: 'flight',
    ref: { locator: body.reservationNumber },
    clientReference: info.agencyReservationNumber || null,
    status: reservationStatus(info.reservationStatus, info.confirmationStatus),
    supplierStatus: `${info.reservationStatus}/${info.confirmationStatus}`,
    total,
    cancellation: policyOf(services),
    holder: leader?.name ? { name: leader.name, surname: leader.surname ?? '' } : null,
    createdAt: info.createDate ?? null,
    remarks: [],
    segments,
    paymentStatus: info.paymentStatus === 4 ? 'paid' : info.paymentStatus === 2 ? 'unpaid' : 'unknown',
    pnr: info.pnrNo || services.find((s) => s.pnrNo)?.pnrNo || null,
    tickets: ticketsOf(travellers),
  };
}

/** GetFareRules body `rules[{code, name, texts[]}]` (flightservice.md). */
export function fareRulesOf(body: { rules?: unknown }): FlightFareRule[] {
  if (!Array.isArray(body.rules)) throw new Error('getfarerules without rules');
  return body.rules.flatMap((r: { code?: unknown; name?: unknown; texts?: unknown }) =>
    typeof r?.name === 'string'
      ? [
          {
            code: typeof r.code === 'string' ? r.code : '',
            name: r.name,
            text: Array.isArray(r.texts) ? r.texts.filter((t): t is string => typeof t === 'string') : [],
          },
        ]
      : [],
  );
}
