import {
  STOREFRONT_MESSAGES as M,
  type StorefrontTicketOption,
  type StorefrontTicketOrderBody,
  type StorefrontTicketPage,
  type StorefrontTicketPageQuery,
  type StorefrontTicketQuote,
  type StorefrontTicketSearchBody,
  type TicketReserveBody,
  TICKET_BOOKING_MESSAGES as TM,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { StorefrontOrderRow } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import type { PricingContext } from '../../pricing/index.js';
import type { BookingEngine } from '../booking/engine.js';
import { fanOutSearch } from '../booking/fan-out.js';
import { type CachedTicket, filterTickets, presentTicket, sortTickets } from '../booking/ticket/cache.js';
import type { TicketSearch, TicketSearchService } from '../booking/ticket/search.js';
import { type CachedTicketQuote, checkTicketReserve, type TicketBookingService } from '../booking/ticket/service.js';
import { amountIn, freeCancellationUntil, money, travellerPolicy } from './present.js';
import {
  type Billing,
  clientOf,
  integratorOf,
  type OrderDraft,
  type OrderProduct,
  type Requoted,
  reserveKeyOf,
  type Storefront,
  type StorefrontPayment,
} from './product.js';

const SEARCH_TIMEOUT_MS = 25_000;

/** What a ticket order keeps for its reserve (the order's `details`). */
interface TicketDetails {
  session?: string;
  language?: string;
  pickupPoint?: string;
  answers?: { code: string; answer: string }[];
  comments?: string;
  holderAddress?: StorefrontTicketOrderBody['holderAddress'];
}

/**
 * A storefront's tickets (decision 0530): every ticket source of the agency the white label sells (own tickets
 * included), searched at once and merged, the re-quote, the checkout's order and the reserve of a paid order —
 * all through the engine's ticket flow with the storefront's sales context and prices.
 */
export class StorefrontTickets implements OrderProduct {
  constructor(private readonly d: { search: TicketSearchService; booking: TicketBookingService; engine: BookingEngine; log: Logger }) {}

  /** The shop sells tickets (some `tickets-*` module of its products): a Spanish 403 otherwise. */
  assertSold(s: Storefront): void {
    if (!s.sale.modules.some((m) => m.startsWith('tickets-'))) throw forbidden(M.productNotSold);
  }

  async search(s: Storefront, body: StorefrontTicketSearchBody, pricing: () => Promise<PricingContext>): Promise<StorefrontTicketPage> {
    this.assertSold(s);
    const search = this.d.search;
    search.checkCriteria(body);
    const sources = await search.sources(s.sale);
    const shared = search.prefetch(s.sale, body, undefined, pricing);
    // An unknown place is the traveller's 404 before any supplier is called.
    await shared.place;
    let merged: TicketSearch | null = null;
    const failures: string[] = [];
    await fanOutSearch<string, TicketSearch>({
      chosen: sources.map((source) => ({ id: source.accountId, source })),
      timeoutMs: SEARCH_TIMEOUT_MS,
      emit: (e) => {
        if (e.event === 'failure') failures.push(e.data.code);
      },
      search: async (source) => {
        const account = await search.account(s.sale, source.accountId, null, false);
        return { part: await search.searchOne(s.sale, account, body, { forceSandbox: false, shared }), response: null };
      },
      merge: async (parts) => {
        merged = await search.merge(s.sale, parts);
        return merged && { cacheId: merged.cacheId, expires: merged.expires, itemsFound: merged.options.length };
      },
    });
    if (failures.length) this.d.log.warn({ whiteLabelId: s.whiteLabel.id, failures }, 'storefront ticket search: some sources failed');
    const found = merged as TicketSearch | null;
    if (!found) return { cacheId: null, expires: null, itemsFound: 0, page: 1, limit: 20, totalPages: 0, items: [] };
    return ticketPage(found, { page: 1, limit: 20, sort: 'price' });
  }

  async page(s: Storefront, cacheId: string, q: StorefrontTicketPageQuery): Promise<StorefrontTicketPage> {
    this.assertSold(s);
    return ticketPage(await this.d.search.load(s.sale, cacheId), q);
  }

  /** One option re-quoted at storefront prices: the engine's quote, its cached copy and the traveller's view. */
  async quote(s: Storefront, cacheId: string, optionId: string, pricing: PricingContext) {
    this.assertSold(s);
    const q = (await this.d.booking.quote(s.sale, cacheId, optionId, undefined, pricing)).response;
    const cached = await this.d.engine.quotes.get<CachedTicketQuote>('ticket', s.sale, q.quoteId);
    const price = money(q.price);
    const cancellation = travellerPolicy(q.supplier, q.cancellation, cached.quote.total, price);
    const view: StorefrontTicketQuote = {
      priceChanged: q.priceChanged,
      price,
      previousPrice: money(q.previousPrice),
      availability: q.availability,
      cancellation,
      freeCancellationUntil: freeCancellationUntil(cancellation),
      activity: { code: q.activity.code, name: q.activity.name },
      modality: { code: q.modality.code, name: q.modality.name },
      date: q.date,
      participants: { adults: q.participants.adults, children: [...q.participants.children] },
      sessions: q.sessions.map(({ code, name, languages }) => ({ code, name, ...(languages ? { languages } : {}) })),
      languages: q.languages.map(({ code, name }) => ({ code, name })),
      pickupPoints: q.pickupPoints,
      questions: q.questions.map(({ code, text, required }) => ({ code, text, required })),
      description: q.content?.description ?? null,
      inclusions: q.content?.inclusions ?? [],
      importantInfo: q.content?.importantInfo ?? [],
      meetingPoint: q.content?.meetingPoint
        ? { description: q.content.meetingPoint.description, address: q.content.meetingPoint.address }
        : null,
      requiredHolderFields: q.requiredHolderFields,
    };
    return { q, cached, view };
  }

  /** Checkout: the re-quote at the accepted price, and the engine's reserve checks run now, before any payment. */
  async order(s: Storefront, body: StorefrontTicketOrderBody, pricing: PricingContext): Promise<OrderDraft> {
    const { q, cached, view } = await this.quote(s, body.cacheId, body.optionId, pricing);
    if (!new Decimal(body.price.amount).eq(view.price.amount) || body.price.currency !== view.price.currency)
      throw new AppError(409, 'PRICE_CHANGED', M.priceChanged, { price: `${view.price.amount} ${view.price.currency}` });
    if (view.availability !== 'available' && view.availability !== 'on-request') throw new AppError(409, 'NOT_AVAILABLE', TM.eventNotFound);
    const details: TicketDetails = {
      session: body.session,
      language: body.language,
      pickupPoint: body.pickupPoint,
      answers: body.answers,
      comments: body.comments,
      holderAddress: body.holderAddress,
    };
    const reserveBody = this.reserveBody(body.billing, body.participants, details, view.price, q.quoteId);
    const { choice, paxes } = checkTicketReserve(cached, reserveBody, this.d.engine.now());
    const pick = <T extends { code: string; name: string }>(list: T[], code?: string) => list.find((x) => x.code === code)?.name ?? null;
    return {
      quoteExpiresAt: q.expiresAt,
      priced: [cached.breakdown],
      order: {
        kind: 'ticket',
        option: { cacheId: body.cacheId, optionId: body.optionId, quoteId: q.quoteId },
        summary: {
          ticket: {
            activity: view.activity.name,
            modality: view.modality.name !== view.activity.name ? view.modality.name : null,
            date: view.date,
            session: pick(view.sessions, choice.session),
            language: pick(view.languages, choice.language),
            participants: { adults: view.participants.adults, children: view.participants.children.length },
          },
          cancellation: view.cancellation,
        },
        amount: view.price.amount,
        currency: view.price.currency,
        travellers: [
          paxes.map((p, i) => ({
            name: body.participants[i].name,
            surname: body.participants[i].surname,
            ...(body.participants[i].age !== undefined ? { age: body.participants[i].age } : {}),
            type: p.type,
          })),
        ],
        details: { ...details, answers: choice.answers } as Record<string, unknown>,
      },
    };
  }

  async requote(s: Storefront, order: StorefrontOrderRow, pricing: PricingContext): Promise<Requoted | { refused: string }> {
    const q = (await this.d.booking.quote(s.sale, order.option.cacheId, order.option.optionId, undefined, pricing)).response;
    if (!new Decimal(q.price.amount).eq(order.amount) || q.price.currency !== order.currency || q.availability !== 'available')
      return { refused: 'El precio o la disponibilidad cambiaron después del tiempo de reserva' };
    const cached = await this.d.engine.quotes.get<CachedTicketQuote>('ticket', s.sale, q.quoteId);
    return { option: { ...order.option, quoteId: q.quoteId }, priced: [cached.breakdown] };
  }

  reserve(s: Storefront, order: StorefrontOrderRow, payment: StorefrontPayment) {
    const participants = (order.travellers[0] ?? []).map((p) => ({
      name: p.name,
      surname: p.surname,
      ...(p.age !== undefined ? { age: p.age } : {}),
    }));
    const body = this.reserveBody(
      order.billing as unknown as Billing,
      participants,
      order.details as TicketDetails,
      { amount: amountIn(order.amount, order.currency), currency: order.currency },
      order.option.quoteId,
      payment,
    );
    return this.d.booking.reserve(s.sale, body, reserveKeyOf(order), { integrator: integratorOf(s) });
  }

  private reserveBody(
    billing: Billing,
    participants: { name: string; surname: string; age?: number }[],
    d: TicketDetails,
    price: { amount: string; currency: string },
    quoteId: string,
    payment?: StorefrontPayment,
  ): TicketReserveBody {
    if (!participants.length) throw badRequest(TM.participantsMismatch, { participants: TM.participantsMismatch });
    return {
      type: 'ticket',
      client: clientOf(billing, d.holderAddress),
      companions: participants,
      price: { gross: price.amount, currency: price.currency },
      bookingCodes: { quoteId },
      ...(d.session ? { session: d.session } : {}),
      ...(d.language ? { language: d.language } : {}),
      ...(d.pickupPoint ? { pickupPoint: d.pickupPoint } : {}),
      ...(d.answers?.length ? { answers: d.answers } : {}),
      ...(d.comments ? { comments: d.comments } : {}),
      ...(payment ? { payments: { storefront: [payment] } } : {}),
    };
  }
}

/** One page of a stored ticket search as a traveller sees it (cheapest first by default). */
function ticketPage(search: TicketSearch, q: StorefrontTicketPageQuery): StorefrontTicketPage {
  const matching = sortTickets(filterTickets(search.options, q), q.sort);
  return {
    cacheId: search.cacheId,
    expires: search.expires,
    itemsFound: matching.length,
    page: q.page,
    limit: q.limit,
    totalPages: Math.max(1, Math.ceil(matching.length / q.limit)),
    items: matching.slice((q.page - 1) * q.limit, q.page * q.limit).map(ticketOptionView),
  };
}

/** Picks, field by field, what a traveller may see of an option: no supplier, account, breakdown or cost. */
function ticketOptionView(c: CachedTicket): StorefrontTicketOption {
  const o = presentTicket(c, (b) => b);
  const cancellation = travellerPolicy(c.offer.supplier, c.offer.cancellation, c.offer.total, o.price);
  return {
    optionId: o.optionId,
    activity: { code: o.activity.code, name: o.activity.name },
    modality: { code: o.modality.code, name: o.modality.name },
    category: o.category,
    date: o.from,
    durationHours: o.durationHours,
    sessions: o.sessions.map(({ code, name }) => ({ code, name })),
    languages: o.languages.map(({ code, name }) => ({ code, name })),
    pickupIncluded: o.pickupIncluded,
    availability: o.availability,
    freeCancellation: o.freeCancellation,
    cancellation,
    freeCancellationUntil: freeCancellationUntil(cancellation),
    image: o.image,
    price: money(o.price),
    pricePerAdult: money(o.pricePerAdult),
  };
}
