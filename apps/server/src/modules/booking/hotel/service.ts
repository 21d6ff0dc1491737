import { type HotelReserveBody, HOTEL_BOOKING_MESSAGES as M, type PriceBreakdown, type ProviderId } from '@travesia/contracts';
import type { VoucherRow } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
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
import { nationalityOf } from '../../inventory/nationality.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService } from '../../provider-account/service.js';
import type { EventActor } from '../../voucher/service.js';
import { checkedAccount } from '../accounts.js';
import { agentPolicy } from '../agent-policy.js';
import { isoDay } from '../days.js';
import type { BookingEngine } from '../engine.js';
import { callContext } from '../flow.js';
import { assertAcceptedPrice } from '../flow-service.js';
import { assertRequiredHolderFields, supplierHolder } from '../holder.js';
import { quoteChanges } from '../quote-changes.js';
import { type QuoteOwner, QuoteStore } from '../quote-store.js';
import { ReserveEngine } from '../reserve.js';
import { type SalesContext, saleOf, salesContextOf, viewerTypeOf } from '../sales-context.js';
import { policiesOf, voucherMoney } from '../voucher-money.js';
import type { HotelSource, SearchIndex } from './cache.js';
import type { HotelSearchService } from './search.js';

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
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
  search: HotelSearchService;
  /** The selling agency's zone (AgencyTimeZones.of): a provider whose policy starts at local days reads it. */
  timeZones: { of(agencyId: string | null): Promise<string> };
}

type Reserve = { simScenario?: string; actor?: EventActor; integrator?: string };

/**
 * The hotel flow on the booking engine: re-quote an option of a cached search with its provider, then reserve it
 * through the engine's one reserve path (README.md of modules/booking). Every provider — our own inventory's
 * built-in account included (decision 0350, 0610) — is quoted, priced and booked the same way.
 */
export class HotelBookingService {
  constructor(private readonly d: HotelBookingDeps) {}

  get options() {
    return this.d.engine.options;
  }

  /** Re-prices one option of a cached search with its provider; a changed price or policy comes back flagged. */
  async quote(who: AuthContext | SalesContext, cacheId: string, optionId: string, simScenario?: string, pricing?: PricingContext) {
    const sale = saleOf(who);
    const { search, entry: option } = await this.d.search.option(sale, cacheId, optionId);
    const account = await this.account(sale, search);
    const at = this.d.engine.now();
    const ctx = { ...callContext(account, search.cacheId, simScenario), timeZone: await this.d.timeZones.of(sale.agencyId) };
    const quote = await this.d.suppliers.registry.hotel(account).quote(option.offer as HotelOffer, ctx);
    // An offer that knows its exact place (an own hotel) is priced there; a supplier's at the searched place.
    const known = quote.offer.supplierData as { placeId?: string; placeAncestors?: string[] };
    const offer = {
      kind: 'hotel' as const,
      supplier: account.supplier,
      destinationAncestors: known.placeId ? [known.placeId, ...(known.placeAncestors ?? [])] : [search.place.id, ...search.place.ancestors],
      checkIn: search.criteria.checkIn,
      checkOut: search.criteria.checkOut,
      nights: search.criteria.nights,
      paxes: search.criteria.rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0),
      cost: quote.total,
      bookingDate: isoDay(at),
      targetCurrency: option.breakdown.currency,
    };
    // A storefront prices with its own context (its markup on top, decision 0341); a seller loads theirs.
    const breakdown = pricing
      ? this.d.pricing.price(pricing, offer)
      : await this.d.pricing.priceOffer({ ...offer, agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at });
    const quoteId = QuoteStore.newId();
    const ttl = QuoteStore.ttl(quote.token.expiresAt, at);
    const expiresAt = new Date(at.getTime() + ttl * 1000).toISOString();
    const { agencyId, userId, accountId, forceSandbox, resort, criteria, place } = search;
    const supplier = search.supplier as HotelSource;
    await this.d.engine.quotes.put<CachedQuote>(
      'hotel',
      {
        v: 1,
        quoteId,
        cacheId,
        optionId,
        agencyId,
        userId,
        accountId,
        supplier,
        forceSandbox,
        resort,
        criteria,
        place,
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
        cancellation: termsOf(quote, quote.cancellation, quote.total, breakdown),
        previousCancellation: termsOf(quote, option.offer.cancellation, option.offer.total, option.breakdown),
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
  reserve(auth: AuthContext, body: HotelReserveBody, idempotencyKey: string | undefined, opts: Reserve = {}) {
    return this.reserveForSale(salesContextOf(auth), body, idempotencyKey, opts);
  }

  /**
   * The reserve of any seller: a session's, or a storefront order's (decision 0340), whose voucher names the
   * storefront as integrator. The same checks and the same engine path.
   */
  async reserveForSale(
    sale: SalesContext,
    body: HotelReserveBody,
    idempotencyKey: string | undefined,
    opts: Reserve = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    // A retry: the first voucher, whatever state it is in; the supplier is not called again.
    const previous = await this.d.engine.reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, body.bookingCodes.quoteId), created: false };
    const q = await this.d.engine.quotes.get<CachedQuote>('hotel', sale, body.bookingCodes.quoteId);
    assertAcceptedPrice(body.price, { gross: q.breakdown.price, currency: q.breakdown.currency });
    const rooms = q.criteria.rooms;
    if (
      body.companions.length !== rooms.length ||
      body.companions.some((c, i) => c.length !== rooms[i].adults + rooms[i].childrenAges.length)
    )
      throw badRequest(M.paxesMismatch, { companions: M.paxesMismatch });
    assertRequiredHolderFields(q.quote?.requiredHolderFields, body.client);
    const account = await this.account(sale, q);
    const paxes = travellersOf(body, rooms);
    const holder = supplierHolder(body.client);
    const hotels = this.d.suppliers.registry.hotel(account);
    return this.d.engine.reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      integrator: opts.integrator,
      voucher: hotelVoucher(q, body),
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
   * The account a search's option is quoted and booked with, checked again (accounts.ts): the seller may use it,
   * its provider is the search's and sells hotels, the module (a resort mode's own) is on. Own hotels resolve to
   * the built-in own-inventory account like any account (decision 0350).
   */
  private account(
    sale: SalesContext,
    s: Pick<SearchIndex, 'accountId' | 'supplier' | 'forceSandbox' | 'resort'>,
  ): Promise<ResolvedProviderAccount> {
    const rule = { kind: 'hotel' as const, field: 'provider_id', mismatch: M.supplierMismatch, moduleDisabled: M.moduleDisabled };
    const opts = { want: s.supplier as ProviderId, forceSandbox: s.forceSandbox, resort: s.resort };
    return checkedAccount(this.d, sale, s.accountId, rule, opts);
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
function hotelVoucher(q: CachedQuote, body: HotelReserveBody) {
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
    policies: policiesOf(termsOf(quote, quote.cancellation, quote.total, b)),
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
      // The guests' nationality of the search, and the provider's policy in words when it writes one (own hotels).
      nationality: knownNationality(q.criteria.nationality),
      ...(quote.policyText ? { policyText: quote.policyText } : {}),
    },
  };
}

/**
 * The policy the agent reads (decision 0400): a supplier's, on its cost, in the agent's price (`agentPolicy`); one
 * the provider already gives in the seller's terms (`policyTerms: 'seller'`: our own inventory's) as written.
 */
function termsOf(quote: HotelQuote, policy: CancellationPolicy, cost: Money, b: PriceBreakdown): CancellationPolicy {
  return quote.policyTerms === 'seller' ? policy : agentPolicy(policy, cost, { amount: b.price, currency: b.currency });
}

/** The search's nationality as an alpha-2 code, or null when absent or not in the catalogue. */
function knownNationality(code: string | undefined): string | null {
  try {
    return nationalityOf(code)?.code ?? null;
  } catch {
    return null;
  }
}
