import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { money, sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  Money,
  SearchResult,
  SupplierBookingRef,
  TransferBookInput,
  TransferBooking,
  TransferBookLeg,
  TransferOffer,
  TransferQuote,
  TransferSearchInput,
  TransferSupplier,
} from '../types.js';
import { HotelbedsClient } from './client.js';
import { cancellationCharge, hotelbedsTransferPoint, mapServices, mapTransferBooking } from './transfer-mappers.js';

export { mapServices, mapTransferBooking } from './transfer-mappers.js';

const S = 'hotelbeds' as const;
/** Points where passengers arrive or leave on a flight, ship or train: the leg needs its transport details. */
const TERMINALS = new Set(['IATA', 'PORT', 'STATION']);

/** Penalty in force now from a booking's schedule. */
function penaltyNow(booking: TransferBooking, now = new Date()): Money {
  let p = new Decimal(0);
  for (const r of booking.cancellation.rules) if (Date.parse(r.from) <= now.getTime()) p = Decimal.max(p, r.amount ?? 0);
  return money(p, booking.total.currency);
}

/** Booking list pages read when looking our reference up (100 a page). */
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 5;

/** Hotelbeds Transfers: availability (GET path) → re-availability as quote → POST bookings; read, list, cancel. */
export class HotelbedsTransferAdapter implements TransferSupplier {
  readonly supplier = S;
  readonly kind = 'transfer' as const;
  readonly account: { id: string; name: string };
  readonly point = hotelbedsTransferPoint;
  private readonly client: HotelbedsClient;
  private readonly lang: string;

  constructor(
    private readonly http: SupplierHttp,
    acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new HotelbedsClient(http, acc, 'transfer');
    this.lang = (acc.settings.language || 'es').slice(0, 2).toLowerCase();
  }

  private availabilityPath(s: TransferSearchInput) {
    const seg = (v: string) => encodeURIComponent(v);
    return [
      '/availability',
      this.lang,
      'from',
      s.from.type,
      seg(s.from.code),
      'to',
      s.to.type,
      seg(s.to.code),
      seg(s.outbound),
      ...(s.inbound ? [seg(s.inbound)] : []),
      s.adults,
      s.children,
      s.infants,
    ].join('/');
  }

  search(input: TransferSearchInput, ctx?: CallContext): Promise<SearchResult<TransferOffer>> {
    const op = 'transfer.search';
    return guarded(this.http, S, op, async () => {
      const dt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
      if (!dt.test(input.outbound) || (input.inbound && !dt.test(input.inbound))) throw invalid(S, op, 'dates yyyy-MM-ddTHH:mm:ss');
      if (input.adults < 1 || input.children < 0 || input.infants < 0) throw invalid(S, op, 'passengers');
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: this.availabilityPath(input),
        idempotent: true,
        ctx,
      });
      const mapped = mapServices(data, { accountId: this.account.id, search: input });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return {
        offers,
        dropped: mapped.dropped.length + screened.dropped.length,
        expiresAt: offers[0]?.token.expiresAt ?? null,
        total: offers.length,
      };
    });
  }

  quote(offer: TransferOffer, ctx?: CallContext): Promise<TransferQuote> {
    const op = 'transfer.quote';
    return guarded(this.http, S, op, async () => {
      // No checkrate for transfers: ask again and find the same vehicle, direction and pickup.
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: this.availabilityPath(offer.search),
        idempotent: true,
        ctx,
      });
      const { offers } = mapServices(data, { accountId: offer.accountId, search: offer.search });
      const same = offers.find(
        (o) =>
          o.direction === offer.direction &&
          (o.leg ?? 'outbound') === (offer.leg ?? 'outbound') &&
          o.transferType === offer.transferType &&
          o.vehicle === offer.vehicle &&
          o.category === offer.category &&
          o.pickup.date === offer.pickup.date &&
          o.pickup.time === offer.pickup.time,
      );
      if (!same) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: op, detail: 'service gone at re-quote' });
      if (new Decimal(same.total.amount).lte(0)) throw new Error('re-quote with a non-positive price');
      return {
        offer,
        total: same.total,
        priceChanged: !sameMoney(same.total, offer.total),
        previousTotal: offer.total,
        cancellation: same.cancellation,
        token: same.token,
        remarks: same.remarks ?? [],
        ...(same.pickupDetails ? { pickupDetails: same.pickupDetails } : {}),
      };
    });
  }

  /**
   * Every leg under one booking reference: the documented booking takes several rateKeys in `transfers[]`
   * ("you can confirm one ratekey as well as multiples with same booking reference").
   */
  book(input: TransferBookInput, ctx?: CallContext): Promise<TransferBooking> {
    const op = 'transfer.book';
    return guarded(this.http, S, op, async () => {
      if (!/^[\w-]{1,20}$/.test(input.clientReference)) throw invalid(S, op, 'clientReference');
      if (!input.holder.email || !input.holder.phone || !/^\+\d{6,15}$/.test(input.holder.phone))
        throw invalid(S, op, 'holder email and E.164 phone are required');
      const legs: TransferBookLeg[] = input.legs?.length ? input.legs : [{ quote: input.quote, transport: input.transport }];
      const keys = legs.map((l) => l.quote.token.value);
      if (new Set(keys).size !== keys.length) throw invalid(S, op, 'the same rateKey twice');
      if (legs.some((l) => l.quote.offer.accountId !== this.account.id)) throw invalid(S, op, 'a leg quoted on another account');
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'POST',
        path: '/bookings',
        idempotent: false,
        ctx,
        body: {
          language: this.lang,
          holder: { name: input.holder.name, surname: input.holder.surname, email: input.holder.email, phone: input.holder.phone },
          transfers: legs.map((l) => this.transferOf(l, op)),
          clientReference: input.clientReference,
          ...(input.welcomeMessage ? { welcomeMessage: input.welcomeMessage } : {}),
          ...(input.remarks ? { remark: input.remarks } : {}),
        },
      });
      return mapTransferBooking(data);
    });
  }

  /** One `transfers[]` item: rateKey, the leg's transport (arrival details on an arrival, departure on a departure), the address for a GPS pickup. */
  private transferOf(leg: TransferBookLeg, op: string) {
    const offer = leg.quote.offer;
    const needsTransport = TERMINALS.has(offer.pickup.from.type) || TERMINALS.has(offer.pickup.to.type);
    if (needsTransport && !leg.transport?.code?.trim()) throw invalid(S, op, `transport number required for the ${offer.direction} leg`);
    if (offer.pickup.from.type === 'GPS' && !leg.pickupAddress) throw invalid(S, op, 'pickup address required for a GPS pickup');
    const direction = leg.transport?.direction ?? (offer.direction === 'DEPARTURE' ? 'DEPARTURE' : 'ARRIVAL');
    return {
      rateKey: leg.quote.token.value,
      ...(leg.transport
        ? {
            transferDetails: [
              {
                type: leg.transport.type,
                direction,
                code: leg.transport.code,
                ...(leg.transport.companyName ? { companyName: leg.transport.companyName } : {}),
              },
            ],
          }
        : {}),
      ...(leg.pickupAddress ? { pickupInformation: { ...leg.pickupAddress } } : {}),
    };
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TransferBooking> {
    const op = 'transfer.read';
    return guarded(this.http, S, op, async () =>
      mapTransferBooking(
        await this.client.call<unknown>({
          operation: op,
          method: 'GET',
          path: `/bookings/${this.lang}/reference/${encodeURIComponent(ref.locator)}`,
          idempotent: true,
          ctx,
        }),
      ),
    );
  }

  /**
   * Our reference among the bookings of the service dates, through the documented booking list
   * (`GET /bookings/{language}?fromDate&toDate&dateType=FROM_DATE&offset&limit`; its items are whole
   * bookings with `clientReference`) (docs/decisions/0182).
   */
  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<TransferBooking | null> {
    const op = 'transfer.list';
    return guarded(this.http, S, op, async () => {
      for (let page = 0; page < LIST_MAX_PAGES; page++) {
        const data = await this.client.call<{ bookings?: unknown[] }>({
          operation: op,
          method: 'GET',
          path: `/bookings/${this.lang}`,
          query: {
            fromDate: hint.from,
            toDate: hint.to,
            dateType: 'FROM_DATE',
            offset: String(page * LIST_PAGE_SIZE + 1),
            limit: String(LIST_PAGE_SIZE),
          },
          idempotent: true,
          ctx,
        });
        const items = Array.isArray(data?.bookings) ? data.bookings : [];
        const hit = items.find((b) => (b as { clientReference?: unknown })?.clientReference === clientReference);
        if (hit) return mapTransferBooking({ bookings: [hit] });
        if (items.length < LIST_PAGE_SIZE) return null;
      }
      return null;
    });
  }

  /**
   * Documented Booking Cancellation: `DELETE /bookings/{language}/reference/{reference}` cancels;
   * `?simulation=true` only simulates (the reply has the booking-detail shape with the changed status and
   * the charges in totalAmount). Without that parameter the call CANCELS, so a simulation always sends
   * it, and neither call is ever retried automatically (docs/decisions/0225).
   */
  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'transfer.cancel-simulation' : 'transfer.cancel';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'DELETE',
        path: `/bookings/${this.lang}/reference/${encodeURIComponent(ref.locator)}`,
        query: opts.simulate ? { simulation: 'true' } : undefined,
        idempotent: false,
        ctx,
      });
      const b = mapTransferBooking(data);
      // A simulation reports the status the booking WOULD have; the booking itself is unchanged.
      const status = opts.simulate ? (b.status === 'cancelled' ? 'confirmed' : b.status) : b.status;
      return {
        simulated: opts.simulate,
        status,
        penalty: cancellationCharge(b) ?? penaltyNow(b),
        penaltyKnown: true,
        cancellationReference: null,
      };
    });
  }
}
