import Decimal from 'decimal.js';
import { z } from 'zod';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { isCurrency, money, parseAmount, sameMoney } from '../money.js';
import { type DroppedOffer, reportDropped, screenPrices } from '../offer-screen.js';
import { combineSchedules } from '../policies.js';
import type {
  CallContext,
  CancelResult,
  Money,
  SearchResult,
  SupplierBookingRef,
  TransferBookInput,
  TransferBooking,
  TransferOffer,
  TransferQuote,
  TransferSearchInput,
  TransferSupplier,
} from '../types.js';
import { HotelbedsClient } from './client.js';
import { RATE_KEY_TTL_MS } from './hotel-mappers.js';

const S = 'hotelbeds' as const;
const amount = z.union([z.number(), z.string()]);
const point = z.object({ code: z.string(), type: z.string().optional() });
const policies = z.array(z.object({ amount, from: z.string(), currencyId: z.string().optional() })).optional();
const service = z.object({
  id: z.union([z.number(), z.string()]),
  direction: z.enum(['ARRIVAL', 'DEPARTURE', 'RETURN']),
  transferType: z.enum(['PRIVATE', 'SHARED']),
  vehicle: z.object({ code: z.string().optional(), name: z.string() }),
  category: z.object({ name: z.string() }),
  pickupInformation: z.object({ from: point, to: point, date: z.string(), time: z.string() }),
  minPaxCapacity: z.number().int().optional(),
  maxPaxCapacity: z.number().int().optional(),
  price: z.object({ totalAmount: amount, currencyId: z.string() }),
  rateKey: z.string().optional(),
  cancellationPolicies: policies,
  status: z.string().optional(),
});
const bookingSchema = z.object({
  reference: z.string(),
  clientReference: z.string().optional(),
  creationDate: z.string().optional(),
  status: z.string(),
  holder: z.object({ name: z.string(), surname: z.string() }).optional(),
  transfers: z.array(service),
  totalAmount: amount,
  currency: z.string(),
});

const TYPES = ['IATA', 'ATLAS', 'GIATA', 'GPS', 'PORT', 'STATION'] as const;
const asType = (t: string | undefined) =>
  (TYPES as readonly string[]).includes(t ?? '') ? (t as TransferOffer['pickup']['from']['type']) : 'ATLAS';

/** Transfer policy times come without a zone (local to the pickup); read them as UTC, as Hotelbeds' own SDKs do. */
const withZone = (s: string) => (/(Z|[+-]\d\d:\d\d)$/.test(s) ? s : `${s}Z`);
const scheduleOf = (list: z.infer<typeof policies>) =>
  (list ?? []).map((p) => ({ from: withZone(p.from), amount: new Decimal(parseAmount(p.amount) ?? 0) }));

function policyOf(list: z.infer<typeof policies>, currency: string) {
  return combineSchedules([scheduleOf(list)], currency);
}

export function mapServices(
  data: unknown,
  ctx: { accountId: string; search: TransferSearchInput },
): { offers: TransferOffer[]; dropped: DroppedOffer[] } {
  const list = (data as { services?: unknown })?.services;
  const dropped: DroppedOffer[] = [];
  if (list === undefined) return { offers: [], dropped };
  if (!Array.isArray(list)) throw new Error('services is not a list');
  const expiresAt = new Date(Date.now() + RATE_KEY_TTL_MS).toISOString();
  const offers: TransferOffer[] = [];
  for (const raw of list) {
    const s = service.safeParse(raw);
    const total = s.success ? parseAmount(s.data.price.totalAmount) : null;
    if (!s.success || !total || !isCurrency(s.data.price.currencyId) || !s.data.rateKey) {
      dropped.push({ reason: 'invalid', detail: `service ${(raw as { id?: unknown })?.id}` });
      continue;
    }
    const d = s.data;
    offers.push({
      supplier: S,
      accountId: ctx.accountId,
      serviceId: String(d.id),
      direction: d.direction,
      transferType: d.transferType,
      vehicle: d.vehicle.name,
      category: d.category.name,
      pickup: {
        from: { type: asType(d.pickupInformation.from.type), code: d.pickupInformation.from.code },
        to: { type: asType(d.pickupInformation.to.type), code: d.pickupInformation.to.code },
        date: d.pickupInformation.date,
        time: d.pickupInformation.time,
      },
      capacity: { min: d.minPaxCapacity ?? 1, max: d.maxPaxCapacity ?? 1 },
      total: money(total, d.price.currencyId),
      cancellation: policyOf(d.cancellationPolicies, d.price.currencyId),
      token: { kind: 'rateKey', value: d.rateKey as string, expiresAt },
      search: ctx.search,
    });
  }
  return { offers, dropped };
}

export function mapTransferBooking(data: unknown): TransferBooking {
  const list = (data as { bookings?: unknown[] })?.bookings;
  const b = bookingSchema.safeParse(Array.isArray(list) ? list[0] : data);
  if (!b.success) throw new Error(`transfer booking: ${b.error.issues[0]?.path.join('.')}`);
  const total = parseAmount(b.data.totalAmount);
  if (!total || !isCurrency(b.data.currency)) throw new Error('transfer booking total');
  const schedules = b.data.transfers.map((t) => scheduleOf(t.cancellationPolicies));
  return {
    supplier: S,
    kind: 'transfer',
    ref: { locator: b.data.reference },
    clientReference: b.data.clientReference ?? null,
    status:
      b.data.status === 'CANCELLED'
        ? 'cancelled'
        : b.data.status === 'CONFIRMED' || b.data.status === 'MODIFIED'
          ? 'confirmed'
          : 'pending-provider',
    supplierStatus: b.data.status,
    total: money(total, b.data.currency),
    cancellation: combineSchedules(schedules, b.data.currency),
    holder: b.data.holder ?? null,
    createdAt: b.data.creationDate ?? null,
    remarks: [],
    transfers: b.data.transfers.map((t) => ({
      direction: t.direction,
      vehicle: t.vehicle.name,
      date: t.pickupInformation.date,
      time: t.pickupInformation.time,
    })),
  };
}

/** Penalty in force now from a booking's schedule. */
function penaltyNow(booking: TransferBooking, now = new Date()): Money {
  let p = new Decimal(0);
  for (const r of booking.cancellation.rules) if (Date.parse(r.from) <= now.getTime()) p = Decimal.max(p, r.amount ?? 0);
  return money(p, booking.total.currency);
}

/** Booking list pages read when looking our reference up (100 a page). */
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 5;

/** Hotelbeds Transfers: availability (GET path) → re-availability as quote → POST bookings; read, list, cancel. */
export class HotelbedsTransferAdapter implements TransferSupplier {
  readonly supplier = S;
  readonly kind = 'transfer' as const;
  readonly account: { id: string; name: string };
  private readonly client: HotelbedsClient;
  private readonly lang: string;

  constructor(
    private readonly http: SupplierHttp,
    acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new HotelbedsClient(http, acc, 'transfer');
    this.lang = (acc.settings.language || 'es').slice(0, 2).toLowerCase();
  }

  private availabilityPath(s: TransferSearchInput) {
    const seg = (v: string) => encodeURIComponent(v);
    return [
      '/availability',
      this.lang,
      'from',
      s.from.type,
      seg(s.from.code),
      'to',
      s.to.type,
      seg(s.to.code),
      seg(s.outbound),
      ...(s.inbound ? [seg(s.inbound)] : []),
      s.adults,
      s.children,
      s.infants,
    ].join('/');
  }

  search(input: TransferSearchInput, ctx?: CallContext): Promise<SearchResult<TransferOffer>> {
    const op = 'transfer.search';
    return guarded(this.http, S, op, async () => {
      const dt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
      if (!dt.test(input.outbound) || (input.inbound && !dt.test(input.inbound))) throw invalid(S, op, 'dates yyyy-MM-ddTHH:mm:ss');
      if (input.adults < 1 || input.children < 0 || input.infants < 0) throw invalid(S, op, 'passengers');
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: this.availabilityPath(input),
        idempotent: true,
        ctx,
      });
      const mapped = mapServices(data, { accountId: this.account.id, search: input });
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

  quote(offer: TransferOffer, ctx?: CallContext): Promise<TransferQuote> {
    const op = 'transfer.quote';
    return guarded(this.http, S, op, async () => {
      // No checkrate for transfers: ask again and find the same vehicle, direction and pickup.
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'GET',
        path: this.availabilityPath(offer.search),
        idempotent: true,
        ctx,
      });
      const { offers } = mapServices(data, { accountId: offer.accountId, search: offer.search });
      const same = offers.find(
        (o) =>
          o.direction === offer.direction &&
          o.transferType === offer.transferType &&
          o.vehicle === offer.vehicle &&
          o.category === offer.category &&
          o.pickup.date === offer.pickup.date &&
          o.pickup.time === offer.pickup.time,
      );
      if (!same) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: op, detail: 'service gone at re-quote' });
      if (new Decimal(same.total.amount).lte(0)) throw new Error('re-quote with a non-positive price');
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

  book(input: TransferBookInput, ctx?: CallContext): Promise<TransferBooking> {
    const op = 'transfer.book';
    return guarded(this.http, S, op, async () => {
      if (!/^[\w-]{1,20}$/.test(input.clientReference)) throw invalid(S, op, 'clientReference');
      if (!input.holder.email || !input.holder.phone || !/^\+\d{6,15}$/.test(input.holder.phone))
        throw invalid(S, op, 'holder email and E.164 phone are required');
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'POST',
        path: '/bookings',
        idempotent: false,
        ctx,
        body: {
          language: this.lang,
          holder: { name: input.holder.name, surname: input.holder.surname, email: input.holder.email, phone: input.holder.phone },
          transfers: [
            {
              rateKey: input.quote.token.value,
              transferDetails: [
                {
                  type: input.transport.type,
                  direction: input.quote.offer.direction === 'DEPARTURE' ? 'DEPARTURE' : 'ARRIVAL',
                  code: input.transport.code,
                  companyName: input.transport.companyName,
                },
              ],
            },
          ],
          clientReference: input.clientReference,
          remark: input.remarks,
        },
      });
      return mapTransferBooking(data);
    });
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<TransferBooking> {
    const op = 'transfer.read';
    return guarded(this.http, S, op, async () =>
      mapTransferBooking(
        await this.client.call<unknown>({
          operation: op,
          method: 'GET',
          path: `/bookings/${this.lang}/reference/${encodeURIComponent(ref.locator)}`,
          idempotent: true,
          ctx,
        }),
      ),
    );
  }

  /**
   * Our reference among the bookings of the service dates, through the documented booking list
   * (`GET /bookings/{language}?fromDate&toDate&dateType=FROM_DATE&offset&limit`; its items are whole
   * bookings with `clientReference`) (docs/decisions/0182).
   */
  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<TransferBooking | null> {
    const op = 'transfer.list';
    return guarded(this.http, S, op, async () => {
      for (let page = 0; page < LIST_MAX_PAGES; page++) {
        const data = await this.client.call<{ bookings?: unknown[] }>({
          operation: op,
          method: 'GET',
          path: `/bookings/${this.lang}`,
          query: {
            fromDate: hint.from,
            toDate: hint.to,
            dateType: 'FROM_DATE',
            offset: String(page * LIST_PAGE_SIZE + 1),
            limit: String(LIST_PAGE_SIZE),
          },
          idempotent: true,
          ctx,
        });
        const items = Array.isArray(data?.bookings) ? data.bookings : [];
        const hit = items.find((b) => (b as { clientReference?: unknown })?.clientReference === clientReference);
        if (hit) return mapTransferBooking({ bookings: [hit] });
        if (items.length < LIST_PAGE_SIZE) return null;
      }
      return null;
    });
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'transfer.cancel-simulation' : 'transfer.cancel';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call<unknown>({
        operation: op,
        method: 'DELETE',
        path: `/bookings/${this.lang}/reference/${encodeURIComponent(ref.locator)}`,
        query: { cancellationFlag: opts.simulate ? 'SIMULATION' : 'CANCELLATION' },
        idempotent: opts.simulate,
        ctx,
      });
      const b = mapTransferBooking(data);
      return {
        simulated: opts.simulate,
        status: opts.simulate ? b.status : 'cancelled',
        penalty: penaltyNow(b),
        penaltyKnown: true,
        cancellationReference: null,
      };
    });
  }
}
