import { type HotelReserveBody, HOTEL_BOOKING_MESSAGES as M, type PriceBreakdown, type SupplierId } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { VoucherRow } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../../http/errors.js';
import type { PricingContext } from '../../../pricing/index.js';
import { breakdownFor } from '../../../pricing/index.js';
import type {
  CancellationPolicy,
  HotelOffer,
  HotelQuote,
  Money,
  ResolvedProviderAccount,
  SupplierLayer,
  Traveller,
} from '../../../suppliers/index.js';
import { ownInventoryAccount } from '../../../suppliers/travesia/account.js';
import { nationalityOf } from '../../inventory/nationality.js';
import { policiesOf } from '../../inventory/own-voucher.js';
import type { InventoryService } from '../../inventory/service.js';
import type { PricingService } from '../../pricing/service.js';
import type { EventActor } from '../../voucher/service.js';
import { agentPolicy } from '../agent-policy.js';
import type { BookingEngine } from '../engine.js';
import { assertRequiredHolderFields, supplierHolder } from '../holder.js';
import { quoteChanges } from '../quote-changes.js';
import { type QuoteOwner, QuoteStore } from '../quote-store.js';
import { ReserveEngine } from '../reserve.js';
import { type SalesContext, saleOf, salesContextOf, viewerTypeOf } from '../sales-context.js';
import { voucherMoney } from '../voucher-money.js';
import type { HotelSource, SearchIndex } from './cache.js';
import type { HotelSearchService } from './search.js';
import { requoteTravesia } from './travesia.js';

export type { SupplierBookingCode } from '../booking-code.js';
export { assertRequiredHolderFields, voucherRemarks } from '../holder.js';
export { type BookingEngineOptions as HotelBookingOptions, DEFAULT_BOOKING_OPTIONS } from '../reserve.js';

/** What is kept under a quoteId between the quote and the reserve. */
export interface CachedQuote extends QuoteOwner {
  v: 1;
  cacheId: string;
  optionId: string;
  accountId: string;
  supplier: HotelSource;
  forceSandbox: boolean;
  resort: SearchIndex['resort'];
  criteria: SearchIndex['criteria'];
  place: SearchIndex['place'];
  quote: HotelQuote;
  breakdown: PriceBreakdown;
}

/** The quote a supplier reserve consumes (migration 0740): a second booking of it is a 409. */
export const hotelQuoteRef = (quoteId: string) => `hotel-quote:${quoteId}`;

export interface HotelBookingDeps {
  engine: BookingEngine;
  suppliers: SupplierLayer;
  pricing: PricingService;
  search: HotelSearchService;
  /** Own inventory: its search re-prices an own option (the booking goes through the travesia adapter). */
  inventory: Pick<InventoryService, 'search'>;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The hotel flow on the booking engine: re-quote an option of a cached search, then reserve it
 * through the engine's one reserve path (README.md of modules/booking).
 */
export class HotelBookingService {
  constructor(private readonly d: HotelBookingDeps) {}

  get options() {
    return this.d.engine.options;
  }

  /** Re-prices one option of a cached search with the supplier; a changed price or policy comes back flagged. */
  async quote(who: AuthContext | SalesContext, cacheId: string, optionId: string, simScenario?: string, pricing?: PricingContext) {
    const sale = saleOf(who);
    const { search, entry: option } = await this.d.search.option(sale, cacheId, optionId);
    const at = this.d.engine.now();
    let quote: HotelQuote;
    let breakdown: PriceBreakdown;
    if (search.supplier === 'travesia') {
      // Own hotels are re-priced through the inventory module, which serves signed-in sellers only.
      if ('channel' in who) throw forbidden(M.moduleDisabled);
      ({ quote, breakdown } = await requoteTravesia(this.d.inventory, who, search, option));
    } else {
      const supplier = search.supplier as SupplierId;
      const account = await this.d.search.account(sale, search.accountId, { supplier, forceSandbox: search.forceSandbox }, search.resort);
      const ctx = { correlationId: search.cacheId, simScenario: account.mode === 'sandbox' ? simScenario : undefined };
      quote = await this.d.suppliers.registry.hotel(account).quote(option.offer as HotelOffer, ctx);
      const offer = {
        kind: 'hotel' as const,
        supplier,
        destinationAncestors: [search.place.id, ...search.place.ancestors],
        checkIn: search.criteria.checkIn,
        checkOut: search.criteria.checkOut,
        nights: search.criteria.nights,
        paxes: search.criteria.rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0),
        cost: quote.total,
        bookingDate: isoDay(at),
        targetCurrency: option.breakdown.currency,
      };
      // A storefront prices with its own context (its markup on top, decision 0341); a seller loads theirs.
      breakdown = pricing
        ? this.d.pricing.price(pricing, offer)
        : await this.d.pricing.priceOffer({ ...offer, agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at });
    }
    const quoteId = QuoteStore.newId();
    const ttl = QuoteStore.ttl(quote.token.expiresAt, at);
    const expiresAt = new Date(at.getTime() + ttl * 1000).toISOString();
    await this.d.engine.quotes.put<CachedQuote>(
      'hotel',
      {
        v: 1,
        quoteId,
        cacheId: search.cacheId,
        optionId: option.optionId,
        agencyId: search.agencyId,
        userId: search.userId,
        accountId: search.accountId,
        supplier: search.supplier as HotelSource,
        forceSandbox: search.forceSandbox,
        resort: search.resort,
        criteria: search.criteria,
        place: search.place,
        quote,
        breakdown,
        expiresAt,
      },
      ttl,
    );
    return {
      success: true as const,
      response: {
        quoteId,
        expiresAt,
        ...quoteChanges(
          { breakdown: option.breakdown, cancellation: option.offer.cancellation },
          { breakdown, cancellation: quote.cancellation },
        ),
        breakdown: breakdownFor(viewerTypeOf(sale), breakdown),
        availability: quote.availability,
        cancellation: termsOf(search.supplier, quote.cancellation, quote.total, breakdown),
        previousCancellation: termsOf(search.supplier, option.offer.cancellation, option.offer.total, option.breakdown),
        remarks: quote.remarks,
        /** Holder details this option requires (the reserve form asks for them; the reserve answers 400 without them). */
        requiredHolderFields: quote.requiredHolderFields ?? [],
        hotel: { code: quote.offer.hotel.code, name: quote.offer.hotel.name, category: quote.offer.hotel.category ?? null },
        rooms: quote.offer.rooms.map((r) => ({
          code: r.code,
          name: r.name,
          adults: r.occupancy.adults,
          childrenAges: r.occupancy.childrenAges,
        })),
        board: { code: quote.offer.board.code, label: quote.offer.board.label },
        checkIn: search.criteria.checkIn,
        checkOut: search.criteria.checkOut,
      },
    };
  }

  /**
   * Books an accepted quote exactly once per idempotency key. Answers the voucher and whether this
   * call created it; a retry (same key) answers the first voucher and never calls the supplier.
   */
  async reserve(
    auth: AuthContext,
    body: HotelReserveBody,
    idempotencyKey: string | undefined,
    opts: { simScenario?: string; actor?: EventActor } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const sale = salesContextOf(auth);
    // A retry: the first voucher, whatever state it is in; the supplier is not called again.
    const previous = await this.d.engine.reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, body.bookingCodes.quoteId), created: false };
    const q = await this.acceptedQuote(sale, body);
    return this.reserveQuote(sale, q, body, key, opts);
  }

  /**
   * The reserve of a seller without a session (a storefront order, decision 0340): the same checks and
   * the same engine path; the voucher's integrator names the storefront. Own hotels are not sold this way.
   */
  async reserveForSale(
    sale: SalesContext,
    body: HotelReserveBody,
    idempotencyKey: string,
    opts: { simScenario?: string; actor?: EventActor; integrator?: string } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const previous = await this.d.engine.reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, body.bookingCodes.quoteId), created: false };
    const q = await this.acceptedQuote(sale, body);
    if (q.supplier === 'travesia') throw forbidden(M.moduleDisabled);
    return this.reserveQuote(sale, q, body, key, opts);
  }

  /** The seller's quote, checked against the price the client accepted, the rooms and the holder fields. */
  private async acceptedQuote(sale: SalesContext, body: HotelReserveBody): Promise<CachedQuote> {
    const q = await this.d.engine.quotes.get<CachedQuote>('hotel', sale, body.bookingCodes.quoteId);
    if (!new Decimal(body.price.gross).eq(q.breakdown.price) || body.price.currency !== q.breakdown.currency) {
      const detail = `${q.breakdown.price} ${q.breakdown.currency}`;
      throw new AppError(409, 'PRICE_CHANGED', M.priceChanged, { price: `Precio vigente: ${detail}` });
    }
    const rooms = q.criteria.rooms;
    if (
      body.companions.length !== rooms.length ||
      body.companions.some((c, i) => c.length !== rooms[i].adults + rooms[i].childrenAges.length)
    )
      throw badRequest(M.paxesMismatch, { companions: M.paxesMismatch });
    assertRequiredHolderFields(q.quote?.requiredHolderFields, body.client);
    return q;
  }

  private async reserveQuote(
    sale: SalesContext,
    q: CachedQuote,
    body: HotelReserveBody,
    key: string,
    opts: { simScenario?: string; actor?: EventActor; integrator?: string },
  ) {
    const account = await this.accountOf(sale, q);
    const paxes = travellersOf(body, q.criteria.rooms);
    const holder = supplierHolder(body.client);
    const hotels = this.d.suppliers.registry.hotel(account);
    return this.d.engine.reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      integrator: opts.integrator,
      voucher: hotelVoucher(q, body, account.supplier === 'travesia'),
      code: {
        kind: 'supplier-hotel',
        checkIn: q.criteria.checkIn,
        checkOut: q.criteria.checkOut,
        quoteId: q.quoteId,
        token: q.quote.token,
      },
      quoteRef: hotelQuoteRef(q.quoteId),
      book: (clientReference, ctx) => hotels.book({ quote: q.quote, holder, paxes, clientReference, remarks: body.comments }, ctx),
      simScenario: opts.simScenario,
      actor: opts.actor,
    });
  }

  recoverDue(limit?: number) {
    return this.d.engine.recoverDue(limit);
  }

  idle(timeoutMs?: number) {
    return this.d.engine.idle(timeoutMs);
  }

  /**
   * The account a quote is booked with: the supplier's, checked again (module, agency); own hotels
   * (travesia) book through the built-in own-inventory account like any supplier (decision 0350).
   */
  private async accountOf(sale: SalesContext, q: CachedQuote): Promise<ResolvedProviderAccount> {
    if (q.supplier === 'travesia') {
      if (sale.agencyId && !sale.modules.includes('hotels-travesia')) throw forbidden(M.moduleDisabled);
      return ownInventoryAccount(sale.mode);
    }
    const supplier = q.supplier as SupplierId;
    return this.d.search.account(sale, q.accountId, { supplier, forceSandbox: q.forceSandbox }, q.resort);
  }
}

/** The travellers per room as the adapters take them (children's ages from the search). */
function travellersOf(body: HotelReserveBody, rooms: CachedQuote['criteria']['rooms']): Traveller[][] {
  return body.companions.map((room, i) => {
    let child = 0;
    return room.map((p, j) => {
      const isChild = j >= rooms[i].adults;
      const age = isChild ? rooms[i].childrenAges[child++] : (p.age ?? 30);
      return { name: p.name, surname: p.surname, age, type: isChild ? (age < 2 ? 'infant' : 'child') : 'adult' };
    });
  });
}

/** The voucher of a hotel booking as recorded before the supplier is called. */
function hotelVoucher(q: CachedQuote, body: HotelReserveBody, own: boolean) {
  const b = q.breakdown;
  const quote = q.quote;
  return {
    type: 'hotel' as const,
    start: q.criteria.checkIn,
    end: q.criteria.checkOut,
    nights: q.criteria.nights,
    client: { ...body.client, name: body.client.name.trim() },
    companions: body.companions.flatMap((room, i) => room.map((p) => ({ ...p, room: i + 1 }))),
    ...voucherMoney([{ breakdown: b, cost: quote.total }]),
    payments: (body.payments ?? {}) as Record<string, unknown>,
    remarks: body.comments ?? null,
    policies: policiesOf(own ? quote.cancellation : agentPolicy(quote.cancellation, quote.total, priceOf(b))),
    product: {
      name: quote.offer.hotel.name,
      destination: q.place.name,
      category: quote.offer.hotel.category,
      board: quote.offer.board.label,
      rooms: quote.offer.rooms.map((r) => ({
        name: r.name,
        board: quote.offer.board.label,
        adults: r.occupancy.adults,
        children: r.occupancy.childrenAges.length,
        childrenAges: r.occupancy.childrenAges,
      })),
      hotelCode: quote.offer.hotel.code,
      breakdown: b,
      comments: body.comments,
      // Own hotels: what the inventory's voucher showed (the policy in words, the guests' nationality).
      ...(own ? { policyText: quote.remarks[0] ?? null, nationality: knownNationality(q.criteria.nationality) } : {}),
    },
  };
}

const priceOf = (b: PriceBreakdown) => ({ amount: b.price, currency: b.currency });

/**
 * The policy the agent reads (decision 0400): a supplier's in the agent's price (`agentPolicy`); our own
 * hotels' as written, since their policy is ours and already speaks of the agent's price.
 */
function termsOf(supplier: string, policy: CancellationPolicy, cost: Money, b: PriceBreakdown): CancellationPolicy {
  return supplier === 'travesia' ? policy : agentPolicy(policy, cost, priceOf(b));
}

/** The search's nationality as an alpha-2 code, or null when absent or not in the catalogue. */
function knownNationality(code: string | undefined): string | null {
  try {
    return nationalityOf(code)?.code ?? null;
  } catch {
    return null;
  }
}
