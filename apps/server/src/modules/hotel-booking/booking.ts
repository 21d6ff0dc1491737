import { randomBytes } from 'node:crypto';
import {
  type HotelReserveBody,
  HOTEL_BOOKING_MESSAGES as M,
  type PriceBreakdown,
  type SupplierId,
  type VoucherStatus,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { hotelBookingRecovery, type PolicyRuleData, type VoucherRow, vouchers } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { KeyValueStore } from '../../lib/kv.js';
import { breakdownFor } from '../../pricing/index.js';
import {
  type CallContext,
  type CancellationPolicy,
  type Holder,
  type HolderRequirement,
  type HotelBookInput,
  type HotelBooking,
  type HotelOffer,
  type HotelQuote,
  type ResolvedProviderAccount,
  SupplierError,
  type SupplierLayer,
  type Traveller,
} from '../../suppliers/index.js';
import { policiesOf } from '../inventory/own-voucher.js';
import type { InventoryService } from '../inventory/service.js';
import type { PricingService } from '../pricing/service.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import type { EventActor, VoucherService } from '../voucher/service.js';
import type { HotelSource, SearchIndex } from './cache.js';
import type { HotelSearchService } from './search.js';
import { requoteTravesia } from './travesia.js';

/** What is kept under a quoteId between the quote and the reserve. */
export interface CachedQuote {
  v: 1;
  quoteId: string;
  cacheId: string;
  optionId: string;
  agencyId: string | null;
  userId: string;
  accountId: string;
  supplier: HotelSource;
  forceSandbox: boolean;
  resort: SearchIndex['resort'];
  criteria: SearchIndex['criteria'];
  place: SearchIndex['place'];
  quote: HotelQuote;
  breakdown: PriceBreakdown;
  expiresAt: string;
}

/** The supplier booking data kept in the voucher's bookingCodes (recovery and cancellation read it). */
export interface SupplierBookingCode {
  kind: 'supplier-hotel';
  supplier: SupplierId;
  accountId: string;
  mode: 'sandbox' | 'production';
  clientReference: string;
  checkIn: string;
  checkOut: string;
  quoteId: string;
  token: HotelQuote['token'];
  ref: { locator: string; extra?: Record<string, string> } | null;
}

/** Supplier errors after which the booking may exist at the supplier: look it up, never book again. */
const OUTCOME_UNKNOWN = new Set(['SUPPLIER_OUTCOME_UNKNOWN', 'SUPPLIER_TIMEOUT', 'SUPPLIER_UNAVAILABLE', 'SUPPLIER_BAD_RESPONSE']);

const QUOTE_TTL_S = 10 * 60;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface HotelBookingOptions {
  /** A pending booking is first looked up this long after it was recorded (the request may still be running). */
  recoveryGraceMs: number;
  /** Between lookups of one booking. */
  recoveryRetryMs: number;
  /** After this long, a booking the supplier doesn't know is cancelled with a reason. */
  recoveryWindowMs: number;
  /**
   * The longest a reserve waits for the supplier's answer before answering the voucher
   * pending-provider (202) while the call goes on in the background (docs/decisions/0153).
   */
  reserveAnswerMs: number;
}

export const DEFAULT_BOOKING_OPTIONS: HotelBookingOptions = {
  recoveryGraceMs: 3 * 60_000,
  recoveryRetryMs: 60_000,
  recoveryWindowMs: 30 * 60_000,
  reserveAnswerMs: 20_000,
};

/** How a supplier booking ended for the request that made it: the settled voucher, or the error to answer. */
type BookingOutcome = { voucher: VoucherRow } | { error: unknown };

/** What `hotels.book` is called with, kept so the call can outlive the request. */
type BookRequest = [HotelBookInput, CallContext];

/** The quote a supplier reserve consumes (migration 0740): a second booking of it is a 409. */
export const hotelQuoteRef = (quoteId: string) => `hotel-quote:${quoteId}`;

export interface HotelBookingDeps {
  db: Db;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  pricing: PricingService;
  vouchers: VoucherService;
  search: HotelSearchService;
  /** Own inventory: re-price (its search) and book (confirmed at once, spec §4). */
  inventory: Pick<InventoryService, 'search' | 'book'>;
  log: Logger;
  options?: Partial<HotelBookingOptions>;
  now?: () => Date;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const quoteKey = (id: string) => `hotel-quote:${id}`;
const samePolicy = (a: CancellationPolicy, b: CancellationPolicy) =>
  a.refundable === b.refundable && JSON.stringify(a.rules) === JSON.stringify(b.rules);

/**
 * Re-quote and reserve (issue 6 "a booking is never lost nor doubled"): the voucher is recorded under
 * the caller's idempotency key BEFORE the supplier is called, with our reference sent to the supplier;
 * the answer settles its status, and a lost answer leaves it pending-provider for the RecoveryWorker.
 */
export class HotelBookingService {
  readonly options: HotelBookingOptions;
  private readonly now: () => Date;
  /** Supplier bookings still running after their request was answered pending (or not yet answered). */
  private readonly inFlight = new Set<Promise<BookingOutcome>>();
  constructor(private readonly d: HotelBookingDeps) {
    this.options = { ...DEFAULT_BOOKING_OPTIONS, ...d.options };
    this.now = d.now ?? (() => new Date());
  }

  // ---------------------------------------------------------------- quote

  /** Re-prices one option of a cached search with the supplier; a changed price or policy comes back flagged. */
  async quote(auth: AuthContext, cacheId: string, optionId: string, simScenario?: string) {
    const { search, entry: option } = await this.d.search.option(auth, cacheId, optionId);
    const at = this.now();
    let quote: HotelQuote;
    let breakdown: PriceBreakdown;
    if (search.supplier === 'travesia') {
      ({ quote, breakdown } = await requoteTravesia(this.d.inventory, auth, search, option));
    } else {
      const supplier = search.supplier as SupplierId;
      const account = await this.d.search.account(auth, search.accountId, { supplier, forceSandbox: search.forceSandbox }, search.resort);
      const ctx = { correlationId: search.cacheId, simScenario: account.mode === 'sandbox' ? simScenario : undefined };
      quote = await this.d.suppliers.registry.hotel(account).quote(option.offer as HotelOffer, ctx);
      breakdown = await this.d.pricing.priceOffer({
        agencyId: auth.agency?.id ?? null,
        userId: auth.user.id,
        kind: 'hotel',
        supplier,
        destinationAncestors: [search.place.id, ...search.place.ancestors],
        checkIn: search.criteria.checkIn,
        checkOut: search.criteria.checkOut,
        nights: search.criteria.nights,
        paxes: search.criteria.rooms.reduce((n, r) => n + r.adults + r.childrenAges.length, 0),
        cost: quote.total,
        bookingDate: isoDay(at),
        targetCurrency: option.breakdown.currency,
        at,
      });
    }
    const quoteId = randomBytes(16).toString('base64url');
    const tokenTtl = quote.token.expiresAt ? Math.floor((Date.parse(quote.token.expiresAt) - at.getTime()) / 1000) : QUOTE_TTL_S;
    const ttl = Math.max(30, Math.min(QUOTE_TTL_S, Number.isFinite(tokenTtl) ? tokenTtl : QUOTE_TTL_S));
    const expiresAt = new Date(at.getTime() + ttl * 1000).toISOString();
    const cached: CachedQuote = {
      v: 1,
      quoteId,
      cacheId: search.cacheId,
      optionId: option.optionId,
      agencyId: search.agencyId,
      userId: search.userId,
      accountId: search.accountId,
      supplier: search.supplier as HotelSource,
      forceSandbox: search.forceSandbox,
      resort: search.resort,
      criteria: search.criteria,
      place: search.place,
      quote,
      breakdown,
      expiresAt,
    };
    await this.d.store.set(quoteKey(quoteId), JSON.stringify(cached), ttl);
    const priceChanged = breakdown.price !== option.breakdown.price || breakdown.currency !== option.breakdown.currency;
    const policyChanged = !samePolicy(option.offer.cancellation, quote.cancellation);
    return {
      success: true as const,
      response: {
        quoteId,
        expiresAt,
        priceChanged,
        policyChanged,
        /** Must be sent back as `price` in the reserve body. */
        price: { amount: breakdown.price, currency: breakdown.currency },
        previousPrice: { amount: option.breakdown.price, currency: option.breakdown.currency },
        breakdown: breakdownFor(auth.user.type, breakdown),
        availability: quote.availability,
        cancellation: quote.cancellation,
        previousCancellation: option.offer.cancellation,
        remarks: quote.remarks,
        /** Holder details this option requires (the reserve form asks for them; the reserve answers 400 without them). */
        requiredHolderFields: quote.requiredHolderFields ?? [],
        hotel: { code: quote.offer.hotel.code, name: quote.offer.hotel.name, category: quote.offer.hotel.category ?? null },
        rooms: quote.offer.rooms.map((r) => ({
          code: r.code,
          name: r.name,
          adults: r.occupancy.adults,
          childrenAges: r.occupancy.childrenAges,
        })),
        board: { code: quote.offer.board.code, label: quote.offer.board.label },
        checkIn: search.criteria.checkIn,
        checkOut: search.criteria.checkOut,
      },
    };
  }

  private async cachedQuote(auth: AuthContext, quoteId: string): Promise<CachedQuote> {
    const raw = await this.d.store.get(quoteKey(quoteId));
    const found = raw ? (JSON.parse(raw) as CachedQuote) : null;
    if (!found || found.userId !== auth.user.id || found.agencyId !== (auth.agency?.id ?? null))
      throw new AppError(409, 'QUOTE_EXPIRED', M.quoteExpired, { 'bookingCodes.quoteId': M.quoteExpired });
    return found;
  }

  // ---------------------------------------------------------------- reserve

  /**
   * Books an accepted quote exactly once per idempotency key. Answers the voucher and whether this
   * call created it; a retry (same key) answers the first voucher and never calls the supplier.
   */
  async reserve(
    auth: AuthContext,
    body: HotelReserveBody,
    idempotencyKey: string | undefined,
    opts: { simScenario?: string; actor?: EventActor } = {},
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    if (!idempotencyKey)
      throw badRequest(M.idempotencyKeyRequired, { idempotencyKey: M.idempotencyKeyRequired }, 'IDEMPOTENCY_KEY_REQUIRED');
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw badRequest(M.idempotencyKeyInvalid, { idempotencyKey: M.idempotencyKeyInvalid });
    const agencyId = auth.agency?.id;
    if (!agencyId) throw new AppError(403, 'FORBIDDEN', 'Solo los usuarios de una agencia pueden reservar');

    // A retry: the first voucher, whatever state it is in; the supplier is not called again. Another
    // user's key is a 409 (keys are scoped to the user, issue 12 finding 10).
    const previous = await this.d.vouchers.findReplay(agencyId, auth.user.id, idempotencyKey);
    if (previous) {
      if (previous.provider === 'travesia') await this.assertSameTravesiaRequest(auth, previous, body);
      return { voucher: this.assertSameRequest(previous, body), created: false };
    }

    const q = await this.cachedQuote(auth, body.bookingCodes.quoteId);
    if (!new Decimal(body.price.gross).eq(q.breakdown.price) || body.price.currency !== q.breakdown.currency) {
      const detail = `${q.breakdown.price} ${q.breakdown.currency}`;
      throw new AppError(409, 'PRICE_CHANGED', M.priceChanged, { price: `Precio vigente: ${detail}` });
    }
    const rooms = q.criteria.rooms;
    if (
      body.companions.length !== rooms.length ||
      body.companions.some((c, i) => c.length !== rooms[i].adults + rooms[i].childrenAges.length)
    )
      throw badRequest(M.paxesMismatch, { companions: M.paxesMismatch });
    assertRequiredHolderFields(q.quote?.requiredHolderFields, body.client);
    if (q.supplier === 'travesia') return this.reserveTravesia(auth, q, body, idempotencyKey);
    const supplier = q.supplier as SupplierId;
    const account = await this.d.search.account(auth, q.accountId, { supplier, forceSandbox: q.forceSandbox }, q.resort);

    const paxes: Traveller[][] = body.companions.map((room, i) => {
      let child = 0;
      return room.map((p, j) => {
        const isChild = j >= rooms[i].adults;
        const age = isChild ? rooms[i].childrenAges[child++] : (p.age ?? 30);
        return { name: p.name, surname: p.surname, age, type: isChild ? (age < 2 ? 'infant' : 'child') : 'adult' };
      });
    });
    const b = q.breakdown;
    const quote = q.quote;
    const code: Omit<SupplierBookingCode, 'clientReference'> = {
      kind: 'supplier-hotel',
      supplier,
      accountId: account.id,
      mode: account.mode,
      checkIn: q.criteria.checkIn,
      checkOut: q.criteria.checkOut,
      quoteId: q.quoteId,
      token: quote.token,
      ref: null,
    };
    const recorded = await this.d.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const r = await this.d.vouchers.record(
        {
          agencyId,
          userId: auth.user.id,
          type: 'hotel',
          integrator: q.supplier,
          provider: q.supplier,
          providerAccountId: account.id,
          status: 'pending-provider',
          start: q.criteria.checkIn,
          end: q.criteria.checkOut,
          nights: q.criteria.nights,
          client: { ...body.client, name: body.client.name.trim() },
          companions: body.companions.flatMap((room, i) => room.map((p) => ({ ...p, room: i + 1 }))),
          price: { gross: b.price, currency: b.currency },
          cost: { net: quote.total.amount, currency: quote.total.currency },
          markups: b.steps
            .filter((s) => s.scope !== 'commission')
            .map((s) => ({
              name: `${s.scope}${s.ruleId ? `:${s.ruleId}` : ''}`,
              type: s.kind,
              value: s.value,
              amount: s.amount,
              currency: b.currency,
            })),
          commission: b.commission ? { amount: b.commission.amount, currency: b.currency } : null,
          usdRate: b.usdRate,
          payments: (body.payments ?? {}) as Record<string, unknown>,
          bookingCodes: [{ ...code, clientReference: '' }],
          policies: policiesOf(quote.cancellation),
          product: {
            name: quote.offer.hotel.name,
            destination: q.place.name,
            category: quote.offer.hotel.category,
            board: quote.offer.board.label,
            rooms: quote.offer.rooms.map((r) => ({
              name: r.name,
              board: quote.offer.board.label,
              adults: r.occupancy.adults,
              children: r.occupancy.childrenAges.length,
              childrenAges: r.occupancy.childrenAges,
            })),
            hotelCode: quote.offer.hotel.code,
            breakdown: b,
            comments: body.comments,
          },
          idempotencyKey,
          quoteRef: hotelQuoteRef(q.quoteId),
        },
        { tx, actor: opts.actor },
      );
      if (!r.created) return r;
      // Our reference is known only now: keep it with the codes, and queue the recovery lookup.
      await tx
        .update(vouchers)
        .set({ bookingCodes: [{ ...code, clientReference: r.voucher.externalBookingReference }] })
        .where(eq(vouchers.id, r.voucher.id));
      await tx.insert(hotelBookingRecovery).values({
        voucherId: r.voucher.id,
        nextAttemptAt: new Date(this.now().getTime() + this.options.recoveryGraceMs),
      });
      return r;
    });
    if (!recorded.created) return { voucher: this.assertSameRequest(recorded.voucher, body), created: false };
    const voucher = recorded.voucher;

    const request: BookRequest = [
      {
        quote,
        holder: supplierHolder(body.client),
        paxes,
        clientReference: voucher.externalBookingReference,
        remarks: body.comments,
      },
      { correlationId: voucher.id, simScenario: account.mode === 'sandbox' ? opts.simScenario : undefined },
    ];
    // The supplier call outlives the request when it is slow: after reserveAnswerMs the voucher is
    // answered pending-provider and the call settles it in the background (a crash mid-call is left to
    // the RecoveryWorker through the recovery row recorded above).
    const outcome = this.track(this.bookAtSupplier(voucher.id, account, request));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.reserveAnswerMs);
    });
    const first = await Promise.race([outcome, late]);
    clearTimeout(timer);
    if (!first) {
      this.d.log.info({ voucherId: voucher.id, afterMs: this.options.reserveAnswerMs }, 'supplier still booking; answered pending');
      return { voucher: await this.reload(voucher.id), created: true };
    }
    if ('error' in first) throw first.error;
    return { voucher: first.voucher, created: true };
  }

  /**
   * Books at the supplier and settles the voucher from the answer; never rejects, so it can run on
   * after its request was answered. A definite refusal cancels the voucher and comes back as the
   * error to answer; an unknown outcome leaves it pending-provider for the RecoveryWorker.
   */
  private async bookAtSupplier(voucherId: string, account: ResolvedProviderAccount, request: BookRequest): Promise<BookingOutcome> {
    try {
      let booking: HotelBooking;
      try {
        booking = await this.d.suppliers.registry.hotel(account).book(...request);
      } catch (err) {
        if (err instanceof SupplierError && !OUTCOME_UNKNOWN.has(err.code)) {
          // A definite refusal: nothing was booked. The voucher keeps the reason; a new checkout needs a new key.
          const settled = await this.settle(voucherId, { status: 'cancelled', note: `${err.code}: ${err.message}` });
          this.d.log.warn({ voucherId, code: err.code }, 'supplier refused the booking');
          return { error: new AppError(err.status, err.code, err.message, { voucherId: settled?.id ?? voucherId }) };
        }
        // The outcome is unknown: the voucher stays pending-provider and the RecoveryWorker looks it up.
        this.d.log.warn({ voucherId, err }, 'booking outcome unknown; left for recovery');
        return { voucher: await this.reload(voucherId) };
      }
      const settled = await this.settleFromBooking(voucherId, booking);
      return { voucher: settled ?? (await this.reload(voucherId)) };
    } catch (err) {
      // Recording the answer failed (database gone…): the recovery row is still there, the worker settles it.
      this.d.log.error({ voucherId, err }, 'settling a supplier booking failed; left for recovery');
      return { error: err };
    }
  }

  private track(p: Promise<BookingOutcome>): Promise<BookingOutcome> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  /**
   * Resolves once every supplier booking still running has settled its voucher, or after `timeoutMs`
   * (answers how many are left; the RecoveryWorker settles those). Tests and shutdown wait on it.
   */
  async idle(timeoutMs = Number.POSITIVE_INFINITY): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const wait = Number.isFinite(timeoutMs)
        ? new Promise<void>((resolve) => {
            timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          })
        : new Promise<void>(() => {});
      await Promise.race([Promise.allSettled([...this.inFlight]), wait]);
      clearTimeout(timer);
    }
    return this.inFlight.size;
  }

  /**
   * Own inventory: `services.inventory.book` re-prices the option, records the voucher confirmed and
   * takes the rooms in one transaction, idempotent by the same key (spec §4: confirmed at once).
   */
  private async reserveTravesia(
    auth: AuthContext,
    q: CachedQuote,
    body: HotelReserveBody,
    idempotencyKey: string,
  ): Promise<{ voucher: VoucherRow; created: boolean }> {
    // The whole spec §3 client, as a supplier booking keeps it; `phone` only when a caller sends the single one.
    const { name, surname, email, phone, ...client } = body.client;
    return this.d.inventory.book(auth, {
      token: q.quote.token.value,
      idempotencyKey,
      holder: {
        ...client,
        name: name.trim(),
        surname: surname?.trim() ?? '',
        ...(email ? { email } : {}),
        ...(typeof phone === 'string' ? { phone } : {}),
      },
      companions: body.companions.flatMap((room, i) => room.map((p) => ({ ...p, room: i + 1 }))),
      remarks: body.comments,
      expectedPrice: { amount: q.breakdown.price, currency: q.breakdown.currency },
    });
  }

  /** A key reused for another quote is a 409; the same request answers its voucher. */
  private assertSameRequest(v: VoucherRow, body: HotelReserveBody): VoucherRow {
    const code = (v.bookingCodes as Partial<SupplierBookingCode>[])[0];
    if (code?.quoteId && code.quoteId !== body.bookingCodes.quoteId) throw conflict(M.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    return v;
  }

  /**
   * An own-inventory voucher keeps no quoteId (the inventory module writes its codes): a key reused
   * with another quote is told by the quote's room type, board and dates, while that quote is cached.
   */
  private async assertSameTravesiaRequest(auth: AuthContext, v: VoucherRow, body: HotelReserveBody): Promise<void> {
    const raw = await this.d.store.get(quoteKey(body.bookingCodes.quoteId));
    const q = raw ? (JSON.parse(raw) as CachedQuote) : null;
    if (!q || q.userId !== auth.user.id || q.supplier !== 'travesia') return;
    const code = (v.bookingCodes as Array<{ roomTypeId?: string; board?: string; start?: string; end?: string }>)[0];
    const same =
      code?.roomTypeId === q.quote.supplierData.roomTypeId &&
      code.board === q.quote.offer.board.code &&
      code.start === q.criteria.checkIn &&
      code.end === q.criteria.checkOut;
    if (!same) throw conflict(M.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
  }

  private async reload(id: string): Promise<VoucherRow> {
    const [row] = await this.d.db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
    return row;
  }

  /** Applies a final state (retrying once on a concurrent update) and drops the recovery row. */
  private async settle(
    voucherId: string,
    update: {
      status: VoucherStatus;
      note?: string;
      locator?: string;
      supplierReferences?: string[];
      shortLocator?: string | null;
      policies?: PolicyRuleData[];
      bookingCodes?: unknown[];
      supplierRemarks?: string[];
    },
  ): Promise<VoucherRow | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.reload(voucherId);
      if (!current) return null;
      if (current.status !== 'pending-provider') {
        await this.d.db.delete(hotelBookingRecovery).where(eq(hotelBookingRecovery.voucherId, voucherId));
        return current; // someone else (the worker, the request) settled it first
      }
      try {
        const row = await this.d.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const after = await this.d.vouchers.applyUpdate(voucherId, current.version, update, {
            tx,
            actor: { kind: 'supplier', name: current.provider },
          });
          await tx.delete(hotelBookingRecovery).where(eq(hotelBookingRecovery.voucherId, voucherId));
          return after;
        });
        if (row.status === 'confirmed') void this.d.vouchers.notifyRecorded(row);
        return row;
      } catch (err) {
        if (err instanceof AppError && err.code === 'VERSION_CONFLICT') continue;
        throw err;
      }
    }
    return this.reload(voucherId);
  }

  private async settleFromBooking(voucherId: string, booking: HotelBooking): Promise<VoucherRow | null> {
    const current = await this.reload(voucherId);
    const codes = (current?.bookingCodes ?? []) as SupplierBookingCode[];
    const status: VoucherStatus =
      booking.status === 'confirmed' || booking.status === 'on-request' || booking.status === 'cancelled' ? booking.status : 'on-request';
    return this.settle(voucherId, {
      status,
      locator: booking.ref.locator,
      supplierReferences: [booking.ref.locator, ...Object.values(booking.ref.extra ?? {})],
      shortLocator: booking.ref.extra?.short ?? null,
      policies: booking.cancellation.rules.length ? policiesOf(booking.cancellation) : undefined,
      bookingCodes: codes.map((c, i) => (i === 0 ? { ...c, ref: booking.ref } : c)),
      // Printed on the voucher: Hotelbeds' "Payable through …" line is a certification requirement.
      supplierRemarks: voucherRemarks(booking.remarks),
      note: `Proveedor: ${booking.supplierStatus}`,
    });
  }

  // ---------------------------------------------------------------- recovery

  /**
   * One recovery pass: leases due pending bookings (`for update skip locked`, so several processes
   * share the work without looking one booking up twice at once), looks each up at the supplier by
   * our reference (documented look-ups only), and settles it: found → its status; still not found
   * after the window → needs-attention, never cancelled locally: the supplier may hold the booking,
   * so a person resolves it with the supplier references at hand (docs/decisions/0162).
   */
  async recoverDue(limit = 10): Promise<{ checked: number; settled: number }> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + 5 * 60_000);
    const leased = await this.d.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const due = await tx
        .select({ voucherId: hotelBookingRecovery.voucherId })
        .from(hotelBookingRecovery)
        .where(
          and(
            lte(hotelBookingRecovery.nextAttemptAt, now),
            sql`(${hotelBookingRecovery.leasedUntil} is null or ${hotelBookingRecovery.leasedUntil} < ${now.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(hotelBookingRecovery.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const r of due)
        await tx
          .update(hotelBookingRecovery)
          .set({ leasedUntil: leaseUntil, attempts: sql`${hotelBookingRecovery.attempts} + 1` })
          .where(eq(hotelBookingRecovery.voucherId, r.voucherId));
      return due.map((r) => r.voucherId);
    });
    let settled = 0;
    for (const id of leased) {
      try {
        if (await this.recoverOne(id)) settled++;
      } catch (err) {
        this.d.log.warn({ voucherId: id, err }, 'booking recovery attempt failed');
        await this.d.db
          .update(hotelBookingRecovery)
          .set({
            leasedUntil: null,
            nextAttemptAt: new Date(this.now().getTime() + this.options.recoveryRetryMs),
            lastError: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
          })
          .where(eq(hotelBookingRecovery.voucherId, id));
      }
    }
    return { checked: leased.length, settled };
  }

  /** Looks one pending booking up; true when its status is settled. */
  private async recoverOne(voucherId: string): Promise<boolean> {
    const v = await this.reload(voucherId);
    if (v?.status !== 'pending-provider') {
      await this.d.db.delete(hotelBookingRecovery).where(eq(hotelBookingRecovery.voucherId, voucherId));
      return true;
    }
    const code = (v.bookingCodes as SupplierBookingCode[])[0];
    const account =
      code?.kind === 'supplier-hotel' && v.providerAccountId
        ? await this.d.providerAccounts.resolveForBooking(v.providerAccountId, code.mode)
        : null;
    if (!code || !account) {
      await this.settle(voucherId, {
        status: 'needs-attention',
        note: needsAttentionNote(v, 'la cuenta del proveedor ya no existe, no se pudo consultar'),
      });
      return true;
    }
    const hotels = this.d.suppliers.registry.hotel(account as ResolvedProviderAccount);
    const found = await hotels.findByClientReference(
      v.externalBookingReference,
      { from: code.checkIn, to: code.checkIn },
      { correlationId: v.id },
    );
    if (found) {
      await this.settleFromBooking(voucherId, found);
      this.d.log.info({ voucherId, status: found.status }, 'pending booking recovered');
      return true;
    }
    if (this.now().getTime() - v.createdAt.getTime() >= this.options.recoveryWindowMs) {
      // "Not found yet" is no proof the supplier has no booking: never cancel locally.
      await this.settle(voucherId, { status: 'needs-attention', note: needsAttentionNote(v, 'el proveedor no la encontró todavía') });
      this.d.log.warn({ voucherId }, 'pending booking not found at the supplier after the window: needs attention');
      return true;
    }
    await this.d.db
      .update(hotelBookingRecovery)
      .set({ leasedUntil: null, nextAttemptAt: new Date(this.now().getTime() + this.options.recoveryRetryMs), lastError: 'not found yet' })
      .where(eq(hotelBookingRecovery.voucherId, voucherId));
    return false;
  }
}

type ReserveClient = HotelReserveBody['client'];

/** The holder's value for each detail a supplier may require. */
const HOLDER_VALUES: Record<HolderRequirement, (c: ReserveClient) => string | undefined> = {
  email: (c) => c.email,
  phone: (c) => c.phones?.find((p) => p.trim()),
  address: (c) => c.address,
  city: (c) => c.city,
  postalCode: (c) => c.postalCode,
  country: (c) => c.countryCode ?? c.country,
};

/**
 * A 400 naming each holder detail the quoted option requires (Juniper HotelRequiredFields) and the
 * body lacks, before anything is recorded or the supplier is called (docs/decisions/0181).
 */
export function assertRequiredHolderFields(required: readonly HolderRequirement[] | undefined, client: ReserveClient): void {
  const missing = (required ?? []).filter((f) => HOLDER_VALUES[f] && !HOLDER_VALUES[f](client)?.trim());
  if (!missing.length) return;
  const fields = Object.fromEntries(
    missing.map((f) => [`client.${f === 'phone' ? 'phones' : f === 'country' ? 'countryCode' : f}`, M.holderFieldRequired[f]]),
  );
  throw badRequest(M.holderFieldRequired[missing[0]], fields, 'HOLDER_FIELD_REQUIRED');
}

/** The holder as the adapters take it: name, contact and, when given, the postal address. */
function supplierHolder(c: ReserveClient): Holder {
  const name = c.name.trim();
  const phone = HOLDER_VALUES.phone(c)?.trim();
  const address = {
    line: c.address?.trim() || undefined,
    city: c.city?.trim() || undefined,
    postalCode: c.postalCode?.trim() || undefined,
    country: HOLDER_VALUES.country(c)?.trim() || undefined,
  };
  return {
    name,
    surname: c.surname?.trim() || name,
    email: c.email,
    ...(phone ? { phone } : {}),
    ...(Object.values(address).some(Boolean) ? { address } : {}),
  };
}

/**
 * The supplier's remarks as kept on the voucher: trimmed, blank and repeated ones dropped, in the
 * supplier's order (docs/decisions/0180); each capped so a runaway reply cannot bloat the row.
 */
export function voucherRemarks(remarks: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const r of remarks ?? []) {
    if (typeof r !== 'string') continue;
    const text = r.replace(/\s+/g, ' ').trim().slice(0, 2000);
    if (text && !out.includes(text)) out.push(text);
    if (out.length === 50) break;
  }
  return out;
}

/** The event note of a booking left for a person: why, and the references to ask the supplier with. */
function needsAttentionNote(v: { provider: string; externalBookingReference: string; supplierReferences?: unknown }, why: string): string {
  const refs = Array.isArray(v.supplierReferences) ? (v.supplierReferences as string[]).filter(Boolean) : [];
  return `Requiere atención: ${why}. Consulte al proveedor ${v.provider} con nuestra referencia ${v.externalBookingReference}${
    refs.length ? ` y sus localizadores ${refs.join(', ')}` : ''
  }.`;
}

/** Runs `recoverDue` every `intervalMs` (main.ts); one pass at a time per process. */
export class RecoveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  constructor(
    private readonly bookings: Pick<HotelBookingService, 'recoverDue'>,
    private readonly log: Logger,
    private readonly intervalMs = 15_000,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async tick() {
    if (this.running) return;
    this.running = this.bookings
      .recoverDue()
      .then((r) => r.checked && this.log.info(r, 'booking recovery pass'))
      .catch((err) => this.log.error({ err }, 'booking recovery pass failed'))
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
