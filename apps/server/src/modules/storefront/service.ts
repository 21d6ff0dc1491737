import { randomBytes } from 'node:crypto';
import {
  type AgencyModule,
  BASE_CURRENCY,
  enabledModules,
  STOREFRONT_MESSAGES as M,
  type StorefrontHotelSearchBody,
  type StorefrontOrderBody,
  type StorefrontProductKind,
  type StorefrontTicketOrderBody,
  type StorefrontTicketPageQuery,
  type StorefrontTicketSearchBody,
  type StorefrontTransferOrderBody,
  type StorefrontTransferPageQuery,
  type StorefrontTransferSearchBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { AgencyRow, StorefrontOrderRow, WhiteLabelRow } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests, unavailable } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PricingContext } from '../../pricing/index.js';
import type { BookingEngine } from '../booking/engine.js';
import { fanOutSearch } from '../booking/fan-out.js';
import type { SearchIndex } from '../booking/hotel/cache.js';
import type { HotelSearchService } from '../booking/hotel/search.js';
import { moduleFor } from '../booking/hotel/search.js';
import type { HotelBookingService } from '../booking/hotel/service.js';
import type { TicketSearchService } from '../booking/ticket/search.js';
import type { TicketBookingService } from '../booking/ticket/service.js';
import type { TransferService } from '../booking/transfer/service.js';
import type { FileService } from '../file/service.js';
import type { OutboxRepository } from '../outbox/repository.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { PaymentPort, PaymentSettled } from '../payments/port.js';
import { toPlaceDto } from '../place/presenter.js';
import type { PlaceService } from '../place/service.js';
import type { PricingService } from '../pricing/service.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import { OUTBOX_CONFIRMATION, StorefrontConfirmation } from './confirmation.js';
import { HotelOrders } from './hotels.js';
import { amountIn, type EnginePage, freeCancellationUntil, money, rooms, storefrontPage } from './present.js';
import { type Billing, exchangeOf, type OrderDraft, type OrderProduct, type Storefront } from './product.js';
import type { StorefrontRepository } from './repository.js';
import { OrderSettlement } from './settlement.js';
import { StorefrontTickets } from './tickets.js';
import { StorefrontTransfers } from './transfers.js';
import { TravellerOrders } from './traveller-orders.js';

const HOTEL_SUPPLIERS = ['hotelbeds', 'juniper', 'restel'] as const;
const SEARCH_TIMEOUT_MS = 25_000;
const PLACE_SEARCHES_PER_MINUTE = 60;

export interface StorefrontOptions {
  /** The longest a hold lasts before the payment must have settled (never longer than the quote), unless the white label sets its own. */
  holdMinutes: number;
}

export interface StorefrontDeps {
  repo: StorefrontRepository;
  hotelSearch: HotelSearchService;
  hotelBooking: HotelBookingService;
  ticketSearch: TicketSearchService;
  ticketBooking: TicketBookingService;
  transfers: TransferService;
  engine: BookingEngine;
  pricing: PricingService;
  providerAccounts: ProviderAccountService;
  /** LEAD: `services.payments` (the payments module's PaymentPort); null until it is wired: orders answer 503. */
  payments: PaymentPort | null;
  outbox: OutboxRepository;
  places: Pick<PlaceService, 'autocompletePublic' | 'getPublic'>;
  /** The white label's logo as PNG for the traveller's voucher. */
  images: Pick<FileService, 'png'>;
  store: KeyValueStore;
  outboxWorker: OutboxWorker;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  now?: () => Date;
  options?: Partial<StorefrontOptions>;
}

/**
 * A white label's public storefront (issue 20, docs/decisions/0340–0342, 0530): hotel, ticket and transfer
 * search and quote at storefront prices through the booking engine, and orders — hold → payment (PaymentPort)
 * → signed webhook (`onSettled`) → the engine's idempotent reserve — with refunds when a paid order can't be booked.
 */
export class StorefrontService {
  private readonly now: () => Date;
  readonly options: StorefrontOptions;
  /** Tickets and transfers of the shop (tickets.ts, transfers.ts). */
  readonly tickets: StorefrontTickets;
  readonly transfers: StorefrontTransfers;
  /** "Mi reserva" and the traveller's voucher PDF (traveller-orders.ts). */
  readonly orders: TravellerOrders;
  /** Each product's part of a paid order: its re-quote after the hold and its reserve. */
  private readonly products: Record<StorefrontProductKind, OrderProduct>;
  private readonly hotels: HotelOrders;
  private readonly settlement: OrderSettlement;
  constructor(private readonly d: StorefrontDeps) {
    this.now = d.now ?? (() => new Date());
    this.options = { holdMinutes: 15, ...d.options };
    this.tickets = new StorefrontTickets({ search: d.ticketSearch, booking: d.ticketBooking, engine: d.engine, log: d.log });
    this.transfers = new StorefrontTransfers({ transfers: d.transfers, engine: d.engine, places: d.places, log: d.log });
    this.hotels = new HotelOrders(d.hotelBooking, d.engine);
    this.products = { hotel: this.hotels, ticket: this.tickets, transfer: this.transfers };
    this.settlement = new OrderSettlement({
      repo: d.repo,
      payments: d.payments,
      outbox: d.outbox,
      outboxWorker: d.outboxWorker,
      log: d.log,
      now: this.now,
      products: this.products,
      contextOf: (whiteLabel, agency) => this.contextOf(whiteLabel, agency),
      pricingOf: (s) => this.pricingOf(s),
    });
    this.orders = new TravellerOrders({
      repo: d.repo,
      engine: d.engine,
      images: d.images,
      publicUrl: d.publicUrl,
      storefront: (slug) => this.storefront(slug),
      booked: (orderId, voucherId) => this.booked(orderId, voucherId),
    });
    const confirmation = new StorefrontConfirmation({ repo: d.repo, mailer: d.mailer, publicUrl: d.publicUrl });
    d.payments?.onSettled((e) => this.settled(e));
    d.outboxWorker.on(OUTBOX_CONFIRMATION, (p) => confirmation.send(String(p.orderId)));
  }

  /** The active white label of `slug` as a sales context (anything else: the same Spanish 404). */
  async storefront(slug: string): Promise<Storefront> {
    const found = await this.d.repo.whiteLabelBySlug(slug);
    if (found?.whiteLabel.status !== 'active') throw notFound(M.notFound);
    return this.contextOf(found.whiteLabel, found.agency);
  }

  private contextOf(whiteLabel: WhiteLabelRow, agency: AgencyRow): Storefront {
    const enabled = enabledModules(agency.options as Partial<Record<AgencyModule, boolean>>);
    const modules = whiteLabel.products.filter((m) => enabled.includes(m));
    return {
      whiteLabel,
      agency,
      sale: {
        channel: 'storefront',
        agencyId: agency.id,
        seller: null,
        whiteLabelId: whiteLabel.id,
        modules,
        mode: agency.mode,
        allowedProviders: [],
      },
    };
  }

  /**
   * Destinations for the search form (cities, areas, airports), without a session: at most
   * PLACE_SEARCHES_PER_MINUTE per client address and storefront, else 429.
   */
  async places(slug: string, keyword: string, clientIp: string) {
    const s = await this.storefront(slug);
    // A minute counted from the client's first search, not the clock's minute: 60 searches straddling a minute
    // boundary must not get 120.
    const allowed = await this.d.store.reserve(`storefront-places:${s.whiteLabel.id}:${clientIp}`, PLACE_SEARCHES_PER_MINUTE, 60);
    if (!allowed) throw tooManyRequests('Demasiadas búsquedas seguidas; espera un momento');
    const rows = await this.d.places.autocompletePublic(keyword, 10, ['city', 'tourist-area', 'airport']);
    return rows.map((row) => {
      const p = toPlaceDto(row);
      return { id: p._id, name: p.name, type: p.type, label: p.displayName };
    });
  }

  /**
   * The agency's prices with the storefront's markup on top, and no seller commission (decision 0341), in the
   * white label's display currency at the rates in force now (decision 0560). A display currency without a
   * rate is the traveller's Spanish 422: no price is shown or charged rather than a wrong one.
   */
  private async pricingOf(s: Storefront): Promise<PricingContext> {
    const input = await this.d.pricing.loadContextInput({ agencyId: s.agency.id, userId: null, at: this.now() });
    const currency = s.whiteLabel.currency.trim();
    if (currency !== BASE_CURRENCY && !input.unitsPerUsd[currency]) {
      this.d.log.warn({ whiteLabelId: s.whiteLabel.id, currency }, 'storefront display currency has no exchange rate');
      throw new AppError(422, 'EXCHANGE_RATE_MISSING', M.displayRateMissing(currency), { currency: M.displayRateMissing(currency) });
    }
    return this.d.pricing.context({
      ...input,
      targetCurrency: currency,
      commission: {
        mode: 'on-top',
        user: null,
        agency: { type: 'percentage', value: s.whiteLabel.markupPercent, currency: s.whiteLabel.currency },
      },
    });
  }

  private hotelModules(s: Storefront): AgencyModule[] {
    const hotels = s.sale.modules.filter((m) => m.startsWith('hotels-') && m !== 'hotels-travesia');
    if (!hotels.length) throw forbidden(M.productNotSold);
    return hotels;
  }

  /** Every hotel account of the agency the storefront sells, searched at once, merged into one cacheId. */
  async searchHotels(slug: string, body: StorefrontHotelSearchBody) {
    const s = await this.storefront(slug);
    const modules = this.hotelModules(s);
    const accounts = (await this.d.providerAccounts.usableByAgency(s.agency.id)).filter((a) => {
      const m = (HOTEL_SUPPLIERS as readonly string[]).includes(a.supplier) ? moduleFor(a.supplier as never, null) : null;
      return m !== null && modules.includes(m);
    });
    const pricing = this.pricingOf(s);
    pricing.catch(() => undefined);
    const shared = this.d.hotelSearch.prefetch(s.sale, body.destination, pricing);
    // Invalid criteria and an unknown place are the traveller's 4xx before any supplier is called.
    await shared.place;
    let merged: SearchIndex | null = null;
    const failures: string[] = [];
    await fanOutSearch<string, SearchIndex>({
      chosen: accounts.map((a) => ({ id: a.id, source: { accountId: a.id, supplier: a.supplier, name: a.name } })),
      timeoutMs: SEARCH_TIMEOUT_MS,
      emit: (e) => {
        if (e.event === 'failure') failures.push(e.data.code);
      },
      search: async (source, id) => {
        const { index } = await this.d.hotelSearch.search(
          s.sale,
          { ...body, provider_id: id },
          { supplier: source.supplier as never, forceSandbox: false },
          shared,
        );
        return { part: index, response: null };
      },
      merge: async (parts) => {
        merged = await this.d.hotelSearch.merge(s.sale, parts);
        return merged && { cacheId: merged.cacheId, expires: merged.expires, itemsFound: merged.hotels.length };
      },
    });
    // A display currency without a rate failed every source: its 422, not an empty page.
    await pricing;
    const index = merged as SearchIndex | null;
    if (failures.length) this.d.log.warn({ whiteLabelId: s.whiteLabel.id, failures }, 'storefront search: some suppliers failed');
    if (!index) return { cacheId: null, expires: null, itemsFound: 0, page: 1, limit: 20, totalPages: 0, items: [] };
    return this.page(slug, index.cacheId, { page: 1, limit: 20, sort: 'price' }, {}, s);
  }

  async page(
    slug: string,
    cacheId: string,
    q: { page: number; limit: number; sort: 'price' | '-price' | 'name' | 'category' | '-category' },
    filter: Parameters<HotelSearchService['page']>[3],
    known?: Storefront,
  ) {
    const s = known ?? (await this.storefront(slug));
    this.hotelModules(s);
    const page = await this.d.hotelSearch.page(s.sale, cacheId, q, filter);
    return storefrontPage(page.response as unknown as EnginePage);
  }

  /** Re-prices one option at storefront prices (the option page shows a changed price to accept). */
  async quote(slug: string, cacheId: string, optionId: string) {
    const s = await this.storefront(slug);
    this.hotelModules(s);
    const q = (await this.d.hotelBooking.quote(s.sale, cacheId, optionId, undefined, await this.pricingOf(s))).response;
    return { s, q, view: quoteView(q) };
  }

  /** Every ticket source the shop sells, searched at once (tickets.ts). */
  async searchTickets(slug: string, body: StorefrontTicketSearchBody) {
    const s = await this.storefront(slug);
    this.tickets.assertSold(s);
    const pricing = this.lazyPricing(s);
    const page = await this.tickets.search(s, body, pricing);
    await pricing();
    return page;
  }

  async ticketPage(slug: string, cacheId: string, q: StorefrontTicketPageQuery) {
    return this.tickets.page(await this.storefront(slug), cacheId, q);
  }

  async quoteTicket(slug: string, cacheId: string, optionId: string) {
    const s = await this.storefront(slug);
    this.tickets.assertSold(s);
    return (await this.tickets.quote(s, cacheId, optionId, await this.pricingOf(s))).view;
  }

  /** Every transfer source the shop sells, between an airport and a place (transfers.ts). */
  async searchTransfers(slug: string, body: StorefrontTransferSearchBody) {
    const s = await this.storefront(slug);
    this.transfers.assertSold(s);
    const pricing = this.lazyPricing(s);
    const page = await this.transfers.search(s, body, pricing);
    await pricing();
    return page;
  }

  async transferPage(slug: string, cacheId: string, q: StorefrontTransferPageQuery) {
    return this.transfers.page(await this.storefront(slug), cacheId, q);
  }

  async quoteTransfer(slug: string, ref: { cacheId: string; optionId: string; returnOptionId?: string }) {
    const s = await this.storefront(slug);
    this.transfers.assertSold(s);
    return (await this.transfers.quote(s, ref, await this.pricingOf(s))).view;
  }

  /**
   * The storefront's pricing context, loaded once on first use (after the supplier requests have left); the
   * search awaits it once more at the end, so a display currency without a rate answers its 422.
   */
  private lazyPricing(s: Storefront): () => Promise<PricingContext> {
    let loaded: Promise<PricingContext> | undefined;
    return () => {
      if (!loaded) {
        loaded = this.pricingOf(s);
        loaded.catch(() => undefined);
      }
      return loaded;
    };
  }

  /** Hotel checkout: re-quote, the hold, the payment session (decision 0340). */
  async createOrder(slug: string, body: StorefrontOrderBody, returnBase?: string) {
    this.paymentPort();
    const { s, q } = await this.quote(slug, body.cacheId, body.optionId);
    if (!new Decimal(body.price.amount).eq(q.price.amount) || body.price.currency !== q.price.currency)
      throw new AppError(409, 'PRICE_CHANGED', M.priceChanged, { price: `${q.price.amount} ${q.price.currency}` });
    if (
      body.travellers.length !== q.rooms.length ||
      body.travellers.some((t, i) => t.length !== q.rooms[i].adults + q.rooms[i].childrenAges.length)
    )
      throw badRequest('Debe haber un grupo de viajeros por habitación, con tantas personas como la ocupación', {
        travellers: 'Viajeros por habitación',
      });
    const draft: OrderDraft = {
      quoteExpiresAt: q.expiresAt,
      priced: [await this.hotels.breakdownOf(s, q.quoteId)],
      order: {
        kind: 'hotel',
        option: { cacheId: body.cacheId, optionId: body.optionId, quoteId: q.quoteId },
        summary: {
          hotel: { name: q.hotel.name, board: q.board.label, checkIn: q.checkIn, checkOut: q.checkOut },
          rooms: rooms(q.rooms),
          cancellation: q.cancellation,
        },
        amount: q.price.amount,
        currency: q.price.currency,
        travellers: body.travellers,
        details: {},
      },
    };
    return this.openOrder(s, draft, body.billing, returnBase);
  }

  /** Ticket checkout: re-quote at the accepted price, the reserve's checks, the hold, the payment session (decision 0530). */
  async createTicketOrder(slug: string, body: StorefrontTicketOrderBody, returnBase?: string) {
    this.paymentPort();
    const s = await this.storefront(slug);
    const draft = await this.tickets.order(s, body, await this.pricingOf(s));
    return this.openOrder(s, draft, body.billing, returnBase);
  }

  /** Transfer checkout: both legs re-quoted at the accepted price, each leg's details checked, the hold, the payment. */
  async createTransferOrder(slug: string, body: StorefrontTransferOrderBody, returnBase?: string) {
    this.paymentPort();
    const s = await this.storefront(slug);
    const draft = await this.transfers.order(s, body, await this.pricingOf(s));
    return this.openOrder(s, draft, body.billing, returnBase);
  }

  private paymentPort(): PaymentPort {
    if (!this.d.payments) throw unavailable(M.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
    return this.d.payments;
  }

  /** The order path every product shares: the hold (never past the quote), the order row, the payment session. */
  private async openOrder(s: Storefront, draft: OrderDraft, billing: Billing, returnBase?: string) {
    const payments = this.paymentPort();
    const now = this.now();
    // The white label's own time to pay, else the platform's (decision 0601); never past the quote.
    const minutes = s.whiteLabel.holdMinutes ?? this.options.holdMinutes;
    const hold = Math.min(now.getTime() + minutes * 60_000, Date.parse(draft.quoteExpiresAt));
    const order = await this.d.repo.insert({
      ...draft.order,
      exchange: exchangeOf(draft.priced, now),
      ref: newRef(),
      whiteLabelId: s.whiteLabel.id,
      agencyId: s.agency.id,
      holdExpiresAt: new Date(hold),
      billing: billing as unknown as Record<string, unknown>,
      email: billing.email.toLowerCase(),
    });
    const base = returnBase ?? this.d.publicUrl;
    let session: Awaited<ReturnType<PaymentPort['startCheckout']>>;
    try {
      session = await payments.startCheckout({
        whiteLabelId: s.whiteLabel.id,
        agencyId: s.agency.id,
        orderId: order.id,
        // The display currency's decimals (COP 0): what the traveller was shown is what the gateway charges.
        amount: amountIn(order.amount, order.currency),
        currency: order.currency,
        customer: { email: order.email, fullName: `${billing.name} ${billing.surname}`, phone: billing.phone },
        returnUrl: `${base}/s/${s.whiteLabel.slug}/pedido/${order.ref}`,
        expiresAt: order.holdExpiresAt,
      });
    } catch (err) {
      await this.d.repo.move(order.id, ['awaiting-payment'], 'declined', { note: 'No se pudo abrir el pago' });
      this.d.log.error({ err, orderId: order.id }, 'storefront checkout could not start');
      if (err instanceof AppError) throw err;
      throw new AppError(502, 'PAYMENT_START_FAILED', 'No se pudo iniciar el pago; inténtalo de nuevo');
    }
    await this.d.repo.patch(order.id, { paymentId: session.paymentId, gateway: session.gateway });
    return { orderRef: order.ref, checkoutUrl: session.checkoutUrl, holdExpiresAt: order.holdExpiresAt.toISOString() };
  }

  /** A payment reached a final state (`PaymentPort.onSettled`): settlement.ts. */
  settled(e: PaymentSettled): Promise<void> {
    return this.settlement.settled(e);
  }

  /** A booking order whose voucher is confirmed: booked, and the confirmation e-mail queued (the sweeper's too). */
  booked(orderId: string, voucherId: string): Promise<void> {
    return this.settlement.booked(orderId, voucherId);
  }

  /** The refund path (decisions 0342, 0600; the sweeper's too). */
  refund(order: StorefrontOrderRow, reason: string, from: 'paid' | 'booking' = 'paid', voucherId?: string): Promise<void> {
    return this.settlement.refund(order, reason, from, voucherId);
  }
}

/** The storefront's view of a quote: the traveller's price and the option, nothing the agency keeps. */
function quoteView(q: Awaited<ReturnType<HotelBookingService['quote']>>['response']) {
  return {
    priceChanged: q.priceChanged,
    price: money(q.price),
    previousPrice: money(q.previousPrice),
    availability: q.availability,
    cancellation: q.cancellation,
    freeCancellationUntil: freeCancellationUntil(q.cancellation),
    hotel: q.hotel,
    rooms: rooms(q.rooms),
    board: q.board,
    checkIn: q.checkIn,
    checkOut: q.checkOut,
  };
}

/** An order reference a traveller can read out: `SF-` and 8 characters without look-alikes. */
function newRef(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `SF-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
