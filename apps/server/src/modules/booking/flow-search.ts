import { HOTEL_BOOKING_MESSAGES as HM, type ProviderId, providerModule } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { PricingContext } from '../../pricing/index.js';
import type { BookingBase, Money, ProductSupplier, ResolvedProviderAccount, SupplierLayer } from '../../suppliers/index.js';
import { ownInventorySource } from '../../suppliers/travesia/account.js';
import type { PricingService } from '../pricing/service.js';
import type { ProviderAccountService, UsableAccounts } from '../provider-account/service.js';
import { checkedAccount } from './accounts.js';
import { isoDay } from './days.js';
import type { BookingEngine } from './engine.js';
import { departureGate, fanOutSearch, type StreamEvent, type StreamSource } from './fan-out.js';
import {
  type AnyFlow,
  type BookInputOf,
  type CriteriaOf,
  callContext,
  type FlowMessages,
  type KeptOf,
  type KindAdapter,
  type LookupsOf,
  type OfferOf,
  type PageQueryOf,
  type PricedOption,
  type QuoteOf,
  type SearchInputOf,
  type SearchOf,
} from './flow.js';
import { priceEach, unpricedNotes } from './price-offers.js';
import { QuoteStore } from './quote-store.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from './sales-context.js';

export interface FlowDeps {
  engine: BookingEngine;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
}

/** The lookups every source of one search shares: the flow's own, and the pricing context (loaded on first use). */
export type SharedLookups<F extends AnyFlow> = LookupsOf<F> & { pricing: () => Promise<PricingContext> };

/** What a search is saved with (its owner, id and expiry are the engine's). */
type SearchFields<F extends AnyFlow> = Omit<SearchOf<F>, 'v' | 'cacheId' | 'agencyId' | 'userId' | 'expires'>;

/** The adapter of a flow's kind, with the kind's own types (the registry answers it by kind). */
export type FlowAdapter<F extends AnyFlow> = ProductSupplier<
  SearchInputOf<F['kind']>,
  OfferOf<F['kind']>,
  QuoteOf<F['kind']>,
  BookInputOf<F['kind']>,
  BookingBase
>;

/**
 * The search half of every flow (README.md of this folder): the sources a seller may use, the account check, one
 * source's search (adapter input from the flow, pricing, offers without an exchange rate left out with a note),
 * the streamed fan-out behind the departure gate, the merged search and the stored search's pages.
 */
export class FlowSearch<F extends AnyFlow> {
  /** The flow's 4xx wording over the shared booking messages. */
  readonly messages: FlowMessages;

  constructor(
    readonly flow: F,
    protected readonly d: FlowDeps,
  ) {
    const { cacheExpired, optionNotFound, moduleDisabled } = HM;
    this.messages = { cacheExpired, optionNotFound, moduleDisabled, ...flow.messages };
  }

  /** The kind's adapter for an account. */
  adapter(account: ResolvedProviderAccount): FlowAdapter<F> {
    return this.d.suppliers.registry.get(account, this.flow.kind) as unknown as FlowAdapter<F>;
  }

  /** The accounts the seller may search with, read once for a streamed search (`sources`, `account`). */
  usableAccounts(auth: AuthContext): Promise<UsableAccounts> {
    return this.d.providerAccounts.usableAccounts(auth);
  }

  /**
   * The sources of the kind the seller may search: the built-in own-inventory account and each usable account,
   * when the provider sells the kind and its module is on. A storefront searches every usable account of its agency.
   */
  async sources(who: AuthContext | SalesContext, usable?: UsableAccounts): Promise<StreamSource[]> {
    const sale = saleOf(who);
    const rows = usable
      ? usable.rows
      : 'channel' in who
        ? sale.agencyId
          ? await this.d.providerAccounts.usableByAgency(sale.agencyId)
          : []
        : await this.d.providerAccounts.usableFor(who);
    return [ownInventorySource, ...rows.map((a) => ({ accountId: a.id, supplier: a.supplier, name: a.name }))].filter((s) => {
      const module = providerModule(s.supplier as ProviderId, this.flow.kind);
      return module !== null && sale.modules.includes(module);
    });
  }

  /** A source's account, checked (accounts.ts): it sells the kind (the route's provider when it names one), its module is on. */
  account(
    who: AuthContext | SalesContext,
    accountId: string,
    want: ProviderId | null,
    forceSandbox: boolean,
    usable?: UsableAccounts,
  ): Promise<ResolvedProviderAccount> {
    const { kind, accountField: field } = this.flow;
    const { messages } = this;
    const rule = { kind, field, mismatch: HM.supplierMismatch, moduleDisabled: messages.moduleDisabled };
    return checkedAccount(this.d, saleOf(who), accountId, rule, { want, forceSandbox, usable });
  }

  /** The criteria checks that answer a plain 4xx before a stream opens. */
  async precheck(_who: AuthContext | SalesContext, criteria: CriteriaOf<F>): Promise<void> {
    await this.flow.precheck(criteria);
  }

  /**
   * The lookups one search's sources share. `local`: a streamed search's departure gate, which the pricing context
   * waits at (fan-out.ts); `pricingContext`: a storefront's own (its markup on top, decision 0341).
   */
  prefetch(
    who: AuthContext | SalesContext,
    criteria: CriteriaOf<F>,
    local: Promise<void> = Promise.resolve(),
    pricingContext?: () => Promise<PricingContext>,
  ): SharedLookups<F> {
    const sale = saleOf(who);
    let pricing: Promise<PricingContext> | undefined;
    const load = () => {
      if (!pricing) {
        pricing = local.then(() =>
          pricingContext
            ? pricingContext()
            : this.d.pricing.loadContext({ agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at: this.d.engine.now() }),
        );
        pricing.catch(() => undefined);
      }
      return pricing;
    };
    return { ...(this.flow.lookups(criteria, local) as object), pricing: load } as SharedLookups<F>;
  }

  /** One source's offers, priced and stored as its own search (its progress row opens it). */
  async searchOne(
    who: AuthContext | SalesContext,
    account: ResolvedProviderAccount,
    criteria: CriteriaOf<F>,
    opts: {
      forceSandbox: boolean;
      simScenario?: string;
      shared?: SharedLookups<F>;
      /** In a streamed search: tells the departure gate (fan-out.ts) that the supplier request is made. */
      depart?: () => void;
    },
  ): Promise<SearchOf<F>> {
    const sale = saleOf(who);
    const shared = opts.shared ?? this.prefetch(sale, criteria);
    const adapter = this.d.suppliers.registry.get(account, this.flow.kind) as KindAdapter<F['kind']>;
    const input = await this.flow.input(account, criteria, shared, adapter);
    if (input && typeof input === 'object' && 'note' in input)
      return this.save(sale, {
        criteria,
        forceSandbox: opts.forceSandbox,
        notes: [input.note],
        options: [],
        ...(await this.flow.kept(shared)),
      } as SearchFields<F>);
    // The request leaves first; the pricing context loads while the supplier answers (in a streamed search once
    // every request is written: fan-out.ts's departure gate).
    const searching = (adapter as unknown as FlowAdapter<F>).search(input, callContext(account, QuoteStore.newId(), opts.simScenario));
    opts.depart?.();
    const loading = shared.pricing();
    const found = await searching;
    const pricing = await loading;
    const kept = (await this.flow.kept(shared)) as KeptOf<F>;
    const priced = this.priceAll(pricing, account, found.offers, { criteria, ...kept });
    return this.save(sale, { criteria, forceSandbox: opts.forceSandbox, notes: [], ...priced, ...kept } as SearchFields<F>);
  }

  /** Prices every offer the flow accepts (price-offers.ts). */
  private priceAll(
    ctx: PricingContext,
    account: ResolvedProviderAccount,
    offers: OfferOf<F['kind']>[],
    search: { criteria: CriteriaOf<F> } & KeptOf<F>,
  ) {
    const bookingDate = isoDay(this.d.engine.now());
    const accepted = this.flow.accepts ? offers.filter((o) => this.flow.accepts?.(o, search.criteria)) : offers;
    const { priced, unpriced } = priceEach(this.d.pricing, ctx, accepted as (OfferOf<F['kind']> & { total: Money })[], (offer) => ({
      kind: this.flow.kind,
      supplier: account.supplier,
      ...this.flow.pricing(offer, search),
      bookingDate,
    }));
    const options: PricedOption<OfferOf<F['kind']>>[] = priced.map(({ offer, breakdown }, i) => ({
      optionId: String(i),
      accountId: account.id,
      supplierName: account.name,
      offer,
      breakdown,
    }));
    return { options, unpriced };
  }

  /** Every source's options in one search, in the order the sources were listed (ids renumbered). */
  async merge(who: AuthContext | SalesContext, parts: SearchOf<F>[]): Promise<SearchOf<F> | null> {
    if (!parts.length) return null;
    const { v: _v, cacheId: _c, agencyId: _a, userId: _u, expires: _e, notes: _n, unpriced: _p, options: _o, ...rest } = parts[0];
    const unpriced: Record<string, number> = {};
    for (const p of parts) for (const [currency, n] of Object.entries(p.unpriced ?? {})) unpriced[currency] = (unpriced[currency] ?? 0) + n;
    // A part's own notes: its rate note (last, when it left offers out) is counted again over every part.
    const notes = [...new Set(parts.flatMap((p) => (Object.keys(p.unpriced ?? {}).length ? p.notes.slice(0, -1) : p.notes)))];
    const options = parts.flatMap((p) => p.options).map((o, n) => ({ ...o, optionId: String(n) }));
    return this.save(saleOf(who), { ...rest, notes, unpriced, options } as SearchFields<F>);
  }

  /**
   * Every chosen (or usable) source searched at once, each reported as it answers, then one merged cacheId. A
   * storefront searches every usable account of its agency with its own pricing context (decision 0530).
   */
  async stream(
    who: AuthContext | SalesContext,
    criteria: CriteriaOf<F>,
    emit: (e: StreamEvent) => void,
    opts: { forceSandbox: boolean; simScenario?: string; pricing?: () => Promise<PricingContext> },
  ): Promise<SearchOf<F> | null> {
    const sale = saleOf(who);
    // A seller's accounts are read once with their templates, and every source resolves from that read.
    const usable = 'channel' in who ? undefined : await this.usableAccounts(who);
    const sources = await this.sources(sale, usable);
    const chosen = criteria.providers
      ? [...new Set(criteria.providers)].map((id) => ({ id, source: sources.find((s) => s.accountId === id) ?? null }))
      : sources.map((s) => ({ id: s.accountId, source: s as StreamSource | null }));
    // Every source's account is resolved before the place look-ups and any source's own work: on PGlite's one
    // connection queries run in turn, and a supplier's request waits for its account (issues 17, 18).
    const accounts = new Map(
      chosen.flatMap(({ source }) => {
        if (!source) return [];
        const account = this.account(sale, source.accountId, null, opts.forceSandbox, usable);
        account.catch(() => undefined); // awaited (and its failure reported) by the source's search below
        return [[source.accountId, account] as const];
      }),
    );
    // Own inventory, the flow's local look-ups and the pricing context wait until the supplier requests are written.
    const gate = departureGate(chosen, () => this.d.suppliers.http.unsent.whenWritten());
    const shared = this.prefetch(sale, criteria, gate.opened, opts.pricing);
    let merged: SearchOf<F> | null = null;
    await fanOutSearch<string, SearchOf<F>>({
      chosen,
      emit,
      timeoutMs: criteria.timeoutMs ?? 25_000,
      search: (source) =>
        gate.run(source, async (depart) => {
          // Every source fanned out has its account read above.
          const account = await (accounts.get(source.accountId) as Promise<ResolvedProviderAccount>);
          const part = await this.searchOne(sale, account, criteria, { ...opts, shared, depart });
          const summary = { cacheId: part.cacheId, expires: part.expires, itemsFound: part.options.length };
          return { part, response: this.flow.partAnswer ? this.flow.partAnswer(viewerTypeOf(sale), part) : summary };
        }),
      merge: async (parts) => {
        merged = await this.merge(sale, parts);
        return merged && { cacheId: merged.cacheId, expires: merged.expires, itemsFound: merged.options.length };
      },
    });
    return merged;
  }

  /** Keeps a search under a new cacheId; a note counts the offers left out for want of an exchange rate. */
  protected async save(sale: SalesContext, fields: SearchFields<F>): Promise<SearchOf<F>> {
    const cacheId = QuoteStore.newId();
    const ttlS = this.flow.searchTtlS ?? 30 * 60;
    const expires = new Date(this.d.engine.now().getTime() + ttlS * 1000).toISOString();
    const rates = unpricedNotes(fields.unpriced);
    const search = {
      v: 1,
      cacheId,
      agencyId: sale.agencyId,
      userId: scopeIdOf(sale),
      expires,
      ...fields,
      ...(rates.length ? {} : { unpriced: undefined }),
      notes: [...fields.notes, ...rates],
    } as SearchOf<F>;
    await this.d.store.set(this.keyOf(cacheId), JSON.stringify(search), ttlS);
    return search;
  }

  private keyOf(cacheId: string) {
    return `${this.flow.kind}-search:${cacheId}`;
  }

  /** The seller's (or storefront's) stored search; another's or an expired one is a 404. */
  async load(who: AuthContext | SalesContext, cacheId: string): Promise<SearchOf<F>> {
    const sale = saleOf(who);
    const raw = await this.d.store.get(this.keyOf(cacheId));
    const search = raw ? (JSON.parse(raw) as SearchOf<F>) : null;
    if (!search || search.userId !== scopeIdOf(sale) || search.agencyId !== sale.agencyId)
      throw new AppError(404, 'SEARCH_EXPIRED', this.messages.cacheExpired);
    return search;
  }

  async option(who: AuthContext | SalesContext, cacheId: string, optionId: string) {
    const search = await this.load(who, cacheId);
    const option = search.options.find((o) => o.optionId === optionId);
    if (!option) throw new AppError(404, 'OPTION_NOT_FOUND', this.messages.optionNotFound);
    return { search, option };
  }

  /** One page of a stored search (filters, sorting and facets are the flow's); prices as the role may see them. */
  async page(who: AuthContext | SalesContext, cacheId: string, q: PageQueryOf<F>) {
    const search = await this.load(who, cacheId);
    return { success: true as const, response: this.flow.page(viewerTypeOf(saleOf(who)), search, q) as ReturnType<F['page']> };
  }
}
