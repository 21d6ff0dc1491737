import type { Logger } from 'pino';
import type { SupplierLayer } from '../../suppliers/index.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import { kindOfCode, supplierCodeOf } from './booking-code.js';
import type { BookingRepository } from './repository.js';
import type { BookingEngineOptions } from './reserve.js';
import type { VoucherSettler } from './settle.js';

/**
 * Lost provider answers of any product kind: each pending booking is looked up at its provider by
 * our reference (the adapter's documented look-up of the voucher's kind) and settled.
 */
export class BookingRecovery {
  constructor(
    private readonly d: {
      repo: BookingRepository;
      suppliers: SupplierLayer;
      providerAccounts: ProviderAccountService;
      settler: VoucherSettler;
      log: Logger;
      options: BookingEngineOptions;
      now: () => Date;
    },
  ) {}

  /**
   * One recovery pass: leases due pending bookings (`for update skip locked`, so several processes
   * share the work without looking one booking up twice at once), looks each up at the provider by
   * our reference, and settles it: found → its status; still not found after the window →
   * needs-attention, never cancelled locally: the provider may hold the booking, so a person
   * resolves it with the references at hand (docs/decisions/0162).
   */
  async recoverDue(limit = 10): Promise<{ checked: number; settled: number }> {
    const now = this.d.now();
    const leaseUntil = new Date(now.getTime() + 5 * 60_000);
    const leased = await this.d.repo.leaseDue(now, leaseUntil, limit);
    let settled = 0;
    for (const id of leased) {
      try {
        if (await this.recoverOne(id)) settled++;
      } catch (err) {
        this.d.log.warn({ voucherId: id, err }, 'booking recovery attempt failed');
        await this.retryLater(id, err instanceof Error ? err.message : String(err));
      }
    }
    return { checked: leased.length, settled };
  }

  private retryLater(voucherId: string, why: string) {
    return this.d.repo.retryAt(voucherId, new Date(this.d.now().getTime() + this.d.options.recoveryRetryMs), why);
  }

  /** Looks one pending booking up; true when its status is settled. */
  private async recoverOne(voucherId: string): Promise<boolean> {
    const { settler } = this.d;
    const v = await settler.reload(voucherId);
    if (v?.status !== 'pending-provider') {
      await this.d.repo.done(voucherId);
      return true;
    }
    const code = supplierCodeOf(v.bookingCodes);
    const kind = code ? kindOfCode(code) : null;
    const account =
      code?.mode && kind && v.providerAccountId ? await this.d.providerAccounts.resolveForBooking(v.providerAccountId, code.mode) : null;
    if (!code?.checkIn || !kind || !account) {
      await settler.settle(voucherId, {
        status: 'needs-attention',
        note: needsAttentionNote(v, 'la cuenta del proveedor ya no existe, no se pudo consultar'),
      });
      return true;
    }
    const adapter = this.d.suppliers.registry.get(account, kind);
    const found = await adapter.findByClientReference(
      v.externalBookingReference,
      { from: code.checkIn, to: code.checkIn },
      { correlationId: v.id },
    );
    if (found) {
      await settler.fromBooking(voucherId, found);
      this.d.log.info({ voucherId, status: found.status }, 'pending booking recovered');
      return true;
    }
    if (this.d.now().getTime() - v.createdAt.getTime() >= this.d.options.recoveryWindowMs) {
      // "Not found yet" is no proof the provider has no booking: never cancel locally.
      await settler.settle(voucherId, { status: 'needs-attention', note: needsAttentionNote(v, 'el proveedor no la encontró todavía') });
      this.d.log.warn({ voucherId }, 'pending booking not found at the supplier after the window: needs attention');
      return true;
    }
    await this.retryLater(voucherId, 'not found yet');
    return false;
  }
}

/** The event note of a booking left for a person: why, and the references to ask the provider with. */
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
    private readonly bookings: Pick<BookingRecovery, 'recoverDue'>,
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
