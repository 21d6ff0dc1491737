import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookingRecovery, type VoucherRow, vouchers } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * The engine's own SQL: the `booking_recovery` queue (one row per booking whose provider answer is still awaited)
 * and the voucher rows the reserve path writes around `VoucherService.record`.
 */
export class BookingRepository {
  constructor(private readonly db: Db) {}

  /** A voucher as it is now (settling reads it again before each attempt). */
  async voucher(id: string): Promise<VoucherRow> {
    const [row] = await this.db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
    return row;
  }

  /** In the reserve's transaction: the booking codes with our reference, and the recovery row due after the grace period. */
  async queue(tx: Db, voucherId: string, bookingCodes: unknown[], firstLookAt: Date): Promise<void> {
    await tx.update(vouchers).set({ bookingCodes }).where(eq(vouchers.id, voucherId));
    await tx.insert(bookingRecovery).values({ voucherId, nextAttemptAt: firstLookAt });
  }

  /**
   * Leases the due rows (`for update skip locked`, so several processes share the work without looking one booking
   * up twice at once) until `leaseUntil`, counting the attempt; answers their voucher ids.
   */
  leaseDue(now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    return inTransaction(this.db, async (tx) => {
      const due = await tx
        .select({ voucherId: bookingRecovery.voucherId })
        .from(bookingRecovery)
        .where(
          and(
            lte(bookingRecovery.nextAttemptAt, now),
            sql`(${bookingRecovery.leasedUntil} is null or ${bookingRecovery.leasedUntil} < ${now.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(bookingRecovery.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const r of due)
        await tx
          .update(bookingRecovery)
          .set({ leasedUntil: leaseUntil, attempts: sql`${bookingRecovery.attempts} + 1` })
          .where(eq(bookingRecovery.voucherId, r.voucherId));
      return due.map((r) => r.voucherId);
    });
  }

  /** Releases a lease and looks again at `next`, keeping why this attempt did not settle it. */
  async retryAt(voucherId: string, next: Date, why: string): Promise<void> {
    await this.db
      .update(bookingRecovery)
      .set({ leasedUntil: null, nextAttemptAt: next, lastError: why.slice(0, 500) })
      .where(eq(bookingRecovery.voucherId, voucherId));
  }

  /** The booking is settled: nothing left to look up (in the settling transaction when given). */
  async done(voucherId: string, tx: Db = this.db): Promise<void> {
    await tx.delete(bookingRecovery).where(eq(bookingRecovery.voucherId, voucherId));
  }
}
