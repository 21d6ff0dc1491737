import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { money, sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  SearchResult,
  SupplierBookingRef,
  TicketBookInput,
  TicketBooking,
  TicketOffer,
  TicketQuote,
  TicketSearchInput,
  TicketSupplier,
} from '../types.js';
import { mapActivities, mapActivityBooking } from './activity-mappers.js';
import { HotelbedsClient } from './client.js';

export { mapActivities, mapActivityBooking } from './activity-mappers.js';

const S = 'hotelbeds' as const;

/** Availability pages: 100 activities a page, at most 10 pages (1,000 activities) per search. */
const SEARCH_PAGE_SIZE = 100;
const SEARCH_MAX_PAGES = 10;
/** Adults from this age when the rate gives no ADULT band (Hotelbeds' usual 12). */
const DEFAULT_ADULT_FROM = 12;

/**
 * The confirmation's pax type: ADULT or CHILDREN, by age against the rate's ADULT band (the codes of
 * the documented confirm request; docs/decisions/0215).
 */
export function paxTypeOf(age: number | undefined, quote: TicketQuote, fallback: 'adult' | 'child' | 'infant'): 'ADULT' | 'CHILDREN' {
  const adultFrom = quote.ageBands?.find((b) => b.paxType === 'ADULT')?.ageFrom ?? DEFAULT_ADULT_FROM;
  if (age === undefined) return fallback === 'adult' ? 'ADULT' : 'CHILDREN';
  return age >= adultFrom ? 'ADULT' : 'CHILDREN';
}

/**
 * What the confirmation needs beyond the rateKey, checked before the call: the session and service
 * language when details offered them, an answer to every mandatory question. Answers the body part.
 */
export function confirmChoices(input: TicketBookInput, op: string) {
  const q = input.quote;
  if (q.sessions?.length && !q.sessions.some((s) => s.code === input.session)) throw invalid(S, op, 'session required');
  if (!q.sessions?.length && input.session) throw invalid(S, op, 'the rate has no sessions');
  if (q.languages?.length && !q.languages.some((l) => l.code === input.language)) throw invalid(S, op, 'language required');
  if (!q.languages?.length && input.language) throw invalid(S, op, 'the rate has no languages');
  const answers = (input.answers ?? []).filter((a) => a.answer.trim());
  for (const a of answers) if (!(q.questions ?? []).some((x) => x.code === a.code)) throw invalid(S, op, `unknown question ${a.code}`);
  const missing = (q.questions ?? []).find((x) => x.required && !answers.some((a) => a.code === x.code));
  if (missing) throw invalid(S, op, `answer required: ${missing.code}`);
  return {
    ...(input.session ? { session: input.session } : {}),
    ...(input.language ? { serviceLanguage: input.language } : {}),
    answers: answers.map((a) => ({ question: { code: a.code }, answer: a.answer.trim() })),
  };
}

/** Booking list pages read when looking our reference up (100 a page). */
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 5;

/** Hotelbeds Activities (tickets): activities → activities/details (fresh rateKey) → PUT bookings; read, list, cancel. */
export class HotelbedsActivityAdapter implements TicketSupplier {
  readonly supplier = S;
  readonly kind = 'ticket' as const;
  readonly account: { id: string; name: string };
  private readonly client: HotelbedsClient;
  private readonly lang: string;

  constructor(
    private readonly http: SupplierHttp,
    acc: ResolvedProviderAccount,
    private readonly paging: { pageSize: number; maxPages: number } = { pageSize: SEARCH_PAGE_SIZE, maxPages: SEARCH_MAX_PAGES },
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new HotelbedsClient(http, acc, 'ticket');
    this.lang = (acc.settings.language || 'es').slice(0, 2).toLowerCase();
  }

  search(input: TicketSearchInput, ctx?: CallContext): Promise<SearchResult<TicketOffer>> {
    const op = 'ticket.search';
    return guarded(this.http, S, op, async () => {
      if (!input.paxAges.length || input.paxAges.length > 20) throw invalid(S, op, 'paxAges 1..20');
      const activities: unknown[] = [];
      for (let page = 1; page <= this.paging.maxPages; page++) {
        const data = await this.client.call<{ activities?: unknown; pagination?: { totalItems?: unknown } }>({
          operation: op,
          method: 'POST',
          path: '/activities',
          idempotent: true,
          ctx,
          body: {
            filters: [{ searchFilterItems: [{ type: 'destination', value: input.destination }] }],
            from: input.from,
            to: input.to,
            paxes: input.paxAges.map((age) => ({ age })),
            language: this.lang,
            pagination: { itemsPerPage: this.paging.pageSize, page },
            order: 'DEFAULT',
          },
        });
        if (data?.activities !== undefined && !Array.isArray(data.activities)) throw new Error('activities is not a list');
        const items = (data?.activities as unknown[] | undefined) ?? [];
        activities.push(...items);
        const totalItems = Number(data?.pagination?.totalItems);
        const more = Number.isFinite(totalItems) ? page * this.paging.pageSize < totalItems : items.length === this.paging.pageSize;
        if (!more || !items.length) break;
      }
      const data = { activities };
      const mapped = mapActivities(data, { accountId: this.account.id, from: input.from, to: input.to, paxAges: input.paxAges });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return {
        offers,
        dropped: mapped.dropped.length + screened.dropped.length,
        expiresAt: offers[0]?.token.expiresAt ?? null,
        total: offers.length,
      };
    });
  }

  quote(offer: TicketOffer, ctx?: CallContext): Promise<TicketQuote> {
    const op = 'ticket.quote';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<{ activity?: unknown }>({
        operation: op,
        method: 'POST',
        path: '/activities/details',
        idempotent: true,
        ctx,
        body: {
          code: offer.activity.code,
          from: offer.from,
          to: offer.to,
          paxes: offer.paxAges.map((age) => ({ age })),
          language: this.lang,
        },
      });
      const { offers } = mapActivities(
        { activities: [data.activity] },
        { accountId: offer.accountId, from: offer.from, to: offer.to, paxAges: offer.paxAges },
      );
      const same = offers.find((o) => o.modality.code === offer.modality.code);
      if (!same) throw new Error('details without the chosen modality');
      if (new Decimal(same.total.amount).lte(0)) throw new Error('details with a non-positive price');
      return {
        offer,
        total: same.total,
        priceChanged: !sameMoney(same.total, offer.total),
        previousTotal: offer.total,
        cancellation: same.cancellation,
        token: same.token,
        remarks: [],
        availability: same.availability,
        sessions: same.sessions,
        languages: same.languages,
        pickupPoints: same.pickupPoints,
        questions: same.questions,
        ageBands: same.ageBands,
        ...(same.content ? { content: same.content } : {}),
        supplierData: same.supplierData,
      };
    });
  }

  book(input: TicketBookInput, ctx?: CallContext): Promise<TicketBooking> {
    const op = 'ticket.book';
    return guarded(this.http, S, op, async () => {
      if (!/^[\w-]{1,20}$/.test(input.clientReference)) throw invalid(S, op, 'clientReference');
      if (input.paxes.length !== input.quote.offer.paxAges.length) throw invalid(S, op, 'one pax per age');
      const choices = confirmChoices(input, op);
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'PUT',
        path: '/bookings',
        idempotent: false,
        ctx,
        body: {
          language: this.lang,
          clientReference: input.clientReference,
          holder: {
            name: input.holder.name,
            surname: input.holder.surname,
            email: input.holder.email,
            telephones: input.holder.phone ? [input.holder.phone] : [],
            country: input.holder.nationality,
          },
          activities: [
            {
              rateKey: input.quote.token.value,
              from: input.quote.offer.from,
              to: input.quote.offer.to,
              paxes: input.paxes.map((p, i) => {
                const age = p.age ?? input.quote.offer.paxAges[i];
                return { age, name: p.name, surname: p.surname, type: paxTypeOf(age, input.quote, p.type) };
              }),
              ...choices,
            },
          ],
        },
      });
      const { cancelValuation: _c, ...booking } = mapActivityBooking(data);
      return booking;
    });
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TicketBooking> {
    const op = 'ticket.read';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: `/bookings/${this.lang}/${encodeURIComponent(ref.locator)}`,
        idempotent: true,
        ctx,
      });
      const { cancelValuation: _c, ...booking } = mapActivityBooking(data);
      return booking;
    });
  }

  /**
   * Our reference among the bookings of the service dates, through the documented booking list
   * (`GET /bookings/{language}?start&end&filterType=CHECKIN&includedCancelled&itemsPerPage&page`; its
   * items are summaries), then the booking detail by the supplier's reference (docs/decisions/0182).
   */
  async findByClientReference(
    clientReference: string,
    hint: { from: string; to: string },
    ctx?: CallContext,
  ): Promise<TicketBooking | null> {
    const op = 'ticket.list';
    const reference = await guarded(this.http, S, op, async () => {
      for (let page = 1; page <= LIST_MAX_PAGES; page++) {
        const data = await this.client.call<{ bookings?: unknown[]; pagination?: { totalItems?: unknown } }>({
          operation: op,
          method: 'GET',
          path: `/bookings/${this.lang}`,
          query: {
            start: hint.from,
            end: hint.to,
            filterType: 'CHECKIN',
            includedCancelled: 'true',
            itemsPerPage: String(LIST_PAGE_SIZE),
            page: String(page),
          },
          idempotent: true,
          ctx,
        });
        const items = Array.isArray(data?.bookings) ? data.bookings : [];
        const hit = items.find((b) => (b as { clientReference?: unknown })?.clientReference === clientReference) as
          | { reference?: unknown }
          | undefined;
        if (hit) {
          if (typeof hit.reference !== 'string' || !hit.reference) throw new Error('booking list item without reference');
          return hit.reference;
        }
        if (items.length < LIST_PAGE_SIZE) return null;
      }
      return null;
    });
    return reference ? this.read({ locator: reference }, ctx) : null;
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'ticket.cancel-simulation' : 'ticket.cancel';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'DELETE',
        path: `/bookings/${this.lang}/${encodeURIComponent(ref.locator)}`,
        query: { cancellationFlag: opts.simulate ? 'SIMULATION' : 'CANCELLATION' },
        idempotent: opts.simulate,
        ctx,
      });
      const b = mapActivityBooking(data);
      const penalty = b.cancelValuation ? money(b.cancelValuation, b.total.currency) : null;
      return {
        simulated: opts.simulate,
        status: opts.simulate ? b.status : 'cancelled',
        penalty,
        penaltyKnown: penalty !== null,
        cancellationReference: null,
      };
    });
  }
}
