import type { VoucherStatus } from '@travesia/contracts';
import type { Logger } from 'pino';
import { PeriodicJob } from '../../lib/periodic-job.js';
import type { StorefrontRepository } from './repository.js';
import type { StorefrontService } from './service.js';

export interface StorefrontSweepOptions {
  /** An order in `booking` untouched this long has lost its process (default 10 minutes). */
  stuckMinutes: number;
  /** A supplier still not answering this long after the order's last change: the agency is told (default 60). */
  attentionMinutes: number;
  /** Orders looked at per pass. */
  batch: number;
}

const DEFAULTS: StorefrontSweepOptions = { stuckMinutes: 10, attentionMinutes: 60, batch: 50 };

/** The voucher's states in which the supplier has the booking (paid or not): the order is booked. */
const BOOKED = new Set<VoucherStatus>(['confirmed', 'confirmed-paid', 'on-request']);

/**
 * Storefront orders stuck in `booking` (decision 0421): the process died between the signed payment
 * and the supplier's answer, so nothing moves the order on. Every pass looks at the orders untouched for
 * `stuckMinutes` and follows the voucher the reserve recorded under the order's key:
 * confirmed (paid or not) or on request → booked (confirmation e-mail); cancelled → refunded; no voucher at
 * all → the supplier was never called (the engine records the voucher before calling it) → refunded; a
 * voucher the recovery gave up on (`needs-attention`) → the order too, at once; still pending → left to the
 * booking recovery, and after `attentionMinutes` the order goes to `needs-attention`.
 * Each move is the repository's conditional update, so several processes may sweep at once.
 */
export class StorefrontSweepJob extends PeriodicJob {
  private readonly o: StorefrontSweepOptions;

  constructor(
    private readonly d: {
      repo: StorefrontRepository;
      orders: Pick<StorefrontService, 'booked' | 'refund'>;
      now?: () => Date;
    },
    log: Logger,
    options: Partial<StorefrontSweepOptions> = {},
  ) {
    super('storefront sweep', log);
    this.o = { ...DEFAULTS, ...options };
  }

  override start(intervalMs = 60_000) {
    super.start(intervalMs);
  }

  /** One pass (public for the tests and for a manual run). */
  sweep() {
    return this.pass();
  }

  protected async pass() {
    const now = (this.d.now ?? (() => new Date()))();
    const stuck = await this.d.repo.stuckBooking(new Date(now.getTime() - this.o.stuckMinutes * 60_000), this.o.batch);
    const done = { booked: 0, refunded: 0, attention: 0, waiting: 0 };
    for (const order of stuck) {
      const voucher = await this.d.repo.voucherOf(order);
      if (!voucher) {
        await this.d.orders.refund(order, 'La reserva no llegó al proveedor', 'booking');
        done.refunded++;
      } else if (BOOKED.has(voucher.status)) {
        await this.d.orders.booked(order.id, voucher.id);
        done.booked++;
      } else if (voucher.status === 'cancelled') {
        await this.d.orders.refund(order, 'El proveedor no confirmó la reserva', 'booking', voucher.id);
        done.refunded++;
      } else if (voucher.status === 'needs-attention' || now.getTime() - order.updatedAt.getTime() >= this.o.attentionMinutes * 60_000) {
        await this.d.repo.move(order.id, ['booking'], 'needs-attention', {
          voucherId: voucher.id,
          note: 'El proveedor no ha confirmado la reserva: revisar con el proveedor',
        });
        this.log.warn({ orderId: order.id, voucherId: voucher.id }, 'storefront order stuck in booking; needs attention');
        done.attention++;
      } else done.waiting++;
    }
    return done;
  }
}
