import { HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { VoucherRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { type BookingBase, type CallContext, type ResolvedProviderAccount, SupplierError } from '../../suppliers/index.js';
import type { EventActor, RecordVoucherInput, VoucherService } from '../voucher/service.js';
import type { SupplierBookingCode } from './booking-code.js';
import type { BookingRepository } from './repository.js';
import { bookingAgencyOf, ownerIdOf, type SalesContext } from './sales-context.js';
import type { SettleUpdate, VoucherSettler } from './settle.js';

/** Supplier errors after which the booking may exist at the supplier: look it up, never book again. */
const OUTCOME_UNKNOWN = new Set(['SUPPLIER_OUTCOME_UNKNOWN', 'SUPPLIER_TIMEOUT', 'SUPPLIER_UNAVAILABLE', 'SUPPLIER_BAD_RESPONSE']);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export interface BookingEngineOptions {
  /** A pending booking is first looked up this long after it was recorded (the request may still be running). */
  recoveryGraceMs: number;
  /** Between lookups of one booking. */
  recoveryRetryMs: number;
  /** After this long, a booking the supplier doesn't know is left for a person (needs-attention). */
  recoveryWindowMs: number;
  /**
   * The longest a reserve waits for the supplier's answer before answering the voucher
   * pending-provider (202) while the call goes on in the background (docs/decisions/0153).
   */
  reserveAnswerMs: number;
}

export const DEFAULT_BOOKING_OPTIONS: BookingEngineOptions = {
  recoveryGraceMs: 3 * 60_000,
  recoveryRetryMs: 60_000,
  recoveryWindowMs: 30 * 60_000,
  reserveAnswerMs: 20_000,
};

/** What a product flow hands the engine once its own checks passed. */
export interface SupplierReserve {
  sale: SalesContext;
  idempotencyKey: string;
  account: ResolvedProviderAccount;
  /** The voucher as the flow describes it; owner, provider, status, key and codes are the engine's. */
  voucher: Omit<
    RecordVoucherInput,
    | 'agencyId'
    | 'userId'
    | 'integrator'
    | 'whiteLabelId'
    | 'provider'
    | 'providerAccountId'
    | 'status'
    | 'bookingCodes'
    | 'idempotencyKey'
    | 'quoteRef'
  >;
  /** The booking code without what the engine fills (our reference, the account, the supplier's reference). */
  code: Pick<SupplierBookingCode, 'kind' | 'checkIn' | 'checkOut' | 'quoteId' | 'token'>;
  /** What is booked (consumed by the first booking: a second one is a 409, migration 0740). */
  quoteRef: string;
  /** The provider call, given our reference: answers the provider's booking or throws a SupplierError. */
  book: (clientReference: string, ctx: CallContext) => Promise<BookingBase>;
  simScenario?: string;
  actor?: EventActor;
  /** Who the voucher names as integrator (default: the provider; a storefront names itself, decision 0340). */
  integrator?: string;
  /**
   * Confirms a pre-reserved voucher (flights, docs/decisions/0290) instead of recording a new one: in the
   * same transaction it becomes pending-provider under the key, with the travellers, the code and the
   * recovery row, at the version the flow read (a concurrent change is a 409).
   */
  preReserved?: { voucherId: string; version: number };
}

/** How a provider booking ended for the request that made it: the settled voucher, or the error to answer. */
type BookingOutcome = { voucher: VoucherRow } | { error: unknown };

/**
 * The one reserve path of every product kind ("a booking is never lost nor doubled"): the voucher is
 * recorded pending-provider under the caller's idempotency key with our reference and a recovery row
 * BEFORE the provider is called; the answer settles it, a lost answer is left to the RecoveryWorker.
 */
export class ReserveEngine {
  /** Provider bookings still running after their request was answered pending (or not yet answered). */
  private readonly inFlight = new Set<Promise<BookingOutcome>>();
  constructor(
    private readonly d: {
      db: Db;
      repo: BookingRepository;
      vouchers: VoucherService;
      settler: VoucherSettler;
      log: Logger;
      options: BookingEngineOptions;
      now: () => Date;
    },
  ) {}

  /** The idempotency key a reserve must carry (header or body): a Spanish 400 when missing or malformed. */
  static checkKey(key: string | undefined): string {
    if (!key) throw badRequest(M.idempotencyKeyRequired, { idempotencyKey: M.idempotencyKeyRequired }, 'IDEMPOTENCY_KEY_REQUIRED');
    if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(M.idempotencyKeyInvalid, { idempotencyKey: M.idempotencyKeyInvalid });
    return key;
  }

  /** A retry: the voucher first recorded under the key by this seller (another user's key is a 409). */
  replay(sale: SalesContext, key: string): Promise<VoucherRow | undefined> {
    return this.d.vouchers.findReplay(bookingAgencyOf(sale), ownerIdOf(sale), key);
  }

  /** A key reused for another quote is a 409; the same request answers its voucher. */
  static sameQuote(v: VoucherRow, quoteId: string): VoucherRow {
    const code = (v.bookingCodes as Partial<SupplierBookingCode>[])[0];
    if (code?.quoteId && code.quoteId !== quoteId) throw conflict(M.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    return v;
  }

  /** Records, books at the provider and settles; answers within `reserveAnswerMs` (pending when slower). */
  async reserve(r: SupplierReserve): Promise<{ voucher: VoucherRow; created: boolean }> {
    const agencyId = bookingAgencyOf(r.sale);
    const code: Omit<SupplierBookingCode, 'clientReference'> = {
      ...r.code,
      supplier: r.account.supplier,
      accountId: r.account.id,
      mode: r.account.mode,
      ref: null,
    };
    const recorded = await inTransaction(this.d.db, async (tx) => {
      const pre = r.preReserved;
      const rec = pre
        ? {
            created: true,
            voucher: await this.d.vouchers.applyUpdate(
              pre.voucherId,
              pre.version,
              {
                status: 'pending-provider',
                client: r.voucher.client,
                companions: r.voucher.companions,
                idempotencyKey: r.idempotencyKey,
                quoteRef: r.quoteRef,
                note: 'Confirmación enviada al proveedor',
              },
              { tx, actor: r.actor },
            ),
          }
        : await this.d.vouchers.record(
            {
              ...r.voucher,
              agencyId,
              userId: ownerIdOf(r.sale),
              integrator: r.integrator ?? r.account.supplier,
              whiteLabelId: r.sale.whiteLabelId,
              provider: r.account.supplier,
              providerAccountId: r.account.id,
              status: 'pending-provider',
              bookingCodes: [{ ...code, clientReference: '' }],
              idempotencyKey: r.idempotencyKey,
              quoteRef: r.quoteRef,
            },
            { tx, actor: r.actor },
          );
      if (!rec.created) return rec;
      // Our reference is known only now: keep it with the codes (a pre-reservation's after it), and queue the recovery lookup.
      const kept = pre ? (rec.voucher.bookingCodes as unknown[]) : [];
      const codes = [{ ...code, clientReference: rec.voucher.externalBookingReference }, ...kept];
      await this.d.repo.queue(tx, rec.voucher.id, codes, new Date(this.d.now().getTime() + this.d.options.recoveryGraceMs));
      return rec;
    });
    if (!recorded.created) return { voucher: ReserveEngine.sameQuote(recorded.voucher, r.code.quoteId), created: false };
    const voucher = recorded.voucher;
    const ctx: CallContext = { correlationId: voucher.id, simScenario: r.account.mode === 'sandbox' ? r.simScenario : undefined };
    // The provider call outlives the request when it is slow: after reserveAnswerMs the voucher is
    // answered pending-provider and the call settles it in the background (a crash mid-call is left to
    // the RecoveryWorker through the recovery row recorded above).
    // A refused confirmation of a pre-reservation leaves it pre-reserved (the supplier's transaction is still open until it expires).
    const refused = r.preReserved
      ? { status: 'pre-reserved' as const, bookingCodes: voucher.bookingCodes as unknown[], idempotencyKey: null, quoteRef: null }
      : { status: 'cancelled' as const };
    const outcome = this.track(this.bookAtProvider(voucher.id, () => r.book(voucher.externalBookingReference, ctx), refused));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.d.options.reserveAnswerMs);
    });
    const first = await Promise.race([outcome, late]);
    clearTimeout(timer);
    if (!first) {
      this.d.log.info({ voucherId: voucher.id, afterMs: this.d.options.reserveAnswerMs }, 'supplier still booking; answered pending');
      return { voucher: await this.d.settler.reload(voucher.id), created: true };
    }
    if ('error' in first) throw first.error;
    return { voucher: first.voucher, created: true };
  }

  /**
   * Books at the provider and settles the voucher from the answer; never rejects, so it can run on
   * after its request was answered. A definite refusal cancels the voucher and comes back as the
   * error to answer; an unknown outcome leaves it pending-provider for the RecoveryWorker.
   */
  private async bookAtProvider(
    voucherId: string,
    book: () => Promise<BookingBase>,
    refused: Omit<SettleUpdate, 'note'> = { status: 'cancelled' },
  ): Promise<BookingOutcome> {
    const { settler, log } = this.d;
    try {
      let booking: BookingBase;
      try {
        booking = await book();
      } catch (err) {
        if (err instanceof SupplierError && !OUTCOME_UNKNOWN.has(err.code)) {
          // A definite refusal: nothing was booked. The voucher keeps the reason; a new checkout needs a new key.
          const settled = await settler.settle(voucherId, { ...refused, note: `${err.code}: ${err.message}` });
          log.warn({ voucherId, code: err.code }, 'supplier refused the booking');
          return { error: new AppError(err.status, err.code, err.message, { voucherId: settled?.id ?? voucherId }) };
        }
        log.warn({ voucherId, err }, 'booking outcome unknown; left for recovery');
        return { voucher: await settler.reload(voucherId) };
      }
      const settled = await settler.fromBooking(voucherId, booking);
      return { voucher: settled ?? (await settler.reload(voucherId)) };
    } catch (err) {
      // Recording the answer failed (database gone…): the recovery row is still there, the worker settles it.
      log.error({ voucherId, err }, 'settling a supplier booking failed; left for recovery');
      return { error: err };
    }
  }

  private track(p: Promise<BookingOutcome>): Promise<BookingOutcome> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  /**
   * Resolves once every provider booking still running has settled its voucher, or after `timeoutMs`
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
}
