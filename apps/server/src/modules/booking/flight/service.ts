import { createHash } from 'node:crypto';
import {
  type FlightConfirmReserveBody,
  type FlightStartReserveBody,
  HOTEL_BOOKING_MESSAGES,
  FLIGHT_MESSAGES as M,
} from '@travesia/contracts';
import type { Db } from '../../../db/client.js';
import type { VoucherRow } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, conflict } from '../../../http/errors.js';
import type { FlightQuote, SupplierLayer } from '../../../suppliers/index.js';
import type { PricingService } from '../../pricing/service.js';
import type { EventActor, VoucherService } from '../../voucher/service.js';
import { isoDay } from '../days.js';
import type { BookingEngine } from '../engine.js';
import { assertAcceptedPrice } from '../flow-service.js';
import { supplierHolder } from '../holder.js';
import { priceChangeOf } from '../quote-changes.js';
import { QuoteStore } from '../quote-store.js';
import { ReserveEngine } from '../reserve.js';
import { bookingAgencyOf, ownerIdOf, salesContextOf } from '../sales-context.js';
import { policiesOf, voucherMoney } from '../voucher-money.js';
import { fareView, segmentView } from './present.js';
import { PreReserveKeyRepository } from './repository.js';
import type { FlightSearchService } from './search.js';
import { travellersOf } from './travellers.js';

/** A pre-reservation's code in the voucher's bookingCodes: the open transaction until the confirmation books it. */
export interface FlightPreReservation {
  kind: 'flight-pre-reservation';
  quoteId: string;
  cacheId: string;
  optionId: string;
  accountId: string;
  flightClass: string;
  checkIn: string;
  checkOut: string;
  expiresAt: string | null;
  quote: FlightQuote;
}

export interface FlightBookingDeps {
  db: Db;
  engine: BookingEngine;
  suppliers: SupplierLayer;
  pricing: PricingService;
  search: FlightSearchService;
  vouchers: VoucherService;
}

export const flightQuoteRef = (quoteId: string) => `flight-quote:${quoteId}`;

/**
 * Flights on the booking engine (spec §4): pre-reserve opens the supplier's transaction and records
 * the voucher pre-reserved with its expiry, policy and the travellers' requirements; the confirmation
 * books it through the engine's one reserve path (idempotency key, our reference, recovery).
 */
export class FlightBookingService {
  private readonly keys: PreReserveKeyRepository;
  constructor(private readonly d: FlightBookingDeps) {
    this.keys = new PreReserveKeyRepository(d.db);
  }

  /**
   * Pre-reserves once per idempotency key when one is given (docs/decisions/0370): a retry of the same
   * request answers the pre-reservation already made (`created: false`) and opens no second supplier
   * transaction; the key with another request is a 409; a retry while the first attempt runs is a 409.
   */
  async startReserve(
    auth: AuthContext,
    body: FlightStartReserveBody,
    opts: { simScenario?: string; actor?: EventActor; idempotencyKey?: string } = {},
  ): Promise<PreReserveAnswer & { created: boolean }> {
    if (!opts.idempotencyKey) return { ...(await this.preReserve(auth, body, opts)), created: true };
    const key = ReserveEngine.checkKey(opts.idempotencyKey);
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    const userId = auth.user.id;
    const claim = await this.keys.claim(userId, key, hash, this.d.engine.now());
    if (claim.state !== 'claimed') {
      if (claim.requestHash !== hash) throw conflict(M.preReserveKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      if (claim.state === 'in-progress') throw conflict(M.preReserveInProgress, 'PRE_RESERVE_IN_PROGRESS');
      const { voucher } = await this.d.vouchers.get(auth, claim.voucherId);
      return { ...(claim.answer as Omit<PreReserveAnswer, 'voucher'>), voucher, created: false };
    }
    let answer: PreReserveAnswer;
    try {
      answer = await this.preReserve(auth, body, opts);
    } catch (err) {
      await this.keys.release(userId, key);
      throw err;
    }
    const { voucher, ...rest } = answer;
    await this.keys.complete(userId, key, voucher.id, rest);
    return { ...answer, created: true };
  }

  private async preReserve(auth: AuthContext, body: FlightStartReserveBody, opts: { simScenario?: string; actor?: EventActor }) {
    const { search, option } = await this.d.search.option(auth, body.bookingCodes.cacheId, body.bookingCodes.optionId);
    const criteria = search.criteria;
    const checkIn = criteria.legs[0].date;
    if (body.start !== checkIn) throw badRequest(M.checkInMismatch, { start: M.checkInMismatch });
    const account = await this.d.search.account(auth, search.accountId);
    const sale = salesContextOf(auth);
    const ctx = { correlationId: search.cacheId, simScenario: account.mode === 'sandbox' ? opts.simScenario : undefined };
    const flights = this.d.suppliers.registry.flight(account);
    const quote = await flights.quote(option.offer, ctx);
    const at = this.d.engine.now();
    const checkOut = criteria.returnDate ?? criteria.legs.at(-1)?.date ?? checkIn;
    // The fare rules go on the voucher (its e-ticket's summary); the pre-reservation does not wait on a failure.
    const fareRules = flights.fareRules({ quote }, ctx).catch(() => []);
    const b = await this.d.pricing.priceOffer({
      agencyId: auth.agency?.id ?? null,
      userId: auth.user.id,
      kind: 'flight',
      supplier: account.supplier,
      destinationAncestors: search.destinationAncestors,
      checkIn,
      checkOut,
      nights: Math.max(0, Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000)),
      paxes: quote.travellerIds.length,
      cost: quote.total,
      bookingDate: isoDay(at),
      targetCurrency: option.breakdown.currency,
      at,
    });
    const quoteId = QuoteStore.newId();
    const code: FlightPreReservation = {
      kind: 'flight-pre-reservation',
      quoteId,
      cacheId: search.cacheId,
      optionId: option.optionId,
      accountId: account.id,
      flightClass: body.flightClass.toUpperCase(),
      checkIn,
      checkOut,
      expiresAt: quote.token.expiresAt,
      quote,
    };
    const segments = quote.offer.segments.map(segmentView);
    const route = [segments[0]?.from.airport, ...segments.map((s) => s.to.airport)].filter(Boolean).join(' → ');
    const { voucher } = await this.d.vouchers.record(
      {
        agencyId: bookingAgencyOf(sale),
        userId: ownerIdOf(sale),
        type: 'flight',
        integrator: account.supplier,
        provider: account.supplier,
        providerAccountId: account.id,
        status: 'pre-reserved',
        start: checkIn,
        end: checkOut,
        nights: null,
        client: { ...body.client, name: body.client.name.trim() },
        companions: [],
        ...voucherMoney([{ breakdown: b, cost: quote.total }]),
        bookingCodes: [code],
        policies: policiesOf(quote.cancellation),
        remarks: body.comments ?? null,
        product: {
          name: `Vuelo ${route}`,
          destination: segments.at(0)?.to.city ?? segments.at(0)?.to.airport,
          serviceType: quote.offer.serviceType,
          flightClass: code.flightClass,
          /** The supplier transaction's end: the pre-reservation deadline (migration 0940). */
          holdExpiresAt: quote.token.expiresAt,
          segments,
          fare: fareView(quote.offer, b),
          fareBrand: quote.offer.fareBrand ?? null,
          baggage: quote.offer.baggage ?? [],
          travellers: quote.travellerRequirements ?? [],
          breakdown: b,
          fareRules: await fareRules,
        },
      },
      { actor: opts.actor },
    );
    return {
      voucher,
      transaction: { id: quote.token.value, expiresAt: quote.token.expiresAt },
      ...priceChangeOf(option.breakdown, b),
      breakdown: b,
      policies: { refundable: quote.cancellation.refundable, rules: quote.cancellation.rules, text: quote.cancellation.text ?? null },
      travellers: quote.travellerRequirements ?? [],
    };
  }

  /**
   * The fare rules (changes, refunds, penalties) of a flight voucher: from the open transaction while it
   * is pre-reserved, from the reservation once booked (TourVisio GetFareRules).
   */
  async fareRules(auth: AuthContext, voucherId: string, simScenario?: string) {
    const { voucher: v } = await this.d.vouchers.get(auth, voucherId).catch(() => {
      throw new AppError(404, 'VOUCHER_NOT_FOUND', M.voucherNotFound);
    });
    const codes = v.bookingCodes as Array<Partial<FlightPreReservation> | Partial<BookedCode>>;
    const pre = codes.find((c): c is Partial<FlightPreReservation> => c?.kind === 'flight-pre-reservation');
    const booked = codes.find((c): c is Partial<BookedCode> => c?.kind === 'supplier-flight');
    const accountId = booked?.accountId ?? pre?.accountId;
    if (v.type !== 'flight' || !accountId) throw new AppError(404, 'VOUCHER_NOT_FOUND', M.voucherNotFound);
    const account = await this.d.search.account(auth, accountId);
    const flights = this.d.suppliers.registry.flight(account);
    const ctx = { correlationId: v.id, simScenario: account.mode === 'sandbox' ? simScenario : undefined };
    if (booked?.ref?.locator)
      return { success: true as const, rules: await flights.fareRules({ ref: { locator: booked.ref.locator } }, ctx) };
    if (v.status === 'pre-reserved' && pre?.quote)
      return { success: true as const, rules: await flights.fareRules({ quote: pre.quote }, ctx) };
    throw conflict(M.fareRulesUnavailable, 'FARE_RULES_UNAVAILABLE');
  }

  /** Books a pre-reservation exactly once per idempotency key (a retry answers the same voucher, 200). */
  async confirm(
    auth: AuthContext,
    body: FlightConfirmReserveBody,
    idempotencyKey: string | undefined,
    opts: { simScenario?: string; actor?: EventActor } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const sale = salesContextOf(auth);
    const { reserves } = this.d.engine;
    const previous = await reserves.replay(sale, key);
    if (previous) {
      if (previous.id !== body.voucherId) throw conflict(HOTEL_BOOKING_MESSAGES.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      return { voucher: previous, created: false };
    }
    const { voucher: v } = await this.d.vouchers.get(auth, body.voucherId).catch(() => {
      throw new AppError(404, 'VOUCHER_NOT_FOUND', M.voucherNotFound);
    });
    const code = (v.bookingCodes as Partial<FlightPreReservation>[]).find((c) => c?.kind === 'flight-pre-reservation');
    if (v.type !== 'flight' || code?.kind !== 'flight-pre-reservation' || !code.quote) throw conflict(M.notPreReserved, 'NOT_PRE_RESERVED');
    if (v.status !== 'pre-reserved') {
      const expired = v.status === 'cancelled' && !!code.expiresAt && Date.parse(code.expiresAt) <= this.d.engine.now().getTime();
      throw expired ? conflict(M.preReservationExpired, 'PRE_RESERVATION_EXPIRED') : conflict(M.notPreReserved, 'NOT_PRE_RESERVED');
    }
    if (code.expiresAt && Date.parse(code.expiresAt) <= this.d.engine.now().getTime()) {
      // The transaction is gone at the supplier: the voucher expires now rather than at the next job pass.
      await this.d.vouchers
        .applyUpdate(v.id, v.version, { status: 'cancelled', note: 'La pre-reserva venció sin confirmarse' }, { actor: opts.actor })
        .catch(() => undefined);
      throw conflict(M.preReservationExpired, 'PRE_RESERVATION_EXPIRED');
    }
    assertAcceptedPrice(body.price, { gross: v.priceGross, currency: v.priceCurrency }, M.priceChanged);
    const quote = code.quote;
    const travellers = travellersOf(body, quote, code.checkIn ?? v.startDate ?? '');
    const account = await this.d.search.account(auth, code.accountId ?? '');
    const holder = { ...supplierHolder(body.client), nationality: body.client.nationalityCode?.toUpperCase() };
    const flights = this.d.suppliers.registry.flight(account);
    return reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      preReserved: { voucherId: v.id, version: v.version },
      voucher: {
        type: 'flight',
        client: { ...body.client, name: body.client.name.trim() },
        companions: body.companions.map((t, i) => ({ ...t, type: travellers[i].type })),
        price: { gross: v.priceGross, currency: v.priceCurrency },
        product: v.product,
      },
      code: {
        kind: 'supplier-flight',
        checkIn: code.checkIn ?? '',
        checkOut: code.checkOut ?? '',
        quoteId: code.quoteId ?? '',
        token: quote.token,
      },
      quoteRef: flightQuoteRef(code.quoteId ?? v.id),
      book: (clientReference, ctx) =>
        flights.book({ quote, holder, travellers, clientReference, remarks: body.comments, acceptDuplicate: body.acceptDuplicate }, ctx),
      simScenario: opts.simScenario,
      actor: opts.actor,
    });
  }
}

export type PreReserveAnswer = Awaited<ReturnType<FlightBookingService['preReserve']>>;

/** A booked flight's supplier code (after the confirmation), for its reservation number. */
interface BookedCode {
  kind: 'supplier-flight';
  accountId: string;
  ref: { locator: string } | null;
}
