import type { PriceBreakdown, ProductKind, UserType } from '@travesia/contracts';
import type { OfferInput } from '../../pricing/index.js';
import type { CallContext, ResolvedProviderAccount, SupplierAdapterMap } from '../../suppliers/index.js';
import type { EventActor } from '../voucher/service.js';
import type { QuoteOwner } from './quote-store.js';
import type { SupplierReserve } from './reserve.js';
import type { SalesContext } from './sales-context.js';

/** The kinds whose flow is a `Flow` run by `FlowService` (hotels and flights use the same pieces apart). */
export type FlowKind = 'ticket' | 'transfer';

/** The adapter of a kind, as the registry answers it (with the kind's own members: a transfer adapter's `point`). */
export type KindAdapter<K extends ProductKind> = SupplierAdapterMap[K];
type Adapter<K extends ProductKind> = KindAdapter<K>;
export type SearchInputOf<K extends ProductKind> = Parameters<Adapter<K>['search']>[0];
export type OfferOf<K extends ProductKind> = Awaited<ReturnType<Adapter<K>['search']>>['offers'][number];
export type QuoteOf<K extends ProductKind> = Awaited<ReturnType<Adapter<K>['quote']>>;
export type BookInputOf<K extends ProductKind> = Parameters<Adapter<K>['book']>[0];

/** One priced offer of a stored search (`supplierName`: the account's name, for lists that show it). */
export interface PricedOption<O> {
  optionId: string;
  accountId: string;
  supplierName?: string;
  offer: O;
  breakdown: PriceBreakdown;
}

/** What every search body of a streamed search may carry. */
export interface FlowCriteria {
  /** The accounts to search (default: every usable source). */
  providers?: string[];
  /** How long each source may take. */
  timeoutMs?: number;
}

/** A search as kept under its cacheId: whose it is, until when, the criteria, the priced options, and the flow's own fields (`X`). */
export type StoredSearch<C, O, X> = {
  v: 1;
  cacheId: string;
  agencyId: string | null;
  /** The seller's id, or `storefront:<whiteLabelId>` (`scopeIdOf`). */
  userId: string;
  expires: string;
  forceSandbox: boolean;
  criteria: C;
  /** Spanish notes shown with the results (a missing mapping, offers left out for want of an exchange rate). */
  notes: string[];
  /** Offers left out for want of an exchange rate, per currency (their note is the last of `notes`). */
  unpriced?: Record<string, number>;
  options: PricedOption<O>[];
} & X;

/** A quote kept between the quote and the reserve (`<kind>-quote:<quoteId>`), with the search fields the reserve reads. */
export type StoredQuote<C, O, Q, X> = QuoteOwner & {
  v: 1;
  cacheId: string;
  optionId: string;
  accountId: string;
  forceSandbox: boolean;
  criteria: C;
  /** The option as quoted (its price, and whatever the flow's `quoted` updated from the quote). */
  option: PricedOption<O>;
  quote: Q;
  breakdown: PriceBreakdown;
} & X;

/** What a flow's reserve hands the engine once its checks passed. */
export interface FlowReservation<K extends ProductKind> {
  /**
   * The voucher as the flow describes it (owner, provider, status, key and codes are the engine's); its service
   * dates are kept in the booking code too (recovery looks the booking up between them).
   */
  voucher: SupplierReserve['voucher'] & { start: string; end: string };
  /** The adapter's booking input, given our reference. */
  book: (clientReference: string) => BookInputOf<K>;
}

export interface ReserveOptions {
  simScenario?: string;
  actor?: EventActor;
  /** Who the voucher names as integrator (default: the provider; a storefront names itself). */
  integrator?: string;
  /** A storefront order's payment, kept on the voucher. */
  payments?: Record<string, unknown>;
}

/**
 * A product kind on the booking engine (docs/adding-a-product-kind.md): only what is the kind's own —
 * criteria checks, the adapter's search input, the pricing input, the stored search's fields, the page
 * (filters, sorting, facets), the quote's answer, the travellers and the voucher summary. `FlowService`
 * runs the rest: sources and accounts, the streamed fan-out, the cache, the quote and the reserve.
 */
export interface FlowMessages {
  /** A search that expired or is not the seller's (404). */
  cacheExpired: string;
  /** An option id the search does not have (404). */
  optionNotFound: string;
  /** The kind's module is off for the agency (403). */
  moduleDisabled: string;
}

export interface Flow<K extends FlowKind, C extends FlowCriteria, L, X extends object, P, B> {
  kind: K;
  /** The kind's own wording of the engine's 4xx (default: the booking messages every kind shares). */
  messages?: Partial<FlowMessages>;
  /** The request field a 400 SUPPLIER_MISMATCH names (an account that does not sell the kind). */
  accountField: string;
  /** How long a search is kept for paging and the quote (seconds; default 30 minutes). */
  searchTtlS?: number;
  /** The criteria checks answered as a plain 4xx before a stream opens. */
  precheck(criteria: C): Promise<void> | void;
  /**
   * Lookups every source of one search shares, started once. `local` opens once the supplier requests are on
   * the wire (fan-out.ts's departure gate): database work no supplier request needs waits for it.
   */
  lookups(criteria: C, local: Promise<void>): L;
  /**
   * The adapter's search input for one account, or a Spanish note when this source cannot search these criteria;
   * what only the supplier knows (how it locates a point) the adapter says.
   */
  input(account: ResolvedProviderAccount, criteria: C, lookups: L, adapter: KindAdapter<K>): Promise<SearchInputOf<K> | { note: string }>;
  /** The flow's own fields kept with a search (awaited once the supplier answered). */
  kept(lookups: L): Promise<X>;
  /** False leaves an offer out before it is priced (a vehicle too small for the group). */
  accepts?(offer: OfferOf<K>, criteria: C): boolean;
  /** Where, when and for how many an offer is priced (the engine adds kind, supplier, cost and dates). */
  pricing(offer: OfferOf<K>, search: { criteria: C } & X): Pick<OfferInput, 'destinationAncestors' | 'checkIn' | 'nights' | 'paxes'>;
  /** One source's answer in its progress row of a streamed search (default: its cacheId, expiry and count). */
  partAnswer?(viewer: UserType, part: StoredSearch<C, OfferOf<K>, X>): unknown;
  /** One page of a stored search: filtered, sorted, presented with its facets. */
  page(viewer: UserType, search: StoredSearch<C, OfferOf<K>, X>, q: P): unknown;
  /** The option as the quote leaves it (default: the new price). */
  quoted?(option: PricedOption<OfferOf<K>>, quote: QuoteOf<K>, breakdown: PriceBreakdown): PricedOption<OfferOf<K>>;
  /** The kind's part of the quote's answer. */
  quoteAnswer(viewer: UserType, q: StoredQuote<C, OfferOf<K>, QuoteOf<K>, X>, chosen: PricedOption<OfferOf<K>>): object;
  /** The quotes a reserve body books (one, or a round trip's two legs). */
  quoteIdsOf(body: B): string[];
  /** The kind's reserve checks (4xx before anything is recorded) and its voucher. */
  reserve(
    quotes: StoredQuote<C, OfferOf<K>, QuoteOf<K>, X>[],
    body: B,
    ctx: { now: Date; opts: ReserveOptions; sale: SalesContext },
  ): FlowReservation<K>;
}

/** Any kind's flow (methods are bivariant in their parameters): the engine reads each kind's own types back from it. */
export type AnyFlow = Flow<FlowKind, FlowCriteria, unknown, object, unknown, unknown>;
export type CriteriaOf<F extends AnyFlow> = Parameters<F['precheck']>[0];
export type LookupsOf<F extends AnyFlow> = ReturnType<F['lookups']>;
export type KeptOf<F extends AnyFlow> = Awaited<ReturnType<F['kept']>>;
export type PageQueryOf<F extends AnyFlow> = Parameters<F['page']>[2];
export type ReserveBodyOf<F extends AnyFlow> = Parameters<F['quoteIdsOf']>[0];
export type SearchOf<F extends AnyFlow> = StoredSearch<CriteriaOf<F>, OfferOf<F['kind']>, KeptOf<F>>;
export type QuoteRecordOf<F extends AnyFlow> = StoredQuote<CriteriaOf<F>, OfferOf<F['kind']>, QuoteOf<F['kind']>, KeptOf<F>>;

/** The call context of one provider call: the simulator scenario only reaches sandbox accounts. */
export const callContext = (account: ResolvedProviderAccount, correlationId: string, simScenario?: string): CallContext => ({
  correlationId,
  simScenario: account.mode === 'sandbox' ? simScenario : undefined,
});
