import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { connectionCheck } from '../connection-check.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { sameMoney } from '../money.js';
import { reportDropped, screenPrices } from '../offer-screen.js';
import { NON_REFUNDABLE } from '../policies.js';
import type {
  CallContext,
  CancellationPolicy,
  CancelResult,
  CheckInDatesInput,
  ConnectionTestResult,
  FlightBookInput,
  FlightBooking,
  FlightLocation,
  FlightOffer,
  FlightQuote,
  FlightSearchInput,
  FlightSupplier,
  SearchResult,
  SupplierBookingRef,
} from '../types.js';
import { TourVisioClient } from './client.js';
import { combineLegs, legsOf, mapSegment, pairRoundTrip, priceOf, reservationStatus, segmentSchema, toOffer } from './mappers.js';

const S = 'santsg' as const;
/** Spec §9: culture en-US, currency USD, 10 results per page. */
export const TOURVISIO_CULTURE = 'en-US';
export const TOURVISIO_CURRENCY = 'USD';
export const PAGE_SIZE = 10;
const SERVICE_TYPE = { 'one-way': '1', 'round-trip': '2', 'multi-city': '3' } as const;
/** Multi-city: the cheapest combinations kept out of the legs' product. */
const MULTI_CITY_LIMIT = 100;

const location = (l: FlightLocation) => ({ id: l.code.toUpperCase(), type: l.type === 'city' ? 2 : 5 });
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

interface Detail {
  reservationNumber?: string;
  reservationData?: {
    travellers?: { name?: string; surname?: string; isLeader?: boolean }[];
    services?: { segments?: unknown[]; cancellationPolicies?: { beginDate?: string; dueDate?: string; price?: unknown }[] }[];
    reservationInfo?: {
      reservationStatus?: number;
      confirmationStatus?: number;
      paymentStatus?: number;
      agencyReservationNumber?: string;
      salePrice?: unknown;
      priceToPay?: unknown;
      createDate?: string;
    };
  };
}

function policyOf(services: { cancellationPolicies?: { beginDate?: string; price?: unknown }[] }[] | undefined): CancellationPolicy {
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

export function mapDetail(body: Detail): FlightBooking {
  const info = body.reservationData?.reservationInfo;
  if (!body.reservationNumber || !info) throw new Error('reservation detail without number or info');
  const total = priceOf(info.salePrice ?? info.priceToPay);
  if (!total) throw new Error('reservation detail without price');
  const leader = body.reservationData?.travellers?.find((t) => t.isLeader) ?? body.reservationData?.travellers?.[0];
  const segments = (body.reservationData?.services ?? []).flatMap((s) =>
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
    cancellation: policyOf(body.reservationData?.services),
    holder: leader?.name ? { name: leader.name, surname: leader.surname ?? '' } : null,
    createdAt: info.createDate ?? null,
    remarks: [],
    segments,
    paymentStatus: info.paymentStatus === 4 ? 'paid' : info.paymentStatus === 2 ? 'unpaid' : 'unknown',
  };
}

/**
 * SAN TSG TourVisio flights: pricesearch (one-way, round trip paired by groupKeys, multi-city in one
 * serviceTypes-3 search) → begintransaction (quote, ~20 min) → setreservationinfo + committransaction (book)
 * → getreservationdetail; getreservationlist by date criteria (then our agencyReservationNumber); getcancellationpenalty + cancelreservation.
 */
export class TourVisioFlightAdapter implements FlightSupplier {
  readonly supplier = S;
  readonly kind = 'flight' as const;
  readonly account: { id: string; name: string };
  private readonly client: TourVisioClient;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new TourVisioClient(http, acc);
  }

  checkInDates(input: CheckInDatesInput, ctx?: CallContext): Promise<string[]> {
    const op = 'flight.checkin-dates';
    return guarded(this.http, S, op, async () => {
      const body = await this.client.call<{ dates?: unknown }>(
        'productservice/getcheckindates',
        {
          ProductType: 3,
          ServiceType: SERVICE_TYPE[input.serviceType],
          DepartureLocations: [location(input.from)],
          ArrivalLocations: [location(input.to)],
        },
        { operation: op, idempotent: true, ctx },
      );
      if (!Array.isArray(body.dates)) throw new Error('getcheckindates without dates');
      return body.dates.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d)).map((d) => d.slice(0, 10));
    });
  }

  private async priceSearch(
    serviceType: '1' | '2',
    from: FlightLocation,
    to: FlightLocation,
    date: string,
    night: number | undefined,
    input: FlightSearchInput,
    ctx?: CallContext,
  ) {
    const p = input.passengers;
    const body = await this.client.call<{ searchId?: string; expiresOn?: string; flights?: unknown }>(
      'productservice/pricesearch',
      {
        ProductType: 3,
        ServiceTypes: [serviceType],
        CheckIn: date,
        ...(night ? { Night: night } : {}),
        DepartureLocations: [location(from)],
        ArrivalLocations: [location(to)],
        Passengers: [
          { type: 1, count: p.adults },
          ...(p.children ? [{ type: 2, count: p.children }] : []),
          ...(p.infants ? [{ type: 3, count: p.infants }] : []),
        ],
        flightClasses: [input.cabin === 'business' ? 2 : input.cabin === 'promo' ? 0 : 1],
        showOnlyNonStopFlight: !!input.nonStopOnly,
        calculateFlightFees: true,
        Culture: TOURVISIO_CULTURE,
        Currency: TOURVISIO_CURRENCY,
      },
      { operation: 'flight.search', idempotent: true, ctx },
    );
    return { ...legsOf(body), searchId: body.searchId ?? '', expiresOn: body.expiresOn ?? null };
  }

  private async multiCitySearch(input: FlightSearchInput, ctx?: CallContext) {
    const p = input.passengers;
    const body = await this.client.call<{ searchId?: string; expiresOn?: string; flights?: unknown }>(
      'productservice/pricesearch',
      {
        ProductType: 3,
        ServiceTypes: ['3'],
        CheckIns: input.legs.map((l) => l.date),
        DepartureLocations: input.legs.map((l) => location(l.from)),
        ArrivalLocations: input.legs.map((l) => location(l.to)),
        Passengers: [
          { type: 1, count: p.adults },
          ...(p.children ? [{ type: 2, count: p.children }] : []),
          ...(p.infants ? [{ type: 3, count: p.infants }] : []),
        ],
        flightClasses: [input.cabin === 'business' ? 2 : input.cabin === 'promo' ? 0 : 1],
        showOnlyNonStopFlight: !!input.nonStopOnly,
        supportedFlightReponseListTypes: [3],
        calculateFlightFees: true,
        Culture: TOURVISIO_CULTURE,
        Currency: TOURVISIO_CURRENCY,
      },
      { operation: 'flight.search', idempotent: true, ctx },
    );
    return { ...legsOf(body, 'segmentNumber'), searchId: body.searchId ?? '', expiresOn: body.expiresOn ?? null };
  }

  search(input: FlightSearchInput, ctx?: CallContext): Promise<SearchResult<FlightOffer>> {
    const op = 'flight.search';
    return guarded(this.http, S, op, async () => {
      const p = input.passengers;
      if (p.adults < 1 || p.adults + p.children > 9 || p.infants > p.adults) throw invalid(S, op, 'passengers');
      if (!input.legs.length) throw invalid(S, op, 'legs');
      const page = Math.max(1, Math.floor(input.page ?? 1));
      const base = { accountId: this.acc.id, serviceType: input.serviceType, passengers: p };
      let combos: Parameters<typeof toOffer>[0][] = [];
      const dropped = [];
      let searchId = '';
      let expiresAt: string | null = null;
      if (input.serviceType === 'one-way') {
        const leg = input.legs[0];
        const r = await this.priceSearch('1', leg.from, leg.to, leg.date, undefined, input, ctx);
        dropped.push(...r.dropped);
        searchId = r.searchId;
        expiresAt = r.expiresOn;
        combos = (r.legs.get(1) ?? []).map((l) => ({
          segments: l.segments,
          offerIds: [{ groupKey: null, offerId: l.offerId }],
          total: l.total,
          isPackageOffer: l.isPackageOffer,
        }));
      } else if (input.serviceType === 'round-trip') {
        const leg = input.legs[0];
        const back = input.returnDate ?? input.legs[1]?.date;
        if (!back || back <= leg.date) throw invalid(S, op, 'returnDate');
        const r = await this.priceSearch('2', leg.from, leg.to, leg.date, days(leg.date, back), input, ctx);
        dropped.push(...r.dropped);
        searchId = r.searchId;
        expiresAt = r.expiresOn;
        combos = pairRoundTrip(r.legs.get(1) ?? [], r.legs.get(2) ?? []);
      } else {
        if (input.legs.length < 2 || input.legs.length > 6) throw invalid(S, op, 'multi-city needs 2..6 legs');
        // One documented multicity search (serviceTypes 3, locations and check-ins in leg order); the
        // legs come back by the items' segmentNumber.
        const r = await this.multiCitySearch(input, ctx);
        dropped.push(...r.dropped);
        searchId = r.searchId;
        expiresAt = r.expiresOn;
        const perLeg = input.legs.map((_, i) => screenPrices(r.legs.get(i + 1) ?? [], (l) => l.total).kept);
        combos = combineLegs(perLeg, 10, MULTI_CITY_LIMIT);
      }
      const screened = screenPrices(combos, (c) => c.total);
      reportDropped(this.http, S, op, [...dropped, ...screened.dropped]);
      const sorted = screened.kept.sort((a, b) => new Decimal(a.total.amount).comparedTo(b.total.amount));
      const offers = sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((c) => toOffer(c, { ...base, searchId, expiresAt }));
      return { offers, dropped: dropped.length + screened.dropped.length, expiresAt, total: sorted.length };
    });
  }

  quote(offer: FlightOffer, ctx?: CallContext): Promise<FlightQuote> {
    const op = 'flight.quote';
    return guarded(this.http, S, op, async () => {
      const body = await this.client.call<{
        transactionId?: string;
        expiresOn?: string;
        reservationData?: {
          travellers?: { travellerId?: string }[];
          services?: { cancellationPolicies?: { beginDate?: string; price?: unknown }[] }[];
          reservationInfo?: { priceToPay?: unknown; salePrice?: unknown };
        };
      }>(
        'bookingservice/begintransaction',
        { offerIds: offer.offerIds.map((o) => o.offerId), currency: TOURVISIO_CURRENCY, culture: TOURVISIO_CULTURE },
        // Opening a transaction books nothing (it just expires), so it is retried like a read.
        { operation: op, idempotent: true, ctx },
      );
      const total = priceOf(body.reservationData?.reservationInfo?.salePrice ?? body.reservationData?.reservationInfo?.priceToPay);
      if (!body.transactionId || !total || new Decimal(total.amount).lte(0))
        throw new Error('begintransaction without transaction or price');
      const travellerIds = (body.reservationData?.travellers ?? []).map((t) => String(t.travellerId ?? '')).filter(Boolean);
      const expected = offer.passengers.adults + offer.passengers.children + offer.passengers.infants;
      if (travellerIds.length !== expected) throw new Error(`begintransaction answered ${travellerIds.length} travellers for ${expected}`);
      return {
        offer,
        total,
        priceChanged: !sameMoney(total, offer.total),
        previousTotal: offer.total,
        token: {
          kind: 'transactionId',
          value: body.transactionId,
          expiresAt: body.expiresOn && !Number.isNaN(Date.parse(body.expiresOn)) ? new Date(body.expiresOn).toISOString() : null,
        },
        cancellation: policyOf(body.reservationData?.services),
        travellerIds,
        remarks: [],
      };
    });
  }

  book(input: FlightBookInput, ctx?: CallContext): Promise<FlightBooking> {
    const op = 'flight.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!/^[\w-]{1,30}$/.test(input.clientReference)) throw invalid(S, op, 'agencyReservationNumber');
      if (input.travellers.length !== quote.travellerIds.length) throw invalid(S, op, 'one traveller per passenger');
      if (quote.token.expiresAt && Date.parse(quote.token.expiresAt) <= Date.now())
        throw new SupplierError('SUPPLIER_TOKEN_EXPIRED', { supplier: S, operation: op, detail: 'transaction expired locally' });
      const passengerType = { adult: 1, child: 2, infant: 3 } as const;
      const title = { Mr: 1, Ms: 2, Mrs: 3, Miss: 4 } as const;
      const set = await this.client.call<{ reservationData?: { reservationInfo?: { priceToPay?: unknown; salePrice?: unknown } } }>(
        'bookingservice/setreservationinfo',
        {
          transactionId: quote.token.value,
          travellers: input.travellers.map((t, i) => ({
            travellerId: quote.travellerIds[i],
            type: passengerType[t.type],
            passengerType: passengerType[t.type],
            title: title[t.title ?? (t.gender === 'F' ? 'Ms' : 'Mr')],
            name: t.name,
            surname: t.surname,
            isLeader: i === 0,
            birthDate: t.birthDate,
            nationality: { twoLetterCode: t.nationality ?? input.holder.nationality ?? this.acc.settings.nationality },
            ...(t.passport
              ? {
                  passportInfo: {
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
            gender: t.gender === 'F' ? 0 : 1,
          })),
          reservationNote: input.remarks ?? '',
          agencyReservationNumber: input.clientReference,
        },
        { operation: 'flight.prebook', idempotent: false, ctx },
      );
      const toPay = priceOf(set.reservationData?.reservationInfo?.priceToPay ?? set.reservationData?.reservationInfo?.salePrice);
      if (toPay && toPay.currency === quote.total.currency && new Decimal(toPay.amount).gt(quote.total.amount))
        throw new SupplierError('SUPPLIER_PRICE_CHANGED', {
          supplier: S,
          operation: op,
          detail: `${toPay.amount} > ${quote.total.amount}`,
        });
      const committed = await this.client.call<{ reservationNumber?: string }>(
        'bookingservice/committransaction',
        { transactionId: quote.token.value },
        { operation: op, idempotent: false, ctx },
      );
      if (!committed.reservationNumber) throw new Error('committransaction without reservationNumber');
      return this.readNumber(committed.reservationNumber, ctx);
    });
  }

  private async readNumber(reservationNumber: string, ctx?: CallContext) {
    const body = await this.client.call<Detail>(
      'bookingservice/getreservationdetail',
      { ReservationNumber: reservationNumber },
      { operation: 'flight.read', idempotent: true, ctx },
    );
    return mapDetail(body);
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<FlightBooking> {
    return guarded(this.http, S, 'flight.read', () => this.readNumber(ref.locator, ctx));
  }

  /**
   * Documented look-up: getreservationlist with its date criteria (`dateCriterias[{type,from,to}]`;
   * type 1 = REGISTER in the documented enumeration), over yesterday..tomorrow
   * around the booking attempt; a hit on our agencyReservationNumber is then read in detail. Items
   * without the number are read one by one (at most 20).
   */
  findByClientReference(clientReference: string, _hint: { from: string; to: string }, ctx?: CallContext): Promise<FlightBooking | null> {
    const op = 'flight.list';
    return guarded(this.http, S, op, async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const body = await this.client.call<{ reservations?: { reservationNumber?: string; agencyReservationNumber?: string }[] }>(
        'bookingservice/getreservationlist',
        { culture: 'en-US', dateCriterias: [{ type: 1, from: day(-1), to: day(1) }] },
        { operation: op, idempotent: true, ctx },
      );
      if (body.reservations !== undefined && !Array.isArray(body.reservations)) throw new Error('reservations is not a list');
      const list = (body.reservations ?? []).filter((r) => r.reservationNumber);
      const hit = list.find((r) => r.agencyReservationNumber === clientReference);
      if (hit?.reservationNumber) return this.readNumber(hit.reservationNumber, ctx);
      for (const r of list.filter((x) => x.agencyReservationNumber === undefined).slice(0, 20)) {
        const booking = await this.readNumber(r.reservationNumber as string, ctx);
        if (booking.clientReference === clientReference) return booking;
      }
      return null;
    });
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'flight.cancel-simulation' : 'flight.cancel';
    return guarded(this.http, S, op, async () => {
      const pen = await this.client.call<{
        cancelPenalties?: { reason?: { id?: string }; services?: { isCancelable?: boolean }[]; price?: unknown }[];
      }>(
        'bookingservice/getcancellationpenalty',
        { reservationNumber: ref.locator },
        { operation: 'flight.cancel-simulation', idempotent: true, ctx },
      );
      const first = pen.cancelPenalties?.[0];
      if (!first?.reason?.id) throw new Error('getcancellationpenalty without a reason');
      if (first.services?.some((s) => s.isCancelable === false))
        throw new SupplierError('SUPPLIER_NOT_CANCELLABLE', { supplier: S, operation: op, detail: 'isCancelable false' });
      const penalty = priceOf(first.price);
      if (opts.simulate)
        return { simulated: true, status: 'confirmed', penalty, penaltyKnown: penalty !== null, cancellationReference: null };
      const res = await this.client.call<{ reservationStatus?: number }>(
        'bookingservice/cancelreservation',
        { reservationNumber: ref.locator, reason: first.reason.id },
        { operation: op, idempotent: false, ctx },
      );
      if (res.reservationStatus !== 2 && res.reservationStatus !== 3)
        throw new SupplierError('SUPPLIER_REJECTED', { supplier: S, operation: op, detail: `reservationStatus ${res.reservationStatus}` });
      return { simulated: false, status: 'cancelled', penalty, penaltyKnown: penalty !== null, cancellationReference: null };
    });
  }
}

export async function testTourVisioConnection(
  http: SupplierHttp,
  account: ResolvedProviderAccount,
  ctx?: CallContext,
): Promise<ConnectionTestResult> {
  const client = new TourVisioClient(http, account);
  const check = await connectionCheck('flight', () => client.login(ctx, true));
  return { ok: check.ok, checks: [check] };
}
