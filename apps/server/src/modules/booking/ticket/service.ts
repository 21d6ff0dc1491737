import {
  HOTEL_BOOKING_MESSAGES as HM,
  TICKET_BOOKING_MESSAGES as M,
  PROVIDER_CATALOGUE,
  type PriceBreakdown,
  type TicketProvider,
  type TicketReserveBody,
  type TicketSection,
  type TicketStreamSearchBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { VoucherRow } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest } from '../../../http/errors.js';
import { breakdownFor, type PricingContext } from '../../../pricing/index.js';
import type { ResolvedProviderAccount, SupplierLayer, TicketQuote, Traveller } from '../../../suppliers/index.js';
import { policiesOf } from '../../inventory/own-voucher.js';
import type { PricingService } from '../../pricing/service.js';
import type { EventActor } from '../../voucher/service.js';
import type { BookingEngine } from '../engine.js';
import { departureGate, fanOutSearch, type StreamEvent } from '../fan-out.js';
import { assertRequiredHolderFields, supplierHolder } from '../holder.js';
import { quoteChanges } from '../quote-changes.js';
import { type QuoteOwner, QuoteStore } from '../quote-store.js';
import { ReserveEngine } from '../reserve.js';
import { type SalesContext, saleOf, viewerTypeOf } from '../sales-context.js';
import { voucherMoney } from '../voucher-money.js';
import { hoursOf } from './cache.js';
import { paxAgesOf, type TicketCriteria, type TicketSearch, type TicketSearchService } from './search.js';

/** What is kept under a quoteId between the quote and the reserve. */
export interface CachedTicketQuote extends QuoteOwner {
  v: 1;
  cacheId: string;
  optionId: string;
  accountId: string;
  forceSandbox: boolean;
  criteria: TicketCriteria;
  place: TicketSearch['place'];
  quote: TicketQuote;
  breakdown: PriceBreakdown;
}

export const ticketQuoteRef = (quoteId: string) => `ticket-quote:${quoteId}`;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The ticket flow on the booking engine (docs/adding-a-product-kind.md): one streamed search over
 * every usable ticket source (own inventory is one more provider), the re-quote of one option, and
 * the reserve through the engine's one reserve path. Recovery and cancellation are the engine's.
 */
export class TicketBookingService {
  constructor(
    private readonly d: { engine: BookingEngine; suppliers: SupplierLayer; pricing: PricingService; search: TicketSearchService },
  ) {}

  /** Spec §7 `api/ticket/{product}/avail`: one provider's search (own inventory needs no account). */
  async avail(
    auth: AuthContext,
    provider: TicketProvider,
    accountId: string | undefined,
    criteria: TicketCriteria,
    opts: { forceSandbox: boolean; simScenario?: string },
  ) {
    const id =
      accountId ??
      (provider === 'travesia' ? (await this.d.search.sources(auth)).find((s) => s.supplier === 'travesia')?.accountId : undefined);
    if (!id)
      throw provider === 'travesia'
        ? new AppError(403, 'FORBIDDEN', M.moduleDisabled)
        : badRequest(HM.providerRequired, { provider_id: HM.providerRequired });
    const account = await this.d.search.account(auth, id, provider, opts.forceSandbox);
    const found = await this.d.search.searchOne(auth, account, criteria, opts);
    return this.d.search.present(auth, found, { page: 1, limit: 20, sort: 'price' });
  }

  /** Every chosen (or usable) ticket source searched at once, streamed per source, then merged under one cacheId. */
  async stream(
    auth: AuthContext,
    body: TicketStreamSearchBody,
    emit: (e: StreamEvent<TicketProvider>) => void,
    opts: { forceSandbox: boolean; simScenario?: string },
  ) {
    const search = this.d.search;
    search.checkCriteria(body);
    const usableAccounts = await search.usableAccounts(auth);
    const usable = await search.sources(auth, usableAccounts);
    const chosen = body.providers
      ? [...new Set(body.providers)].map((id) => ({ id, source: usable.find((u) => u.accountId === id) ?? null }))
      : usable.map((s) => ({ id: s.accountId, source: s }));
    // Every source's account is resolved from the one read above, before the place look-ups and any source's own
    // work: on PGlite's one connection queries run in turn, and a supplier's request waits for its account (issues
    // 17, 18).
    const accounts = new Map(
      chosen.flatMap(({ source }) => {
        if (!source) return [];
        const account = search.account(auth, source.accountId, null, opts.forceSandbox, usableAccounts);
        account.catch(() => undefined); // awaited (and its failure reported) by the source's search below
        return [[source.accountId, account] as const];
      }),
    );
    // Own tickets and the pricing context wait until the supplier requests are written (fan-out.ts, issue 17).
    const gate = departureGate(chosen, () => this.d.suppliers.http.unsent.whenWritten());
    const shared = search.prefetch(auth, body.destination, gate.opened);
    await fanOutSearch<TicketProvider, TicketSearch>({
      chosen,
      emit,
      timeoutMs: body.timeoutMs,
      search: (source) =>
        gate.run(source, async (depart) => {
          // Every source fanned out has its account read above.
          const account = await (accounts.get(source.accountId) as Promise<ResolvedProviderAccount>);
          const part = await search.searchOne(auth, account, body, { ...opts, shared, depart });
          return { part, response: search.present(auth, part, { page: 1, limit: 20, sort: 'price' }).response };
        }),
      merge: async (parts) => {
        const merged = await search.merge(auth, parts);
        return merged && { cacheId: merged.cacheId, expires: merged.expires, itemsFound: merged.options.length };
      },
    });
  }

  /**
   * Re-quotes one option with its provider (Hotelbeds details, Juniper booking rules, own calendar); changes come
   * flagged. A storefront passes its own pricing context (its markup on top, decision 0341).
   */
  async quote(who: AuthContext | SalesContext, cacheId: string, optionId: string, simScenario?: string, pricing?: PricingContext) {
    const sale = saleOf(who);
    const { search, option } = await this.d.search.option(sale, cacheId, optionId);
    const account = await this.d.search.account(sale, option.accountId, null, search.forceSandbox);
    const at = this.d.engine.now();
    const quote = await this.d.suppliers.registry
      .ticket(account)
      .quote(option.offer, { correlationId: cacheId, simScenario: account.mode === 'sandbox' ? simScenario : undefined });
    const supplierData = option.offer.supplierData as { placeId?: string; placeAncestors?: string[] };
    const offer = {
      kind: 'ticket' as const,
      supplier: account.supplier,
      destinationAncestors: supplierData.placeId
        ? [supplierData.placeId, ...(supplierData.placeAncestors ?? [])]
        : [search.place.id, ...search.place.ancestors],
      checkIn: option.offer.from,
      nights: 1,
      paxes: option.offer.paxAges.length,
      cost: quote.total,
      bookingDate: isoDay(at),
      targetCurrency: option.breakdown.currency,
    };
    const breakdown = pricing
      ? this.d.pricing.price(pricing, offer)
      : await this.d.pricing.priceOffer({ ...offer, agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at });
    const quoteId = QuoteStore.newId();
    const ttl = QuoteStore.ttl(quote.token.expiresAt, at);
    const expiresAt = new Date(at.getTime() + ttl * 1000).toISOString();
    await this.d.engine.quotes.put<CachedTicketQuote>(
      'ticket',
      {
        v: 1,
        quoteId,
        cacheId,
        optionId,
        agencyId: search.agencyId,
        userId: search.userId,
        accountId: option.accountId,
        forceSandbox: search.forceSandbox,
        criteria: search.criteria,
        place: search.place,
        quote,
        breakdown,
        expiresAt,
      },
      ttl,
    );
    const { paxes } = search.criteria;
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
        availability: quote.availability ?? 'available',
        cancellation: quote.cancellation,
        previousCancellation: option.offer.cancellation,
        remarks: quote.remarks,
        activity: quote.offer.activity,
        modality: quote.offer.modality,
        supplier: account.supplier,
        date: quote.offer.from,
        participants: { adults: paxes.adults, children: paxes.children },
        sessions: quote.sessions ?? [],
        languages: quote.languages ?? [],
        pickupPoints: (quote.pickupPoints ?? []).map(({ code, name, time, address }) => ({ code, name, time, address })),
        questions: quote.questions ?? [],
        ageBands: quote.ageBands ?? [],
        content: quote.content ?? null,
        requiredHolderFields: quote.requiredHolderFields ?? [],
      },
    };
  }

  /**
   * Books an accepted quote exactly once per idempotency key, through the engine's reserve path; a storefront
   * order books with its sales context and names itself as the voucher's integrator (decision 0530).
   */
  async reserve(
    who: AuthContext | SalesContext,
    body: TicketReserveBody,
    idempotencyKey: string | undefined,
    opts: { simScenario?: string; actor?: EventActor; integrator?: string } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const sale = saleOf(who);
    const { reserves, quotes } = this.d.engine;
    const previous = await reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, body.bookingCodes.quoteId), created: false };
    const q = await quotes.get<CachedTicketQuote>('ticket', sale, body.bookingCodes.quoteId);
    if (!new Decimal(body.price.gross).eq(q.breakdown.price) || body.price.currency !== q.breakdown.currency)
      throw new AppError(409, 'PRICE_CHANGED', HM.priceChanged, { price: `Precio vigente: ${q.breakdown.price} ${q.breakdown.currency}` });
    const { choice, paxes } = checkTicketReserve(q, body, this.d.engine.now());
    const account = await this.d.search.account(sale, q.accountId, null, q.forceSandbox);
    const tickets = this.d.suppliers.registry.ticket(account);
    const holder = supplierHolder(body.client);
    const day = q.quote.offer.from;
    return reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      voucher: ticketVoucher(q, body, choice),
      code: { kind: 'supplier-ticket', checkIn: day, checkOut: q.quote.offer.to, quoteId: q.quoteId, token: q.quote.token },
      quoteRef: ticketQuoteRef(q.quoteId),
      book: (clientReference, ctx) =>
        tickets.book({ quote: q.quote, holder, paxes, clientReference, ...choice, remarks: body.comments }, ctx),
      simScenario: opts.simScenario,
      actor: opts.actor,
      integrator: opts.integrator,
    });
  }
}

/**
 * Every check of a ticket reserve against its quote, before anything is recorded: the choices, the holder
 * fields the supplier requires, one traveller per searched participant in the quoted age bands. A storefront
 * runs them at checkout too, so a traveller never pays for a booking the engine would refuse (decision 0530).
 */
export function checkTicketReserve(q: CachedTicketQuote, body: TicketReserveBody, now: Date) {
  const choice = assertChoices(q.quote, body, now);
  assertRequiredHolderFields(q.quote.requiredHolderFields, body.client);
  const paxes = participantsOf(q.criteria, body);
  assertBands(q.quote, paxAgesOf(q.criteria), paxes);
  return { choice, paxes };
}

/**
 * The session, language, pickup and answers the quote asks for, checked before anything is recorded (400s
 * in Spanish); a session (or a rate without sessions) whose cut-off has passed at `now` is a 409.
 */
function assertChoices(quote: TicketQuote, body: TicketReserveBody, now: Date) {
  const sessions = quote.sessions ?? [];
  if (sessions.length && !body.session) throw badRequest(M.sessionRequired, { session: M.sessionRequired });
  const session = sessions.find((s) => s.code === body.session);
  if (body.session && !session) throw badRequest(M.sessionUnknown, { session: M.sessionUnknown });
  const until = session ? session.bookableUntil : quote.bookableUntil;
  if (until && Date.parse(until) <= now.getTime()) {
    const msg = M.cutoffPassed(session ? `la sesión de las ${session.name}` : 'esta actividad');
    throw new AppError(409, 'TICKET_CUTOFF_PASSED', msg, { session: msg });
  }
  // A session that lists its own languages offers only those (own tickets, decision 0450).
  const languages = session?.languages
    ? (quote.languages ?? []).filter((l) => session.languages?.includes(l.code))
    : (quote.languages ?? []);
  if (languages.length && !body.language) throw badRequest(M.languageRequired, { language: M.languageRequired });
  if (body.language && !languages.some((l) => l.code === body.language)) {
    const known = (quote.languages ?? []).find((l) => l.code === body.language);
    const msg = known && session ? M.languageNotInSession(known.name, session.name) : M.languageUnknown;
    throw badRequest(msg, { language: msg });
  }
  if (body.pickupPoint && !(quote.pickupPoints ?? []).some((p) => p.code === body.pickupPoint))
    throw badRequest(M.pickupUnknown, { pickupPoint: M.pickupUnknown });
  const answers = (body.answers ?? []).filter((a) => a.answer.trim());
  const missing = (quote.questions ?? []).find((x) => x.required && !answers.some((a) => a.code === x.code));
  if (missing) throw badRequest(M.answerRequired(missing.text), { [`answers.${missing.code}`]: M.answerRequired(missing.text) });
  return {
    session: body.session,
    language: body.language,
    pickupPoint: body.pickupPoint,
    answers: answers.map((a) => ({ code: a.code, answer: a.answer.trim() })),
  };
}

/** One traveller per searched participant (adults first, then children in the searched order). */
function participantsOf(c: TicketCriteria, body: TicketReserveBody): Traveller[] {
  const ages = paxAgesOf(c);
  if (body.companions.length !== ages.length) throw badRequest(M.participantsMismatch, { companions: M.participantsMismatch });
  return body.companions.map((p, i) => {
    const child = i >= c.paxes.adults;
    const age = child ? ages[i] : (p.age ?? ages[i]);
    return { name: p.name, surname: p.surname, age, type: child ? (age < 2 ? 'infant' : 'child') : 'adult' };
  });
}

/**
 * When the quote's bands bind (own tickets, decision 0450), every participant's age must fall in a band,
 * the same band as the age the quote priced (an adult who gives 70 where a senior band is cheaper, or 15
 * where the adults' band starts at 18, changes the price): a 400 in Spanish before anything is recorded.
 */
function assertBands(quote: TicketQuote, quotedAges: number[], paxes: Traveller[]) {
  const bands = quote.ageBands ?? [];
  if (!quote.bandsBind || !bands.length) return;
  const bandOf = (age: number) => bands.find((b) => age >= b.ageFrom && age <= b.ageTo);
  paxes.forEach((p, i) => {
    const age = p.age ?? quotedAges[i];
    const band = bandOf(age);
    if (!band) {
      const msg = M.ageOutsideBands(age, bands.map((b) => `${b.paxType} ${b.ageFrom}–${b.ageTo}`).join(', '));
      throw badRequest(msg, { [`companions.${i}.age`]: msg });
    }
    if (band !== bandOf(quotedAges[i])) {
      const msg = M.ageBandChanged(`${p.name} ${p.surname}`.trim());
      throw badRequest(msg, { [`companions.${i}.age`]: msg });
    }
  });
}

/** The voucher of a ticket booking as recorded before the provider is called. */
function ticketVoucher(q: CachedTicketQuote, body: TicketReserveBody, choice: ReturnType<typeof assertChoices>) {
  const b = q.breakdown;
  const quote = q.quote;
  const pick = <T extends { code: string }>(list: T[] | undefined, code: string | undefined) => list?.find((x) => x.code === code) ?? null;
  return {
    type: 'ticket' as const,
    start: quote.offer.from,
    end: quote.offer.to,
    nights: 0,
    client: { ...body.client, name: body.client.name.trim() },
    companions: body.companions.map((p) => ({ ...p })),
    ...voucherMoney([{ breakdown: b, cost: quote.total }]),
    payments: (body.payments ?? {}) as Record<string, unknown>,
    remarks: body.comments ?? null,
    policies: policiesOf(quote.cancellation),
    product: {
      name: quote.offer.activity.name,
      destination: q.place.name,
      modality: quote.offer.modality.name,
      supplier: PROVIDER_CATALOGUE[quote.offer.supplier].shortLabel,
      session: pick(quote.sessions, choice.session)?.name ?? null,
      language: pick(quote.languages, choice.language)?.name ?? null,
      pickupPoint: pick(quote.pickupPoints, choice.pickupPoint),
      meetingPoint: quote.content?.meetingPoint ?? null,
      durationHours: hoursOf(quote.offer),
      participants: { adults: q.criteria.paxes.adults, children: q.criteria.paxes.children },
      nationality: q.criteria.countryCode.toUpperCase(),
      description: quote.content?.description?.slice(0, 2000),
      importantInfo: quote.content?.importantInfo ?? [],
      answers: choice.answers,
      breakdown: b,
      comments: body.comments,
      section: ticketSection(q, body, choice),
    },
  };
}

/** The voucher's ticket section (contracts `voucher-sections.ts`): what the detail page and the PDF show. */
function ticketSection(q: CachedTicketQuote, body: TicketReserveBody, choice: ReturnType<typeof assertChoices>): TicketSection {
  const quote = q.quote;
  const meeting = quote.content?.meetingPoint;
  const pickup = quote.pickupPoints?.find((p) => p.code === choice.pickupPoint);
  const meetingPoint = pickup
    ? { description: [pickup.name, pickup.time].filter(Boolean).join(' · ').slice(0, 1000), address: pickup.address?.slice(0, 300) }
    : meeting
      ? {
          description: meeting.description?.slice(0, 1000),
          address: meeting.address?.slice(0, 300),
          coordinates: meeting.location ? `${meeting.location.lat},${meeting.location.lng}` : undefined,
        }
      : undefined;
  const { adults, children } = q.criteria.paxes;
  return {
    kind: 'ticket',
    activity: quote.offer.activity.name.slice(0, 300),
    modality: quote.offer.modality.name !== quote.offer.activity.name ? quote.offer.modality.name.slice(0, 300) : undefined,
    destination: q.place.name.slice(0, 200),
    date: quote.offer.from,
    session: quote.sessions?.find((s) => s.code === choice.session)?.name.slice(0, 60),
    language: quote.languages?.find((l) => l.code === choice.language)?.name.slice(0, 60),
    meetingPoint,
    participants: {
      adults,
      children: children.length,
      ...(children.length ? { childrenAges: children } : {}),
      names: body.companions.map((p) => `${p.name} ${p.surname}`.trim().slice(0, 200)),
    },
  };
}
