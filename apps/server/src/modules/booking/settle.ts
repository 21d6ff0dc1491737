import type { ProductKind, VoucherStatus } from '@travesia/contracts';
import type { Db } from '../../db/client.js';
import type { PolicyRuleData, ProductSummaryData, VoucherRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { BookingBase } from '../../suppliers/index.js';
import type { VoucherService } from '../voucher/service.js';
import { voucherRemarks } from './holder.js';
import type { BookingRepository } from './repository.js';
import { policiesOf } from './voucher-money.js';

/** A final state for a pending booking. */
export interface SettleUpdate {
  status: VoucherStatus;
  note?: string;
  locator?: string;
  supplierReferences?: string[];
  shortLocator?: string | null;
  policies?: PolicyRuleData[];
  bookingCodes?: unknown[];
  supplierRemarks?: string[];
  product?: ProductSummaryData;
  /** A refused confirmation of a pre-reservation gives its key and what it booked back (reserve.ts). */
  idempotencyKey?: null;
  quoteRef?: null;
}

/**
 * How a kind completes its voucher's product summary from the supplier's booking (a flight's PNR,
 * tickets and segments); undefined leaves it as recorded. Given per kind by the composition root.
 */
export type ProductAfterBooking = (product: ProductSummaryData, booking: BookingBase) => ProductSummaryData | undefined;

/**
 * Settles pending-provider vouchers of any kind: applies the final state and drops the recovery row
 * in one transaction. Whoever comes second (the request or the recovery worker) finds it settled.
 */
export class VoucherSettler {
  constructor(
    private readonly d: {
      db: Db;
      repo: BookingRepository;
      vouchers: VoucherService;
      productAfterBooking?: Partial<Record<ProductKind, ProductAfterBooking>>;
    },
  ) {}

  reload(id: string): Promise<VoucherRow> {
    return this.d.repo.voucher(id);
  }

  /** Applies a final state (retrying on a concurrent update) and drops the recovery row. */
  async settle(voucherId: string, update: SettleUpdate): Promise<VoucherRow | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.reload(voucherId);
      if (!current) return null;
      if (current.status !== 'pending-provider') {
        await this.d.repo.done(voucherId);
        return current; // someone else (the worker, the request) settled it first
      }
      try {
        const row = await inTransaction(this.d.db, async (tx) => {
          const after = await this.d.vouchers.applyUpdate(voucherId, current.version, update, {
            tx,
            actor: { kind: 'supplier', name: current.provider },
          });
          await this.d.repo.done(voucherId, tx);
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

  /** Settles a voucher from the supplier's booking (its answer, or what a look-up found). */
  async fromBooking(voucherId: string, booking: BookingBase): Promise<VoucherRow | null> {
    const current = await this.reload(voucherId);
    const codes = (current?.bookingCodes ?? []) as Record<string, unknown>[];
    const status: VoucherStatus =
      booking.status === 'confirmed' || booking.status === 'on-request' || booking.status === 'cancelled' ? booking.status : 'on-request';
    const product = current ? this.d.productAfterBooking?.[booking.kind]?.(current.product, booking) : undefined;
    return this.settle(voucherId, {
      status,
      ...(product ? { product } : {}),
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
}
