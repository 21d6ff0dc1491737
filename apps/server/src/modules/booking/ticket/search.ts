import { randomBytes } from 'node:crypto';
import {
  type AgencyModule,
  DEFAULT_TIME_ZONE,
  HOTEL_BOOKING_MESSAGES as HM,
  TICKET_BOOKING_MESSAGES as M,
  OWN_INVENTORY_ACCOUNT_ID,
  PROVIDER_CATALOGUE,
  providerModule,
  type TicketCachedQuery,
  type TicketCalendar,
  type TicketCalendarQuery,
  type TicketProvider,
  type TicketSearchBody,
} from '@travesia/contracts';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import { breakdownFor, type PricingContext } from '../../../pricing/index.js';
import type { ResolvedProviderAccount, SupplierLayer, TicketOffer } from '../../../suppliers/index.js';
import { localDay } from '../../inventory/ticket-rules.js';
import type { PricingService } from '../../pricing/service.js';
import type { ProviderAccountService, UsableAccounts } from '../../provider-account/service.js';
import type { StreamSource } from '../fan-out.js';
import type { PlaceLookup } from '../hotel/places.js';
import { type SalesContext, saleOf, scopeIdOf, viewerTypeOf } from '../sales-context.js';
import { sandboxed } from '../sandbox.js';
import { type CachedTicket, facetsOf, filterTickets, presentTicket, sortTickets } from './cache.js';

/** How long a ticket search is kept for paging, filters and the quote. */
const SEARCH_TTL_S = 30 * 60;
const MAX_RANGE_DAYS = 31;
const DEFAULT_ADULT_AGE = 30;
const TICKET_SUPPLIERS: readonly TicketProvider[] = ['hotelbeds', 'juniper'];
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export type TicketCriteria = Pick<TicketSearchBody, 'destination' | 'countryCode' | 'date' | 'paxes'> & { dateTo?: string };
export interface SearchedPlace {
  id: string;
  name: string;
  ancestors: string[];
  /** Its IANA zone or its nearest ancestor's (decision 0450). */
  timeZone?: string | null;
}
/** A stored ticket search: its owner, criteria and priced options. */
export interface TicketSearch {
  v: 1;
  cacheId: string;
  agencyId: string | null;
  userId: string;
  expires: string;
  criteria: TicketCriteria;
  place: SearchedPlace;
  forceSandbox: boolean;
  notes: string[];
  options: CachedTicket[];
}
/** The lookups every source of one search shares (started once). */
export interface SharedLookups {
  place: Promise<SearchedPlace>;
  codes: Promise<Map<string, string>>;
  /** Started on first use (memoised): after the supplier requests have left, so its queries never delay them. */
  pricing: () => Promise<PricingContext>;
}

export interface TicketSearchDeps {
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
  /** The place tree and the suppliers' destination codes (one mapping for every kind). */
  places: Pick<PlaceLookup, 'place' | 'supplierCodes'>;
  now?: () => Date;
}

/** The participants' ages as the adapters take them (adults 30). */
export const paxAgesOf = (c: TicketCriteria) => [...Array<number>(c.paxes.adults).fill(DEFAULT_ADULT_AGE), ...c.paxes.children];

/**
 * Ticket searches of the engine's fan-out: criteria, the source's account and module, the adapter
 * search (own inventory is one more provider), pricing, and the stored result with paging,
 * sorting and facets.
 */
export class TicketSearchService {
  readonly now: () => Date;
  constructor(private readonly d: TicketSearchDeps) {
    this.now = d.now ?? (() => new Date());
  }

  /**
   * Spec §5: the activity day is required, not in the past; a range of at most 31 days. Without the
   * place, "past" is before the earliest day any zone is in (UTC−12); `searchOne` checks the place's own
   * day once it knows the place (decision 0450).
   */
  checkCriteria(c: TicketCriteria, timeZone?: string): { from: string; to: string } {
    const today = timeZone ? localDay(this.now(), timeZone) : isoDay(new Date(this.now().getTime() - 86_400_000));
    if (c.date < today) throw badRequest(M.dayInPast, { date: M.dayInPast });
    const to = c.dateTo ?? c.date;
    if (to < c.date) throw badRequest(M.rangeOrder, { dateTo: M.rangeOrder });
    if ((Date.parse(to) - Date.parse(c.date)) / 86_400_000 >= MAX_RANGE_DAYS) throw badRequest(M.rangeTooLong, { dateTo: M.rangeTooLong });
    return { from: c.date, to };
  }

  /**
   * The days of [from, to] on which some own ticket of the place (or inside it) can be sold to a group of
   * `people`: the own-ticket route's day picker greys the rest (decision 0440). "Today" is the place's
   * (decision 0450): the own search offers a day only while one of its sessions is bookable in the
   * ticket's zone, so a day already over there (or whose sessions' cut-off passed) is never open, and a
   * day that is still today there is, whatever the UTC date.
   */
  async ownCalendar(auth: AuthContext, q: TicketCalendarQuery): Promise<TicketCalendar> {
    if (q.to < q.from) throw badRequest(M.rangeOrder, { to: M.rangeOrder });
    if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= MAX_RANGE_DAYS) throw badRequest(M.rangeTooLong, { to: M.rangeTooLong });
    // The earliest calendar day any zone (UTC−12) can still be in.
    const earliest = isoDay(new Date(this.now().getTime() - 86_400_000));
    const account = await this.account(auth, OWN_INVENTORY_ACCOUNT_ID, 'travesia', false);
    const place = await this.d.places.place(q.destination);
    if (q.to < earliest) return { from: q.from, to: q.to, days: [] };
    const from = q.from < earliest ? earliest : q.from;
    const ctx = { correlationId: randomBytes(8).toString('hex') };
    const found = await this.d.suppliers.registry
      .ticket(account)
      .search({ destination: place.id, from, to: q.to, paxAges: Array<number>(q.people).fill(DEFAULT_ADULT_AGE) }, ctx);
    return { from: q.from, to: q.to, days: [...new Set(found.offers.map((o) => o.from))].sort() };
  }

  /**
   * `localWork`: a streamed search's departure gate, which the pricing context waits at (fan-out.ts);
   * `pricingContext`: a storefront's own (its markup on top, decision 0341) instead of the seller's.
   */
  prefetch(
    who: AuthContext | SalesContext,
    destination: string,
    localWork: Promise<void> = Promise.resolve(),
    pricingContext?: () => Promise<PricingContext>,
  ): SharedLookups {
    const sale = saleOf(who);
    const place = this.d.places.place(destination);
    const codes = place.then((p) => this.d.places.supplierCodes(p));
    for (const p of [place, codes]) p.catch(() => undefined);
    let pricing: Promise<PricingContext> | undefined;
    const loadPricing = () => {
      if (!pricing) {
        pricing = localWork.then(() =>
          pricingContext
            ? pricingContext()
            : this.d.pricing.loadContext({ agencyId: sale.agencyId, userId: sale.seller?.id ?? null, at: this.now() }),
        );
        pricing.catch(() => undefined);
      }
      return pricing;
    };
    return { place, codes, pricing: loadPricing };
  }

  /** The accounts the seller may search with, read once for a streamed search (`sources`, `account`). */
  usableAccounts(auth: AuthContext): Promise<UsableAccounts> {
    return this.d.providerAccounts.usableAccounts(auth);
  }

  /** The ticket sources the seller may search: own inventory and each usable Hotelbeds/Juniper account, module enabled. */
  async sources(who: AuthContext | SalesContext, usable?: UsableAccounts): Promise<StreamSource<TicketProvider>[]> {
    const sale = saleOf(who);
    // Platform staff (no agency) search every source, as the module checks of the routes let them.
    const enabled = (m: AgencyModule | null) => m !== null && (!sale.agencyId || sale.modules.includes(m));
    const own: StreamSource<TicketProvider>[] = enabled('tickets-travesia')
      ? [{ accountId: OWN_INVENTORY_ACCOUNT_ID, supplier: 'travesia', name: PROVIDER_CATALOGUE.travesia.shortLabel }]
      : [];
    // A storefront searches every usable account of its agency (no seller limits them).
    const rows = usable
      ? usable.rows
      : 'channel' in who
        ? sale.agencyId
          ? await this.d.providerAccounts.usableByAgency(sale.agencyId)
          : []
        : await this.d.providerAccounts.usableFor(who);
    const accounts = rows.filter((a) => {
      const m = providerModule(a.supplier, 'ticket');
      return TICKET_SUPPLIERS.includes(a.supplier as TicketProvider) && enabled(m);
    });
    return [...own, ...accounts.map((a) => ({ accountId: a.id, supplier: a.supplier as TicketProvider, name: a.name }))];
  }

  /** The account of a source, checked: it sells tickets (as the route's provider when it names one) and its module is enabled. */
  async account(
    who: AuthContext | SalesContext,
    accountId: string,
    want: TicketProvider | null,
    forceSandbox: boolean,
    usable?: UsableAccounts,
  ): Promise<ResolvedProviderAccount> {
    const sale = saleOf(who);
    const account = usable ? usable.resolve(accountId) : await this.d.providerAccounts.resolveForSale(sale, accountId);
    const module = providerModule(account.supplier, 'ticket');
    if (!module || (want && account.supplier !== want) || !this.d.suppliers.registry.supports(account.supplier, 'ticket'))
      throw badRequest(HM.supplierMismatch, { provider_id: HM.supplierMismatch }, 'SUPPLIER_MISMATCH');
    if (sale.agencyId && !sale.modules.includes(module)) throw forbidden(M.moduleDisabled);
    return forceSandbox ? sandboxed(this.d.suppliers, account) : account;
  }

  /** One source's tickets, priced and stored as its own search (its first page is the answer). */
  async searchOne(
    who: AuthContext | SalesContext,
    account: ResolvedProviderAccount,
    criteria: TicketCriteria,
    opts: {
      forceSandbox: boolean;
      simScenario?: string;
      shared?: SharedLookups;
      /** In a streamed search: tells the departure gate (fan-out.ts) that the supplier request is made. */
      depart?: () => void;
    },
  ): Promise<TicketSearch> {
    this.checkCriteria(criteria);
    const shared = opts.shared ?? this.prefetch(who, criteria.destination);
    const place = await shared.place;
    // The activity day is the destination's: not before its today.
    const { from, to } = this.checkCriteria(criteria, place.timeZone ?? DEFAULT_TIME_ZONE);
    const destination = account.supplier === 'travesia' ? place.id : ((await shared.codes).get(account.supplier) ?? null);
    const label = PROVIDER_CATALOGUE[account.supplier].shortLabel;
    if (!destination) return this.store(who, criteria, place, opts.forceSandbox, [], [M.noMapping(label)]);
    const paxAges = paxAgesOf(criteria);
    const ctx = { correlationId: randomBytes(8).toString('hex'), simScenario: account.mode === 'sandbox' ? opts.simScenario : undefined };
    // The request leaves first; the pricing context loads while the supplier answers (in a streamed search once
    // every request is written: fan-out.ts's departure gate).
    const searching = this.d.suppliers.registry.ticket(account).search({ destination, from, to, paxAges }, ctx);
    opts.depart?.();
    const pricingContext = shared.pricing();
    const found = await searching;
    const pricing = await pricingContext;
    const options: CachedTicket[] = [];
    const missing = new Set<string>();
    for (const offer of found.offers) {
      try {
        options.push({
          optionId: String(options.length),
          accountId: account.id,
          offer,
          breakdown: this.price(pricing, place, offer, paxAges.length),
        });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'EXCHANGE_RATE_MISSING') throw err;
        missing.add(offer.total.currency);
      }
    }
    const notes = missing.size ? [HM.rateMissingDropped(found.offers.length - options.length, [...missing].sort().join(', '))] : [];
    return this.store(who, criteria, place, opts.forceSandbox, options, notes);
  }

  private price(ctx: PricingContext, place: SearchedPlace, offer: TicketOffer, paxes: number) {
    const supplierData = offer.supplierData as { placeId?: string; placeAncestors?: string[] };
    return this.d.pricing.price(ctx, {
      kind: 'ticket',
      supplier: offer.supplier,
      // Own tickets know their exact place; suppliers' are priced at the searched one.
      destinationAncestors: supplierData.placeId
        ? [supplierData.placeId, ...(supplierData.placeAncestors ?? [])]
        : [place.id, ...place.ancestors],
      checkIn: offer.from,
      nights: 1,
      paxes,
      bookingDate: isoDay(this.now()),
      cost: offer.total,
    });
  }

  /** Every source's options in one search, in the order the sources were listed. */
  async merge(who: AuthContext | SalesContext, parts: TicketSearch[]): Promise<TicketSearch | null> {
    if (!parts.length) return null;
    const options = parts.flatMap((p) => p.options).map((o, i) => ({ ...o, optionId: String(i) }));
    const first = parts[0];
    return this.store(who, first.criteria, first.place, first.forceSandbox, options, [...new Set(parts.flatMap((p) => p.notes))]);
  }

  private async store(
    who: AuthContext | SalesContext,
    criteria: TicketCriteria,
    place: SearchedPlace,
    forceSandbox: boolean,
    options: CachedTicket[],
    notes: string[],
  ): Promise<TicketSearch> {
    const cacheId = randomBytes(16).toString('base64url');
    const expires = new Date(this.now().getTime() + SEARCH_TTL_S * 1000).toISOString();
    const sale = saleOf(who);
    const search: TicketSearch = {
      v: 1,
      cacheId,
      agencyId: sale.agencyId,
      userId: scopeIdOf(sale),
      expires,
      criteria,
      place,
      forceSandbox,
      notes,
      options,
    };
    await this.d.store.set(`ticket-search:${cacheId}`, JSON.stringify(search), SEARCH_TTL_S);
    return search;
  }

  /** The seller's (or storefront's) stored search; another's or an expired one is a 404. */
  async load(who: AuthContext | SalesContext, cacheId: string): Promise<TicketSearch> {
    const sale = saleOf(who);
    const raw = await this.d.store.get(`ticket-search:${cacheId}`);
    const search = raw ? (JSON.parse(raw) as TicketSearch) : null;
    if (!search || search.userId !== scopeIdOf(sale) || search.agencyId !== sale.agencyId)
      throw new AppError(404, 'SEARCH_EXPIRED', HM.cacheExpired);
    return search;
  }

  async option(who: AuthContext | SalesContext, cacheId: string, optionId: string) {
    const search = await this.load(who, cacheId);
    const option = search.options.find((o) => o.optionId === optionId);
    if (!option) throw new AppError(404, 'OPTION_NOT_FOUND', M.eventNotFound);
    return { search, option };
  }

  /** One page of a stored search, filtered and sorted on the server; prices as the role may see them. */
  async page(who: AuthContext | SalesContext, cacheId: string, q: TicketCachedQuery) {
    const search = await this.load(who, cacheId);
    return this.present(who, search, q);
  }

  present(
    who: AuthContext | SalesContext,
    search: TicketSearch,
    q: Pick<TicketCachedQuery, 'page' | 'limit' | 'sort'> & Partial<TicketCachedQuery>,
  ) {
    const matching = sortTickets(filterTickets(search.options, q), q.sort);
    const totalPages = Math.max(1, Math.ceil(matching.length / q.limit));
    const items = matching
      .slice((q.page - 1) * q.limit, q.page * q.limit)
      .map((o) => presentTicket(o, (b) => breakdownFor(viewerTypeOf(saleOf(who)), b)));
    return {
      success: true as const,
      response: {
        cacheId: search.cacheId,
        expires: search.expires,
        itemsFound: matching.length,
        page: q.page,
        limit: q.limit,
        totalPages,
        notes: search.notes,
        items,
        facets: facetsOf(search.options),
      },
    };
  }
}
