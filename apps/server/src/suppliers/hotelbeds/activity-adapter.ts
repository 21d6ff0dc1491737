import Decimal from 'decimal.js';
import { z } from 'zod';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { isCurrency, money, parseAmount, sameMoney } from '../money.js';
import { type DroppedOffer, reportDropped, screenPrices } from '../offer-screen.js';
import { combineSchedules } from '../policies.js';
import type {
  CallContext,
  CancellationPolicy,
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
import { HotelbedsClient } from './client.js';
import { bookingStatus, RATE_KEY_TTL_MS } from './hotel-mappers.js';

const S = 'hotelbeds' as const;
const amount = z.union([z.number(), z.string()]);
const policies = z.array(z.object({ dateFrom: z.string(), amount })).optional();
const rateDetail = z.object({
  rateKey: z.string().min(1),
  operationDates: z.array(z.object({ from: z.string(), to: z.string(), cancellationPolicies: policies })).optional(),
  totalAmount: z.object({ amount, currency: z.string().optional() }),
});
const modality = z.object({ code: z.string(), name: z.string(), rates: z.array(z.object({ rateDetails: z.array(z.unknown()) })) });
const activity = z.object({ code: z.string(), name: z.string(), currency: z.string().optional(), modalities: z.array(modality) });
const bookingSchema = z.object({
  reference: z.string(),
  clientReference: z.string().optional(),
  status: z.string(),
  currency: z.string(),
  total: amount,
  creationDate: z.string().optional(),
  holder: z.object({ name: z.string(), surname: z.string() }).optional(),
  cancelValuationAmount: amount.optional(),
  activities: z
    .array(
      z.object({
        code: z.string(),
        name: z.string(),
        dateFrom: z.string().optional(),
        dateTo: z.string().optional(),
        cancellationPolicies: policies,
      }),
    )
    .optional(),
});

function policyOf(list: { dateFrom: string; amount: string | number }[] | undefined, currency: string): CancellationPolicy {
  return combineSchedules([(list ?? []).map((p) => ({ from: p.dateFrom, amount: new Decimal(parseAmount(p.amount) ?? 0) }))], currency);
}

export function mapActivities(
  data: unknown,
  ctx: { accountId: string; from: string; to: string; paxAges: number[] },
): { offers: TicketOffer[]; dropped: DroppedOffer[] } {
  const list = (data as { activities?: unknown })?.activities;
  const dropped: DroppedOffer[] = [];
  if (list === undefined) return { offers: [], dropped };
  if (!Array.isArray(list)) throw new Error('activities is not a list');
  const offers: TicketOffer[] = [];
  const expiresAt = new Date(Date.now() + RATE_KEY_TTL_MS).toISOString();
  for (const raw of list) {
    const a = activity.safeParse(raw);
    if (!a.success) {
      dropped.push({ reason: 'invalid', detail: `activity ${(raw as { code?: unknown })?.code}` });
      continue;
    }
    for (const m of a.data.modalities) {
      for (const rd of m.rates.flatMap((r) => r.rateDetails)) {
        const d = rateDetail.safeParse(rd);
        const currency = d.success ? (d.data.totalAmount.currency ?? a.data.currency) : undefined;
        const total = d.success ? parseAmount(d.data.totalAmount.amount) : null;
        if (!d.success || !total || !isCurrency(currency)) {
          dropped.push({ reason: 'invalid', detail: `${a.data.code}/${m.code}` });
          continue;
        }
        offers.push({
          supplier: S,
          accountId: ctx.accountId,
          activity: { code: a.data.code, name: a.data.name },
          modality: { code: m.code, name: m.name },
          from: ctx.from,
          to: ctx.to,
          paxAges: ctx.paxAges,
          total: money(total, currency),
          cancellation: policyOf(d.data.operationDates?.[0]?.cancellationPolicies, currency),
          token: { kind: 'rateKey', value: d.data.rateKey, expiresAt },
          supplierData: {},
        });
      }
    }
  }
  return { offers, dropped };
}

export function mapActivityBooking(data: unknown): TicketBooking & { cancelValuation: Decimal | null } {
  const b = bookingSchema.safeParse((data as { booking?: unknown })?.booking ?? data);
  if (!b.success) throw new Error(`activity booking: ${b.error.issues[0]?.path.join('.')}`);
  const total = parseAmount(b.data.total);
  if (!total || !isCurrency(b.data.currency)) throw new Error('activity booking total');
  const act = b.data.activities?.[0];
  return {
    supplier: S,
    kind: 'ticket',
    ref: { locator: b.data.reference },
    clientReference: b.data.clientReference ?? null,
    status: bookingStatus(b.data.status),
    supplierStatus: b.data.status,
    total: money(total, b.data.currency),
    cancellation: policyOf(act?.cancellationPolicies, b.data.currency),
    holder: b.data.holder ?? null,
    createdAt: b.data.creationDate ?? null,
    remarks: [],
    activity: act ? { code: act.code, name: act.name } : null,
    from: act?.dateFrom ?? null,
    to: act?.dateTo ?? null,
    cancelValuation: parseAmount(b.data.cancelValuationAmount),
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
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new HotelbedsClient(http, acc, 'ticket');
    this.lang = (acc.settings.language || 'es').slice(0, 2).toLowerCase();
  }

  search(input: TicketSearchInput, ctx?: CallContext): Promise<SearchResult<TicketOffer>> {
    const op = 'ticket.search';
    return guarded(this.http, S, op, async () => {
      if (!input.paxAges.length || input.paxAges.length > 20) throw invalid(S, op, 'paxAges 1..20');
      const data = await this.client.call<unknown>({
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
          pagination: { itemsPerPage: 100, page: 1 },
          order: 'DEFAULT',
        },
      });
      const mapped = mapActivities(data, { accountId: this.account.id, from: input.from, to: input.to, paxAges: input.paxAges });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = screened.kept.sort((a, b) => new Decimal(a.total.amount).comparedTo(b.total.amount));
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
      };
    });
  }

  book(input: TicketBookInput, ctx?: CallContext): Promise<TicketBooking> {
    const op = 'ticket.book';
    return guarded(this.http, S, op, async () => {
      if (!/^[\w-]{1,20}$/.test(input.clientReference)) throw invalid(S, op, 'clientReference');
      if (input.paxes.length !== input.quote.offer.paxAges.length) throw invalid(S, op, 'one pax per age');
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
              paxes: input.paxes.map((p, i) => ({
                age: p.age ?? input.quote.offer.paxAges[i],
                name: p.name,
                surname: p.surname,
                type: p.type === 'adult' ? 'ADULT' : 'CHILD',
              })),
              answers: [],
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
