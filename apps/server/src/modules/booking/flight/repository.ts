import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { flightPreReserveKeys } from '../../../db/schema/index.js';

/** A claim older than this whose pre-reservation never finished (a crashed process) may be taken over. */
const STALE_CLAIM_MS = 5 * 60_000;

export type PreReserveClaim =
  | { state: 'claimed' }
  | { state: 'done'; requestHash: string; voucherId: string; answer: Record<string, unknown> }
  | { state: 'in-progress'; requestHash: string };

/**
 * Pre-reservations by idempotency key (migration 1100, docs/decisions/0370): claimed before the supplier's
 * transaction is opened, completed with the voucher and the answer, released when the attempt fails.
 */
export class PreReserveKeyRepository {
  constructor(private readonly db: Db) {}

  async claim(userId: string, key: string, requestHash: string, now: Date): Promise<PreReserveClaim> {
    const inserted = await this.db
      .insert(flightPreReserveKeys)
      .values({ userId, idempotencyKey: key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: flightPreReserveKeys.userId });
    if (inserted.length) return { state: 'claimed' };
    const where = and(eq(flightPreReserveKeys.userId, userId), eq(flightPreReserveKeys.idempotencyKey, key));
    const taken = await this.db
      .update(flightPreReserveKeys)
      .set({ requestHash, createdAt: now })
      .where(
        and(
          where,
          isNull(flightPreReserveKeys.voucherId),
          lt(flightPreReserveKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
          eq(flightPreReserveKeys.requestHash, requestHash),
        ),
      )
      .returning({ userId: flightPreReserveKeys.userId });
    if (taken.length) return { state: 'claimed' };
    const [row] = await this.db.select().from(flightPreReserveKeys).where(where);
    if (!row) return this.claim(userId, key, requestHash, now);
    return row.voucherId && row.answer
      ? { state: 'done', requestHash: row.requestHash, voucherId: row.voucherId, answer: row.answer }
      : { state: 'in-progress', requestHash: row.requestHash };
  }

  async complete(userId: string, key: string, voucherId: string, answer: Record<string, unknown>) {
    await this.db
      .update(flightPreReserveKeys)
      .set({ voucherId, answer })
      .where(and(eq(flightPreReserveKeys.userId, userId), eq(flightPreReserveKeys.idempotencyKey, key)));
  }

  async release(userId: string, key: string) {
    await this.db
      .delete(flightPreReserveKeys)
      .where(
        and(eq(flightPreReserveKeys.userId, userId), eq(flightPreReserveKeys.idempotencyKey, key), isNull(flightPreReserveKeys.voucherId)),
      );
  }
}
