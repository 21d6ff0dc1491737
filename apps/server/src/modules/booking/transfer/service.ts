import {
  HOTEL_BOOKING_MESSAGES as HM,
  TRANSFER_BOOKING_MESSAGES as M,
  OWN_INVENTORY_ACCOUNT_ID,
  PROVIDER_CATALOGUE,
  PROVIDER_MESSAGES,
  type PriceBreakdown,
  type TransferCachedQuery,
  type TransferReserveBody,
  type TransferSearchBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../../db/client.js';
import type { VoucherRow } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { PricingContext } from '../../../pricing/index.js';
import type { ResolvedProviderAccount, SupplierLayer, TransferBookLeg, TransferQuote } from '../../../suppliers/index.js';
import { policiesOf } from '../../inventory/own-voucher.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService, UsableAccounts } from '../../provider-account/service.js';
import type { EventActor } from '../../voucher/service.js';
import type { BookingEngine } from '../engine.js';
import { departureGate, fanOutSearch, type StreamEvent, type StreamSource } from '../fan-out.js';
import { quoteChanges } from '../quote-changes.js';
import { type QuoteOwner, QuoteStore } from '../quote-store.js';
import { ReserveEngine } from '../reserve.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from '../sales-context.js';
import { sandboxed } from '../sandbox.js';
import { voucherMoney } from '../voucher-money.js';
import { type CachedTransferOffer, optionDto, type TransferSearchIndex, transferCacheKey, transferPage } from './cache.js';
import { checkTransferDates, legRequirements, searchInputFor, TRANSFER_SUPPLIERS, transferModule } from './criteria.js';
import { assertPointPlaces, placeAncestors, transferSection } from './voucher.js';

export interface TransferDeps {
  db: Db;
  engine: BookingEngine;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  pricing: PricingService;
  providerAccounts: ProviderAccountService;
}

/** What is kept under a quoteId between the quote and the reserve. */
export interface CachedTransferQuote extends QuoteOwner {
  v: 1;
  cacheId: string;
  option: CachedTransferOffer;
  forceSandbox: boolean;
  criteria: TransferSearchBody;
  quote: TransferQuote;
  breakdown: PriceBreakdown;
}

const SEARCH_TTL_S = 30 * 60;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The transfer flow on the booking engine (issue 18): streamed search, cached page, quote, reserve. */
export class TransferService {
  constructor(private readonly d: TransferDeps) {}

  /** A transfer account the seller (or storefront) may use, its module enabled, in the mode asked. */
  async account(
    who: AuthContext | SalesContext,
    accountId: string,
    forceSandbox: boolean,
    usable?: UsableAccounts,
  ): Promise<ResolvedProviderAccount> {
    const sale = saleOf(who);
    const a = usable ? usable.resolve(accountId) : await this.d.providerAccounts.resolveForSale(sale, accountId);
    const module = TRANSFER_SUPPLIERS.includes(a.supplier) ? transferModule(a.supplier) : null;
    if (!module) throw badRequest(HM.supplierMismatch, { providers: HM.supplierMismatch }, 'SUPPLIER_MISMATCH');
    if (!sale.modules.includes(module as never)) throw forbidden(HM.moduleDisabled);
    return forceSandbox ? sandboxed(this.d.suppliers, a) : a;
  }

  /** The criteria checks that answer a plain 4xx before a stream opens. */
  async precheck(_who: AuthContext | SalesContext, body: TransferSearchBody): Promise<void> {
    checkTransferDates(body, isoDay(this.d.engine.now()));
    await assertPointPlaces(this.d.db, body);
    if (body.destination) await placeAncestors(this.d.db, body.destination);
  }

  /**
   * Every chosen (or usable) transfer source searched at once, each reported as it answers; one merged cacheId.
   * A storefront searches every usable account of its agency with its own pricing context (decision 0530).
   */
  async stream(
    who: AuthContext | SalesContext,
    body: TransferSearchBody,
    emit: (e: StreamEvent) => void,
    opts: { forceSandbox: boolean; simScenario?: string; pricing?: () => Promise<PricingContext> },
  ): Promise<void> {
    const now = this.d.engine.now();
    const sale = saleOf(who);
    // A signed-in seller's accounts are read once with their templates, and every source resolves from that read;
    // a storefront searches every usable account of its agency (no seller limits them).
    const usableAccounts = 'channel' in who ? undefined : await this.d.providerAccounts.usableAccounts(who);
    const accountsOfSeller = usableAccounts
      ? usableAccounts.rows
      : sale.agencyId
        ? await this.d.providerAccounts.usableByAgency(sale.agencyId)
        : [];
    const usable = accountsOfSeller.filter((a) => TRANSFER_SUPPLIERS.includes(a.supplier));
    const sourceOf = (a: (typeof usable)[number]): StreamSource => ({ accountId: a.id, supplier: a.supplier, name: a.name });
    const chosen = body.providers
      ? [...new Set(body.providers)].map((id) => {
          const a = usable.find((u) => u.id === id);
          return { id, source: a ? sourceOf(a) : null };
        })
      : usable
          .filter((a) => sale.modules.includes(transferModule(a.supplier) as never))
          .map((a) => ({ id: a.id, source: sourceOf(a) as StreamSource | null }));
    // Own transfers: the built-in account, when the agency sells them and asked for them (or asked for every source).
    const own: StreamSource = { accountId: OWN_INVENTORY_ACCOUNT_ID, supplier: 'travesia', name: PROVIDER_CATALOGUE.travesia.shortLabel };
    if (sale.modules.includes('transfers-travesia')) {
      if (!body.providers) chosen.unshift({ id: own.accountId, source: own });
      else for (const c of chosen) if (c.id === OWN_INVENTORY_ACCOUNT_ID) c.source = own;
    }
    // Every source's account is resolved from the one read above; own inventory, the place's ancestors and the
    // pricing context wait until the supplier requests have left (departureGate: PGlite's queries hold the event
    // loop, issue 18).
    const accounts = new Map(
      chosen.flatMap(({ source }) => {
        if (!source) return [];
        const account = this.account(sale, source.accountId, opts.forceSandbox, usableAccounts);
        account.catch(() => undefined); // awaited (and its failure reported) by the source's search below
        return [[source.accountId, account] as const];
      }),
    );
    const gate = departureGate(chosen, () => this.d.suppliers.http.unsent.whenWritten());
    const destination = body.destination;
    const ancestorsOf = destination ? gate.opened.then(() => placeAncestors(this.d.db, destination)) : Promise.resolve([]);
    ancestorsOf.catch(() => undefined);
    let pricing: Promise<PricingContext> | undefined;
    const pricingContext = () => {
      if (!pricing) {
        pricing = gate.opened.then(() =>
          opts.pricing ? opts.pricing() : this.d.pricing.loadContext({ agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at: now }),
        );
        pricing.catch(() => undefined);
      }
      return pricing;
    };
    const missing = new Map<string, number>();
    /** One source's search, run through the gate: `depart` once its request is made. */
    const searchSource = async (source: StreamSource, depart: () => void) => {
      // Every source fanned out has its account read above.
      const account = await (accounts.get(source.accountId) as Promise<ResolvedProviderAccount>);
      const supplier = account.supplier;
      const ctx = {
        correlationId: `transfer-search:${account.id}`,
        simScenario: account.mode === 'sandbox' ? opts.simScenario : undefined,
      };
      const searching = this.d.suppliers.registry.transfer(account).search(searchInputFor(supplier, body), ctx);
      depart();
      const loading = pricingContext();
      const result = await searching;
      const pax = body.adults + body.childrenAges.length;
      const ctxP = await loading;
      const ancestors = await ancestorsOf;
      const part: CachedTransferOffer[] = [];
      for (const offer of result.offers) {
        if (pax > offer.capacity.max) continue;
        try {
          const breakdown = this.d.pricing.price(ctxP, {
            kind: 'transfer',
            supplier,
            destinationAncestors: ancestors,
            checkIn: offer.pickup.date,
            nights: 0,
            paxes: pax,
            bookingDate: isoDay(now),
            cost: offer.total,
          });
          part.push({ optionId: '', accountId: account.id, supplierName: account.name, offer, breakdown });
        } catch (err) {
          if (!(err instanceof AppError) || err.code !== 'EXCHANGE_RATE_MISSING') throw err;
          missing.set(offer.total.currency, (missing.get(offer.total.currency) ?? 0) + 1);
        }
      }
      // The source's own search too, so its progress row can open just its results.
      const own = await this.keep(
        sale,
        body,
        ancestors,
        opts.forceSandbox,
        part.map((o, j) => ({ ...o, optionId: String(j) })),
        [],
      );
      return { part, response: own };
    };
    await fanOutSearch<string, CachedTransferOffer[]>({
      chosen,
      emit,
      timeoutMs: body.timeoutMs,
      search: (source) => gate.run(source, (depart) => searchSource(source, depart)),
      merge: async (parts) => {
        const offers = parts.flatMap((p, i) => p.map((o, j) => ({ ...o, optionId: `${i}-${j}` })));
        const note = missing.size
          ? [
              HM.rateMissingDropped(
                [...missing.values()].reduce((a, b) => a + b, 0),
                [...missing.keys()].sort().join(', '),
              ),
            ]
          : [];
        // An unknown destination failed every source already ("Destino no encontrado"): nothing to keep.
        const ancestors = await ancestorsOf.catch(() => null);
        return ancestors && this.keep(sale, body, ancestors, opts.forceSandbox, offers, note);
      },
    });
  }

  /** Stores a search under a new cacheId (30 minutes). */
  private async keep(
    sale: SalesContext,
    criteria: TransferSearchBody,
    destinationAncestors: string[],
    forceSandbox: boolean,
    offers: CachedTransferOffer[],
    notes: string[],
  ) {
    const cacheId = QuoteStore.newId();
    const expires = new Date(this.d.engine.now().getTime() + SEARCH_TTL_S * 1000).toISOString();
    const index: TransferSearchIndex = {
      v: 1,
      cacheId,
      agencyId: sale.agencyId,
      userId: scopeIdOf(sale),
      forceSandbox,
      criteria,
      destinationAncestors,
      expires,
      notes,
      offers,
    };
    await this.d.store.set(transferCacheKey(cacheId), JSON.stringify(index), SEARCH_TTL_S);
    return { cacheId, expires, itemsFound: offers.length };
  }

  /** The seller's (or storefront's) stored search (another's, or an expired one, is a 404). */
  async stored(who: AuthContext | SalesContext, cacheId: string): Promise<TransferSearchIndex> {
    const sale = saleOf(who);
    const raw = await this.d.store.get(transferCacheKey(cacheId));
    const s = raw ? (JSON.parse(raw) as TransferSearchIndex) : null;
    if (!s || s.userId !== scopeIdOf(sale) || s.agencyId !== sale.agencyId) throw notFound(M.cacheExpired);
    return s;
  }

  async page(who: AuthContext | SalesContext, cacheId: string, q: TransferCachedQuery) {
    return { success: true as const, response: transferPage(viewerTypeOf(saleOf(who)), await this.stored(who, cacheId), q) };
  }

  /**
   * Re-prices one option with its supplier; a changed price or policy comes back flagged. A storefront passes its
   * own pricing context (its markup on top, decision 0341).
   */
  async quote(who: AuthContext | SalesContext, cacheId: string, optionId: string, simScenario?: string, pricing?: PricingContext) {
    const sale = saleOf(who);
    const s = await this.stored(sale, cacheId);
    const option = s.offers.find((o) => o.optionId === optionId);
    if (!option) throw notFound(M.optionNotFound);
    const at = this.d.engine.now();
    const account = await this.account(sale, option.accountId, s.forceSandbox);
    const ctx = { correlationId: cacheId, simScenario: account.mode === 'sandbox' ? simScenario : undefined };
    const quote = await this.d.suppliers.registry.transfer(account).quote(option.offer, ctx);
    const offer = {
      kind: 'transfer' as const,
      supplier: account.supplier,
      destinationAncestors: s.destinationAncestors,
      checkIn: option.offer.pickup.date,
      nights: 0,
      paxes: s.criteria.adults + s.criteria.childrenAges.length,
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
    const quoted: CachedTransferOffer = {
      ...option,
      offer: { ...option.offer, cancellation: quote.cancellation, pickupDetails: quote.pickupDetails ?? option.offer.pickupDetails },
      breakdown,
    };
    await this.d.engine.quotes.put<CachedTransferQuote>(
      'transfer',
      {
        v: 1,
        quoteId,
        cacheId,
        agencyId: s.agencyId,
        userId: s.userId,
        expiresAt,
        option: quoted,
        forceSandbox: s.forceSandbox,
        criteria: s.criteria,
        quote,
        breakdown,
      },
      ttl,
    );
    const req = legRequirements(option.offer.pickup, quote.requiredFields);
    return {
      success: true as const,
      response: {
        quoteId,
        expiresAt,
        ...quoteChanges(
          { breakdown: option.breakdown, cancellation: option.offer.cancellation },
          { breakdown, cancellation: quote.cancellation },
        ),
        option: optionDto(viewerTypeOf(sale), quoted),
        requires: { transportNumber: req.transportNumber, transportCompany: req.transportCompany, pickupAddress: req.pickupAddress },
        transportType: req.transportType,
      },
    };
  }

  /**
   * Books the accepted quotes (one leg, or outbound and return of one supplier under one reference)
   * exactly once per idempotency key, through the engine's one reserve path.
   */
  async reserve(
    who: AuthContext | SalesContext,
    body: TransferReserveBody,
    idempotencyKey: string | undefined,
    opts: { simScenario?: string; actor?: EventActor; integrator?: string; payments?: Record<string, unknown> } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    const key = ReserveEngine.checkKey(idempotencyKey);
    const sale = saleOf(who);
    const { reserves, quotes } = this.d.engine;
    const quoteKey = body.legs.map((l) => l.quoteId).join('+');
    const previous = await reserves.replay(sale, key);
    if (previous) return { voucher: ReserveEngine.sameQuote(previous, quoteKey), created: false };

    const qs = await Promise.all(body.legs.map((l) => quotes.get<CachedTransferQuote>('transfer', sale, l.quoteId)));
    const legOf = (q: CachedTransferQuote) => q.option.offer.leg ?? 'outbound';
    if (new Set(qs.map(legOf)).size !== qs.length || legOf(qs[0]) !== 'outbound')
      throw badRequest(M.legTwice, { legs: M.legTwice }, 'TRANSFER_LEGS');
    if (qs.some((q) => q.option.accountId !== qs[0].option.accountId || q.cacheId !== qs[0].cacheId))
      throw badRequest(M.legsMismatch, { legs: M.legsMismatch }, 'TRANSFER_LEGS');
    const money = voucherMoney(qs.map((q) => ({ breakdown: q.breakdown, cost: q.quote.total })));
    if (!new Decimal(body.price.gross).eq(money.price.gross) || body.price.currency !== money.price.currency) {
      const detail = `${money.price.gross} ${money.price.currency}`;
      throw new AppError(409, 'PRICE_CHANGED', HM.priceChanged, { price: `Precio vigente: ${detail}` });
    }
    const criteria = qs[0].criteria;
    const pax = criteria.adults + criteria.childrenAges.length;
    const legs: TransferBookLeg[] = qs.map((q, i) => {
      const leg = body.legs[i];
      const name = legOf(q) === 'outbound' ? 'ida' : 'regreso';
      const need = legRequirements(q.option.offer.pickup, q.quote.requiredFields);
      if (pax > q.option.offer.capacity.max)
        throw badRequest(M.tooManyPassengers(q.option.offer.capacity.max), { legs: M.tooManyPassengers(q.option.offer.capacity.max) });
      if (need.transportNumber && !leg.transport?.code)
        throw badRequest(M.transportRequired(name), { [`legs.${i}.transport.code`]: M.transportRequired(name) }, 'TRANSPORT_REQUIRED');
      if (need.transportCompany && !leg.transport?.companyName)
        throw badRequest(M.companyRequired(name), { [`legs.${i}.transport.companyName`]: M.companyRequired(name) });
      if (need.pickupAddress && !leg.pickupAddress)
        throw badRequest(M.addressRequired, { [`legs.${i}.pickupAddress`]: M.addressRequired }, 'ADDRESS_REQUIRED');
      const transport = leg.transport?.code
        ? { ...leg.transport, direction: q.option.offer.direction === 'ARRIVAL' ? ('ARRIVAL' as const) : ('DEPARTURE' as const) }
        : undefined;
      return { quote: q.quote, ...(transport ? { transport } : {}), ...(leg.pickupAddress ? { pickupAddress: leg.pickupAddress } : {}) };
    });
    const account = await this.account(sale, qs[0].option.accountId, qs[0].forceSandbox);
    if (!account) throw notFound(PROVIDER_MESSAGES.notFound);
    const holder = { name: body.client.name, surname: body.client.surname, email: body.client.email, phone: body.client.phone };
    const adapter = this.d.suppliers.registry.transfer(account);
    const dates = qs.map((q) => q.option.offer.pickup.date).sort();
    const section = transferSection(qs, body);
    return reserves.reserve({
      sale,
      idempotencyKey: key,
      account,
      voucher: {
        type: 'transfer',
        start: dates[0],
        end: dates[dates.length - 1],
        nights: null,
        client: { name: holder.name, surname: holder.surname, email: holder.email, phones: [holder.phone] },
        companions: [],
        ...money,
        payments: opts.payments ?? {},
        remarks: body.remarks ?? null,
        policies: policiesOf({
          refundable: qs.every((q) => q.quote.cancellation.refundable),
          rules: qs.flatMap((q) => q.quote.cancellation.rules),
        }),
        product: {
          name: section.legs.map((l) => `${l.from} → ${l.to}`)[0] ?? 'Traslado',
          description: `${qs.length === 2 ? 'Ida y regreso' : 'Solo ida'} · ${qs[0].option.offer.vehicle}`,
          section,
          welcomeSign: body.welcomeSign ?? null,
          breakdowns: qs.map((q) => q.breakdown),
        },
      },
      code: {
        kind: 'supplier-transfer',
        checkIn: dates[0],
        checkOut: dates[dates.length - 1],
        quoteId: quoteKey,
        token: qs[0].quote.token,
      },
      quoteRef: `transfer-quote:${quoteKey}`,
      book: (clientReference, ctx) =>
        adapter.book(
          {
            quote: qs[0].quote,
            holder,
            clientReference,
            transport: legs[0].transport,
            legs,
            ...(body.welcomeSign ? { welcomeMessage: body.welcomeSign } : {}),
            ...(body.remarks ? { remarks: body.remarks } : {}),
          },
          ctx,
        ),
      simScenario: opts.simScenario,
      actor: opts.actor,
      integrator: opts.integrator,
    });
  }

  idle(timeoutMs?: number) {
    return this.d.engine.idle(timeoutMs);
  }
}
