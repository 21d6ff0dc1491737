import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { connectionCheck } from '../connection-check.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  CheckInDatesInput,
  ConnectionTestResult,
  FlightBookInput,
  FlightBooking,
  FlightFareRule,
  FlightLocation,
  FlightOffer,
  FlightQuote,
  FlightSearchInput,
  FlightSupplier,
  SearchResult,
  SupplierBookingRef,
} from '../types.js';
import { TourVisioClient } from './client.js';
import { type Combo, combineLegs, legsOf, pairRoundTrip, priceOf, singles, toOffer } from './mappers.js';
import {
  type Detail,
  fareRulesOf,
  mapDetail,
  outsideBirthWindow,
  policyOf,
  requirementsOf,
  travellersPayload,
  type WireReservationData,
} from './reservation.js';

export { mapDetail } from './reservation.js';

const S = 'santsg' as const;
/** Spec §9: culture en-US, currency USD, 10 results per page. */
export const TOURVISIO_CULTURE = 'en-US';
export const TOURVISIO_CURRENCY = 'USD';
export const PAGE_SIZE = 10;
const SERVICE_TYPE = { 'one-way': '1', 'round-trip': '2', 'multi-city': '3' } as const;
/** Multi-city: the cheapest combinations kept out of the legs' product. */
const MULTI_CITY_LIMIT = 100;

const location = (l: FlightLocation) => ({ id: l.code.toUpperCase(), type: l.type === 'city' ? 2 : 5 });

/** Ages at travel: 2..11 for children, 0..1 for infants, one per child and infant. */
function agesFit(ages: number[], p: FlightSearchInput['passengers']) {
  if (ages.some((a) => !Number.isInteger(a) || a < 0 || a > 11)) return false;
  return ages.filter((a) => a >= 2).length === p.children && ages.filter((a) => a < 2).length === p.infants;
}

/**
 * Passengers by type with the children's and infants' ages. The documented request samples send
 * `{type, count}`; the replies' passengers carry `ages` (flightproduct.md), so the ages go there
 * (docs/decisions/0235: the request field is our reading of the reply shape).
 */
function passengersOf(input: FlightSearchInput) {
  const p = input.passengers;
  const ages = input.childrenAges;
  return [
    { type: 1, count: p.adults },
    ...(p.children ? [{ type: 2, count: p.children, ...(ages ? { ages: ages.filter((a) => a >= 2) } : {}) }] : []),
    ...(p.infants ? [{ type: 3, count: p.infants, ...(ages ? { ages: ages.filter((a) => a < 2) } : {}) }] : []),
  ];
}
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

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

  /** One documented pricesearch: one way / round trip (CheckIn + Night) or multi-city (CheckIns and locations in leg order). */
  private async priceSearch(input: FlightSearchInput, ctx?: CallContext) {
    const multi = input.serviceType === 'multi-city';
    const [first] = input.legs;
    const back = input.returnDate ?? input.legs[1]?.date;
    const body = await this.client.call<{ searchId?: string; expiresOn?: string; flights?: unknown }>(
      'productservice/pricesearch',
      {
        ProductType: 3,
        ServiceTypes: [SERVICE_TYPE[input.serviceType]],
        ...(multi ? { CheckIns: input.legs.map((l) => l.date) } : { CheckIn: first.date }),
        ...(input.serviceType === 'round-trip' && back ? { Night: days(first.date, back) } : {}),
        DepartureLocations: (multi ? input.legs : [first]).map((l) => location(l.from)),
        ArrivalLocations: (multi ? input.legs : [first]).map((l) => location(l.to)),
        Passengers: passengersOf(input),
        flightClasses: [input.cabin === 'business' ? 2 : input.cabin === 'promo' ? 0 : 1],
        showOnlyNonStopFlight: !!input.nonStopOnly,
        ...(multi || input.serviceType === 'round-trip' ? { supportedFlightReponseListTypes: [3] } : {}),
        calculateFlightFees: true,
        Culture: TOURVISIO_CULTURE,
        Currency: TOURVISIO_CURRENCY,
      },
      { operation: 'flight.search', idempotent: true, ctx },
    );
    return { ...legsOf(body, multi ? 'segmentNumber' : 'route'), searchId: body.searchId ?? '', expiresOn: body.expiresOn ?? null };
  }

  search(input: FlightSearchInput, ctx?: CallContext): Promise<SearchResult<FlightOffer>> {
    const op = 'flight.search';
    return guarded(this.http, S, op, async () => {
      const p = input.passengers;
      if (p.adults < 1 || p.adults + p.children > 9 || p.infants > p.adults) throw invalid(S, op, 'passengers');
      if (!input.legs.length) throw invalid(S, op, 'legs');
      const page = Math.max(1, Math.floor(input.page ?? 1));
      const ages = input.childrenAges;
      if (ages && !agesFit(ages, p)) throw invalid(S, op, 'childrenAges');
      if (input.serviceType === 'round-trip') {
        const back = input.returnDate ?? input.legs[1]?.date;
        if (!back || back <= input.legs[0].date) throw invalid(S, op, 'returnDate');
      }
      if (input.serviceType === 'multi-city' && (input.legs.length < 2 || input.legs.length > 6))
        throw invalid(S, op, 'multi-city needs 2..6 legs');
      // One documented pricesearch whatever the type; a multi-city's legs come back by segmentNumber.
      const r = await this.priceSearch(input, ctx);
      const { searchId } = r;
      const expiresAt = r.expiresOn;
      const dropped = [...r.dropped];
      let combos: Combo[];
      if (input.serviceType === 'one-way') combos = singles(r.legs.get(1) ?? []);
      else if (input.serviceType === 'round-trip') combos = pairRoundTrip(r.legs.get(1) ?? [], r.legs.get(2) ?? []);
      else {
        const perLeg = input.legs.map((_, i) => screenPrices(r.legs.get(i + 1) ?? [], (l) => l.total).kept);
        combos = combineLegs(perLeg, 10, MULTI_CITY_LIMIT);
      }
      const base = { accountId: this.acc.id, serviceType: input.serviceType, passengers: p, childrenAges: ages };
      const screened = screenPrices(combos, (c) => c.total);
      reportDropped(this.http, S, op, [...dropped, ...screened.dropped]);
      const sorted = sortByTotal(screened.kept);
      const size = Math.max(1, Math.min(1000, Math.floor(input.pageSize ?? PAGE_SIZE)));
      const offers = sorted.slice((page - 1) * size, page * size).map((c) => toOffer(c, { ...base, searchId, expiresAt }));
      return { offers, dropped: dropped.length + screened.dropped.length, expiresAt, total: sorted.length };
    });
  }

  /**
   * Pre-reservation: BeginTransaction with every leg's offer id (the request's `offerIds` is a list, so a
   * round trip or multi-city opens one transaction). Answers the transaction and its expiry, the price
   * now (a change is flagged, also when the supplier says so in `additionalFields.priceChanged`), the
   * traveller ids with their required fields and birth-date windows, and the policy.
   */
  quote(offer: FlightOffer, ctx?: CallContext): Promise<FlightQuote> {
    const op = 'flight.quote';
    return guarded(this.http, S, op, async () => {
      const body = await this.client.call<{ transactionId?: string; expiresOn?: string; reservationData?: WireReservationData }>(
        'bookingservice/begintransaction',
        { offerIds: offer.offerIds.map((o) => o.offerId), currency: TOURVISIO_CURRENCY, culture: TOURVISIO_CULTURE },
        // Opening a transaction books nothing (it just expires), so it is retried like a read.
        { operation: op, idempotent: true, ctx },
      );
      const info = body.reservationData?.reservationInfo;
      const total = priceOf(info?.salePrice ?? info?.priceToPay);
      if (!body.transactionId || !total || new Decimal(total.amount).lte(0))
        throw new Error('begintransaction without transaction or price');
      const travellers = body.reservationData?.travellers ?? [];
      const travellerIds = travellers.map((t) => String(t.travellerId ?? '')).filter(Boolean);
      const expected = offer.passengers.adults + offer.passengers.children + offer.passengers.infants;
      if (travellerIds.length !== expected) throw new Error(`begintransaction answered ${travellerIds.length} travellers for ${expected}`);
      const expiresAt = body.expiresOn && !Number.isNaN(Date.parse(body.expiresOn)) ? new Date(body.expiresOn).toISOString() : null;
      return {
        offer,
        total,
        priceChanged: !sameMoney(total, offer.total) || info?.additionalFields?.priceChanged === '1',
        previousTotal: offer.total,
        token: { kind: 'transactionId', value: body.transactionId, expiresAt },
        cancellation: policyOf(body.reservationData?.services),
        travellerIds,
        remarks: [],
        travellerRequirements: requirementsOf(travellers),
        supplierData: { serviceIds: (body.reservationData?.services ?? []).map((x) => String(x.id ?? '')).filter(Boolean) },
      };
    });
  }

  /**
   * Confirmation: SetReservationInfo (travellers by the transaction's ids, our agencyReservationNumber)
   * then CommitTransaction, then the detail. Stops before committing when the transaction expired,
   * a birth date is outside its window, the price to pay went up, or the supplier warns of a
   * duplicate reservation (DuplicateReservationFound, messageType 4) the agent has not accepted.
   */
  book(input: FlightBookInput, ctx?: CallContext): Promise<FlightBooking> {
    const op = 'flight.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!/^[\w-]{1,30}$/.test(input.clientReference)) throw invalid(S, op, 'agencyReservationNumber');
      if (input.travellers.length !== quote.travellerIds.length) throw invalid(S, op, 'one traveller per passenger');
      const outside = outsideBirthWindow(input.travellers, quote.travellerRequirements);
      if (outside.length) throw invalid(S, op, `birthDate outside the window of traveller ${outside.map((i) => i + 1).join(', ')}`);
      if (quote.token.expiresAt && Date.parse(quote.token.expiresAt) <= Date.now())
        throw new SupplierError('SUPPLIER_TOKEN_EXPIRED', { supplier: S, operation: op, detail: 'transaction expired locally' });
      const set = await this.client.callWithMessages<{ reservationData?: WireReservationData }>(
        'bookingservice/setreservationinfo',
        {
          transactionId: quote.token.value,
          travellers: travellersPayload(input, quote, this.acc.settings.nationality),
          reservationNote: input.remarks ?? '',
          agencyReservationNumber: input.clientReference,
        },
        { operation: 'flight.prebook', idempotent: false, ctx },
      );
      const info = set.body.reservationData?.reservationInfo;
      const toPay = priceOf(info?.priceToPay ?? info?.salePrice);
      if (toPay && toPay.currency === quote.total.currency && new Decimal(toPay.amount).gt(quote.total.amount))
        throw new SupplierError('SUPPLIER_PRICE_CHANGED', {
          supplier: S,
          operation: op,
          detail: `${toPay.amount} > ${quote.total.amount}`,
        });
      const duplicate = set.messages.find((m) => m.code === 'DuplicateReservationFound' || m.id === 30000103);
      if (duplicate && !input.acceptDuplicate)
        throw new SupplierError('SUPPLIER_DUPLICATE_RESERVATION', { supplier: S, operation: op, detail: duplicate.code });
      const committed = await this.client.call<{ reservationNumber?: string }>(
        'bookingservice/committransaction',
        { transactionId: quote.token.value },
        { operation: op, idempotent: false, ctx },
      );
      if (!committed.reservationNumber) throw new Error('committransaction without reservationNumber');
      return this.readNumber(committed.reservationNumber, ctx);
    });
  }

  /**
   * GetFareRules (flightservice.md) by the open transaction or the reservation number, once per flight
   * service; `segment.id` "1" as in the samples (which segment ids a multi-segment service takes is
   * not documented). Sections repeated across services are kept once.
   */
  fareRules(of: { quote: FlightQuote } | { ref: SupplierBookingRef }, ctx?: CallContext): Promise<FlightFareRule[]> {
    const op = 'flight.rules';
    return guarded(this.http, S, op, async () => {
      const target = 'quote' in of ? { transactionId: of.quote.token.value } : { reservationNumber: of.ref.locator };
      let serviceIds = 'quote' in of ? ((of.quote.supplierData?.serviceIds as string[] | undefined) ?? []) : [];
      if ('ref' in of) {
        const detail = await this.client.call<Detail>(
          'bookingservice/getreservationdetail',
          { ReservationNumber: of.ref.locator },
          {
            operation: 'flight.read',
            idempotent: true,
            ctx,
          },
        );
        serviceIds = (detail.reservationData?.services ?? []).map((x) => String(x.id ?? '')).filter(Boolean);
      }
      const rules: FlightFareRule[] = [];
      for (const serviceId of serviceIds.length ? serviceIds : ['1']) {
        const body = await this.client.call<{ rules?: unknown }>(
          'flightservice/getfarerules',
          { ...target, serviceId, segment: { id: '1' }, culture: TOURVISIO_CULTURE },
          { operation: op, idempotent: true, ctx },
        );
        for (const r of fareRulesOf(body)) if (!rules.some((x) => x.code === r.code && x.name === r.name)) rules.push(r);
      }
      return rules;
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
