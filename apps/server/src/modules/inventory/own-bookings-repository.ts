import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type OwnBookingRow, ownBookings } from '../../db/schema/index.js';
import type { OwnBookingInput, OwnBookingRecord } from '../../suppliers/index.js';

/** SQL of `own_bookings` (migration 0900): own-inventory bookings keyed by our reference. */
export class OwnBookingsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the booking unless its reference exists; true when this call inserted it. */
  async insertNew(tx: Db, b: OwnBookingInput): Promise<boolean> {
    const rows = await tx
      .insert(ownBookings)
      .values({
        clientReference: b.clientReference,
        kind: b.hold.kind,
        productId: b.hold.productId,
        day: b.hold.day,
        endDay: b.hold.end ?? null,
        session: b.hold.session,
        units: b.hold.units,
        total: b.total.amount,
        currency: b.total.currency,
        cancellation: b.cancellation,
        holder: b.holder,
        details: b.details,
      })
      .onConflictDoNothing({ target: ownBookings.clientReference })
      .returning({ ref: ownBookings.clientReference });
    return rows.length === 1;
  }

  async find(clientReference: string, tx: Db = this.db): Promise<OwnBookingRecord | null> {
    const [row] = await tx.select().from(ownBookings).where(eq(ownBookings.clientReference, clientReference)).limit(1);
    return row ? recordOf(row) : null;
  }

  /**
   * An own ticket checked in at the entrance (decision 0360): one conditional UPDATE, so a second scan — or two at
   * the same time — finds it done. Answers the row when this call checked it in.
   */
  async checkIn(clientReference: string, at: Date, by: { id: string; name: string }): Promise<OwnBookingRow | undefined> {
    const [row] = await this.db
      .update(ownBookings)
      .set({ checkedInAt: at, checkedInBy: by.id, checkedInByName: by.name })
      .where(and(eq(ownBookings.clientReference, clientReference), eq(ownBookings.status, 'confirmed'), isNull(ownBookings.checkedInAt)))
      .returning();
    return row;
  }

  /** The booking's row as stored (its check-in included). */
  async row(clientReference: string): Promise<OwnBookingRow | undefined> {
    const [row] = await this.db.select().from(ownBookings).where(eq(ownBookings.clientReference, clientReference)).limit(1);
    return row;
  }

  /** Marks a confirmed booking cancelled; null when it was not confirmed (already cancelled, or absent). */
  async markCancelled(tx: Db, clientReference: string, at: Date): Promise<OwnBookingRecord | null> {
    const [row] = await tx
      .update(ownBookings)
      .set({ status: 'cancelled', cancelledAt: at })
      .where(and(eq(ownBookings.clientReference, clientReference), eq(ownBookings.status, 'confirmed')))
      .returning();
    return row ? recordOf(row) : null;
  }
}

function recordOf(r: OwnBookingRow): OwnBookingRecord {
  return {
    clientReference: r.clientReference,
    hold: { kind: r.kind, productId: r.productId, day: r.day, ...(r.endDay ? { end: r.endDay } : {}), session: r.session, units: r.units },
    total: { amount: r.total, currency: r.currency },
    cancellation: r.cancellation,
    holder: r.holder,
    details: r.details,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  };
}
