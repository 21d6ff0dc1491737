import { randomBytes } from 'node:crypto';
import {
  type AgencyModule,
  BASE_CURRENCY,
  enabledModules,
  formatMoney,
  type HotelCancellationPolicy,
  STOREFRONT_MESSAGES as M,
  STOREFRONT_ORDER_STATUS_LABELS,
  type StorefrontHotelSearchBody,
  type StorefrontOrderBody,
  type StorefrontOrderView,
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
import type { OutboxRepository } from '../outbox/repository.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { PaymentPort, PaymentSettled } from '../payments/port.js';
import { toPlaceDto } from '../place/presenter.js';
import type { PlaceService } from '../place/service.js';
import type { PricingService } from '../pricing/service.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import { HotelOrders } from './hotels.js';
import { amountIn, type EnginePage, freeCancellationUntil, money, rooms, storefrontPage } from './present.js';
import { type Billing, exchangeOf, type OrderDraft, type OrderProduct, type Storefront } from './product.js';
import type { StorefrontRepository } from './repository.js';
import { StorefrontTickets } from './tickets.js';
import { StorefrontTransfers } from './transfers.js';

const HOTEL_SUPPLIERS = ['hotelbeds', 'juniper', 'restel'] as const;
const OUTBOX_CONFIRMATION = 'storefront.confirmation';
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
  /** Each product's part of a paid order: its re-quote after the hold and its reserve. */
  private readonly products: Record<StorefrontProductKind, OrderProduct>;
  private readonly hotels: HotelOrders;
  constructor(private readonly d: StorefrontDeps) {
    this.now = d.now ?? (() => new Date());
    this.options = { holdMinutes: 15, ...d.options };
    this.tickets = new StorefrontTickets({ search: d.ticketSearch, booking: d.ticketBooking, engine: d.engine, log: d.log });
    this.transfers = new StorefrontTransfers({ transfers: d.transfers, engine: d.engine, places: d.places, log: d.log });
    this.hotels = new HotelOrders(d.hotelBooking, d.engine);
    this.products = { hotel: this.hotels, ticket: this.tickets, transfer: this.transfers };
    d.payments?.onSettled((e) => this.settled(e));
    d.outboxWorker.on(OUTBOX_CONFIRMATION, (p) => this.sendConfirmation(String(p.orderId)));
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

  /**
   * A payment reached a final state (told at least once per transition, possibly out of order):
   * every step is a conditional transition, so duplicates and races move the order once.
   */
  async settled(e: PaymentSettled): Promise<void> {
    const order = await this.d.repo.byId(e.orderId);
    if (!order || order.whiteLabelId !== e.whiteLabelId || (order.paymentId && order.paymentId !== e.paymentId)) {
      this.d.log.warn({ paymentId: e.paymentId, orderId: e.orderId }, 'payment event for an unknown order or another payment; ignored');
      return;
    }
    const log = { orderId: order.id, paymentId: e.paymentId, status: e.status };
    switch (e.status) {
      case 'declined':
      case 'error':
      case 'expired': {
        const moved = await this.d.repo.move(order.id, ['awaiting-payment'], e.status === 'expired' ? 'expired' : 'declined', {
          gatewayReference: e.gatewayReference,
          note: e.status === 'expired' ? 'El pago venció' : 'El pago fue rechazado',
        });
        this.d.log.info({ ...log, moved: !!moved }, 'storefront payment not approved');
        return;
      }
      case 'refunded':
        await this.d.repo.move(order.id, ['paid', 'needs-attention'], 'refunded', { note: 'Pago reembolsado' });
        return;
      case 'approved':
        return this.approved(order, e);
    }
  }

  private async approved(order: StorefrontOrderRow, e: PaymentSettled): Promise<void> {
    // Approved wins over an earlier declined/expired told out of order: the money was taken.
    const paid = await this.d.repo.move(order.id, ['awaiting-payment', 'declined', 'expired'], 'paid', {
      paymentId: e.paymentId,
      gateway: e.gateway,
      gatewayReference: e.gatewayReference,
    });
    if (!paid) {
      this.d.log.info({ orderId: order.id, status: order.status }, 'approved payment told again; nothing to do');
      return;
    }
    if (!new Decimal(e.amount).eq(paid.amount) || e.currency !== paid.currency) {
      this.d.log.warn({ orderId: paid.id, paid: `${e.amount} ${e.currency}`, held: `${paid.amount} ${paid.currency}` }, 'amount mismatch');
      return this.refund(paid, 'El monto pagado no coincide con la reserva');
    }
    if (e.occurredAt.getTime() >= paid.holdExpiresAt.getTime()) {
      // Approved after the time to pay ended (the gateway's time of the approval): never booked, refunded (decision 0600).
      this.d.log.warn({ orderId: paid.id, approvedAt: e.occurredAt, holdExpiresAt: paid.holdExpiresAt }, 'payment approved after the hold');
      return this.refund(paid, M.paidAfterHold);
    }
    const booking = await this.d.repo.move(paid.id, ['paid'], 'booking');
    if (!booking) return;
    const found = await this.d.repo.whiteLabelById(booking.whiteLabelId);
    if (!found) return this.refund(booking, 'La tienda ya no existe', 'booking');
    const s = this.contextOf(found.whiteLabel, found.agency);
    const product = this.products[booking.kind];
    let toBook = booking;
    if (this.now().getTime() >= booking.holdExpiresAt.getTime()) {
      // Approved within the hold but told after it (a late webhook, a retry): booked only at the same price
      // and still available, else refunded (decisions 0342, 0600).
      try {
        const next = await product.requote(s, booking, await this.pricingOf(s));
        if ('refused' in next) return this.refund(booking, next.refused, 'booking');
        // The same price in the display currency; the cost and rate are the re-quote's (decision 0560).
        const exchange = exchangeOf(next.priced, this.now());
        await this.d.repo.patch(booking.id, { option: next.option, exchange });
        toBook = { ...booking, option: next.option, exchange };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return this.refund(booking, `No se pudo volver a cotizar: ${err.message}`, 'booking');
      }
    }
    const payment = { gateway: e.gateway, reference: e.gatewayReference, amount: e.amount, currency: e.currency, status: 'approved' };
    try {
      const { voucher } = await product.reserve(s, toBook, payment);
      if (voucher.status === 'cancelled') return this.refund(booking, 'El proveedor no confirmó la reserva', 'booking', voucher.id);
      const done = voucher.status === 'confirmed' || voucher.status === 'on-request';
      if (done) await this.booked(booking.id, voucher.id);
      else await this.d.repo.patch(booking.id, { voucherId: voucher.id });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const voucherId = err.fields?.voucherId;
      return this.refund(booking, `No se pudo reservar: ${err.message}`, 'booking', voucherId);
    }
  }

  /** A booking order whose voucher is confirmed: booked, and the confirmation e-mail queued (also the sweeper's). */
  async booked(orderId: string, voucherId: string) {
    const moved = await this.d.repo.move(orderId, ['booking'], 'booked', { voucherId });
    if (moved) {
      await this.d.outbox.enqueue(OUTBOX_CONFIRMATION, { orderId });
      this.d.outboxWorker.kick();
    }
  }

  /** The refund path (decision 0342): refunded through the gateway, or left to the agency when that fails (also the sweeper's). */
  async refund(order: StorefrontOrderRow, reason: string, from: 'paid' | 'booking' = 'paid', voucherId?: string) {
    const patch = voucherId ? { voucherId } : {};
    try {
      const r = await (this.d.payments as PaymentPort).refund(order.paymentId ?? '', reason);
      const note = r.status === 'refunded' ? reason : `${reason} (reembolso en trámite)`;
      await this.d.repo.move(order.id, [from], 'refunded', { ...patch, note });
      this.d.log.warn({ orderId: order.id, reason }, 'storefront order refunded');
    } catch (err) {
      await this.d.repo.move(order.id, [from], 'needs-attention', {
        ...patch,
        note: `${reason}. El reembolso falló: revisar con la pasarela`,
      });
      this.d.log.error({ err, orderId: order.id }, 'storefront refund failed; order needs attention');
    }
  }

  /** "Mi reserva": the order when the e-mail matches (the same 404 otherwise). */
  async lookup(slug: string, ref: string, email: string): Promise<StorefrontOrderView> {
    const s = await this.storefront(slug);
    let order = await this.d.repo.byRef(s.whiteLabel.id, ref);
    if (!order || order.email !== email.trim().toLowerCase()) throw notFound(M.orderNotFound);
    const voucher = order.voucherId ? await this.d.engine.settler.reload(order.voucherId) : null;
    // A booking answered pending settles later (recovery): the order follows its voucher.
    if (order.status === 'booking' && voucher && (voucher.status === 'confirmed' || voucher.status === 'on-request')) {
      await this.booked(order.id, voucher.id);
      order = (await this.d.repo.byId(order.id)) as StorefrontOrderRow;
    }
    const billing = order.billing as { name: string; surname: string };
    return {
      orderRef: order.ref,
      status: order.status,
      statusLabel: STOREFRONT_ORDER_STATUS_LABELS[order.status],
      holdExpiresAt: order.holdExpiresAt.toISOString(),
      price: money({ amount: order.amount, currency: order.currency }),
      kind: order.kind,
      hotel: order.summary.hotel ?? null,
      rooms: order.summary.rooms ?? [],
      ticket: order.summary.ticket ?? null,
      transfer: order.summary.transfer ?? null,
      holder: { name: billing.name, surname: billing.surname },
      voucher: voucher
        ? {
            reference: voucher.externalBookingReference,
            status: voucher.status,
            locator: voucher.locator ?? null,
            cancellation: order.summary.cancellation as HotelCancellationPolicy,
          }
        : null,
    };
  }

  /** The confirmation e-mail, in the white label's name, with the reference and the "mi reserva" link. */
  private async sendConfirmation(orderId: string) {
    const order = await this.d.repo.byId(orderId);
    if (!order) return;
    const found = await this.d.repo.whiteLabelById(order.whiteLabelId);
    if (!found) return;
    const wl = found.whiteLabel;
    const link = `${this.d.publicUrl}/s/${wl.slug}/mi-reserva?ref=${encodeURIComponent(order.ref)}`;
    await this.d.mailer.send({
      to: order.email,
      fromName: wl.name,
      subject: `${wl.name}: tu reserva ${order.ref} está confirmada`,
      text: [
        ...confirmationLines(order.summary),
        `Referencia: ${order.ref}`,
        `Total pagado: ${formatMoney(order.amount, order.currency)}`,
        `Consulta tu reserva en ${link} con esta referencia y tu correo.`,
        '',
        wl.name,
      ].join('\n'),
    });
  }
}

/** What the confirmation e-mail says was booked, by product. */
function confirmationLines(summary: StorefrontOrderRow['summary']): string[] {
  const { hotel, ticket, transfer } = summary;
  if (ticket) {
    const when = [ticket.date, ticket.session ? `a las ${ticket.session}` : null].filter(Boolean).join(' ');
    const who = `${ticket.participants.adults} adulto(s)${ticket.participants.children ? ` y ${ticket.participants.children} niño(s)` : ''}`;
    return [
      `Tu reserva de ${ticket.activity}${ticket.modality ? ` (${ticket.modality})` : ''} el ${when} está confirmada.`,
      `Participantes: ${who}${ticket.language ? ` · Idioma: ${ticket.language}` : ''}`,
    ];
  }
  if (transfer)
    return [
      `Tu traslado (${transfer.service}, ${transfer.vehicle}) para ${transfer.passengers} pasajero(s) está confirmado:`,
      ...transfer.legs.map(
        (l) =>
          `${l.direction === 'outbound' ? 'Ida' : 'Regreso'}: ${l.from} → ${l.to}, ${l.date} a las ${l.time}` +
          (l.transportNumber ? ` (vuelo ${l.transportNumber})` : ''),
      ),
    ];
  return hotel
    ? [`Tu reserva en ${hotel.name} del ${hotel.checkIn} al ${hotel.checkOut} está confirmada.`]
    : ['Tu reserva está confirmada.'];
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
