import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  agencies,
  type PaymentGatewayRow,
  type PaymentRow,
  paymentEvents,
  paymentGateways,
  paymentNotifications,
  payments,
  whiteLabels,
} from '../../db/schema/index.js';
import type { PaymentStatus } from './port.js';

/**
 * Gateways whose unpaid checkout ends without an event (decisions 0333 and 0520): Wompi's and Mercado
 * Pago's links expire silently, PayU's WebCheckout has no expiry and reports only finished transactions.
 */
const EXPIRED_SILENTLY: PaymentGateway[] = ['wompi', 'payu', 'mercadopago'];

type Tx = Db;

const rowsOf = (r: unknown) => ((Array.isArray(r) ? r : (r as { rows?: unknown[] }).rows) ?? []) as Record<string, unknown>[];

export interface DueNotification {
  paymentId: string;
  status: PaymentStatus;
  occurredAt: Date;
  attempts: number;
}

/** SQL of payment gateways, payments, received events and settlement notifications (migration 1020). */
export class PaymentRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction((txRaw) => fn(txRaw as unknown as Tx));
  }

  async whiteLabel(id: string) {
    const [row] = await this.db.select().from(whiteLabels).where(eq(whiteLabels.id, id));
    return row ?? null;
  }

  async agencyMode(agencyId: string): Promise<'sandbox' | 'production'> {
    const [row] = await this.db.select({ mode: agencies.mode }).from(agencies).where(eq(agencies.id, agencyId));
    return row?.mode ?? 'sandbox';
  }

  gateways(whiteLabelId: string): Promise<PaymentGatewayRow[]> {
    return this.db.select().from(paymentGateways).where(eq(paymentGateways.whiteLabelId, whiteLabelId)).orderBy(paymentGateways.createdAt);
  }

  async gateway(id: string): Promise<PaymentGatewayRow | null> {
    const [row] = await this.db.select().from(paymentGateways).where(eq(paymentGateways.id, id));
    return row ?? null;
  }

  async activeGateway(whiteLabelId: string): Promise<PaymentGatewayRow | null> {
    const [row] = await this.db
      .select()
      .from(paymentGateways)
      .where(and(eq(paymentGateways.whiteLabelId, whiteLabelId), eq(paymentGateways.active, true)));
    return row ?? null;
  }

  async insertGateway(row: typeof paymentGateways.$inferInsert): Promise<PaymentGatewayRow> {
    const [created] = await this.db.insert(paymentGateways).values(row).returning();
    return created;
  }

  async updateGateway(id: string, patch: Partial<typeof paymentGateways.$inferInsert>): Promise<PaymentGatewayRow> {
    const [row] = await this.db
      .update(paymentGateways)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(paymentGateways.id, id))
      .returning();
    return row;
  }

  /** Makes one gateway the white label's only active one, in one transaction. */
  async activate(whiteLabelId: string, id: string): Promise<PaymentGatewayRow> {
    return this.transaction(async (tx) => {
      await tx
        .update(paymentGateways)
        .set({ active: false, updatedAt: new Date() })
        .where(and(eq(paymentGateways.whiteLabelId, whiteLabelId), eq(paymentGateways.active, true)));
      const [row] = await tx
        .update(paymentGateways)
        .set({ active: true, updatedAt: new Date() })
        .where(eq(paymentGateways.id, id))
        .returning();
      return row;
    });
  }

  async deleteGateway(id: string): Promise<void> {
    await this.db.delete(paymentGateways).where(eq(paymentGateways.id, id));
  }

  async hasPayments(gatewayAccountId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: payments.id }).from(payments).where(eq(payments.gatewayAccountId, gatewayAccountId)).limit(1);
    return Boolean(row);
  }

  async insertPayment(row: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [created] = await this.db.insert(payments).values(row).returning();
    return created;
  }

  async updatePayment(id: string, patch: Partial<typeof payments.$inferInsert>): Promise<void> {
    await this.db
      .update(payments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(payments.id, id));
  }

  async payment(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  async paymentBySession(gateway: PaymentGateway, sessionId: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.gatewaySessionId, sessionId)));
    return row ?? null;
  }

  recentPayments(whiteLabelId: string, limit = 50): Promise<PaymentRow[]> {
    return this.db.select().from(payments).where(eq(payments.whiteLabelId, whiteLabelId)).orderBy(desc(payments.createdAt)).limit(limit);
  }

  /** Records an event once: false when the gateway already sent this event id. */
  async insertEvent(
    tx: Tx,
    e: {
      gateway: PaymentGateway;
      eventId: string;
      paymentId: string;
      type: string;
      status: string | null;
      occurredAt: Date;
      payload: unknown;
    },
  ): Promise<boolean> {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ ...e, outcome: 'received' })
      .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    return inserted.length > 0;
  }

  async eventOutcome(gateway: PaymentGateway, eventId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId)));
    return row?.outcome ?? null;
  }

  async setEventOutcome(tx: Tx, gateway: PaymentGateway, eventId: string, outcome: string): Promise<void> {
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, eventId)));
  }

  async lockPayment(tx: Tx, id: string): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('no key update');
    return row ?? null;
  }

  /** Moves a payment's status and, for a final status, records the notification to tell, in `tx`. */
  async transition(
    tx: Tx,
    id: string,
    to: PaymentStatus,
    at: Date,
    gatewayReference: string | null,
    from: PaymentStatus,
  ): Promise<boolean> {
    const moved = await tx
      .update(payments)
      .set({
        status: to,
        statusAt: at,
        updatedAt: new Date(),
        ...(gatewayReference ? { gatewayReference } : {}),
      })
      .where(and(eq(payments.id, id), eq(payments.status, from)))
      .returning({ id: payments.id });
    if (!moved.length) return false;
    if (to !== 'pending') {
      await tx.insert(paymentNotifications).values({ paymentId: id, status: to, occurredAt: at }).onConflictDoNothing();
    }
    return true;
  }

  /** Claims due notifications for `leaseMs` (`for update skip locked`, as the outbox claims jobs). */
  async claimNotifications(limit: number, leaseMs: number): Promise<DueNotification[]> {
    const res = await this.db.execute(sql`
      update payment_notifications set attempts = attempts + 1, leased_until = now() + ${`${leaseMs} milliseconds`}::interval
      where (payment_id, status) in (
        select payment_id, status from payment_notifications
        where notified_at is null and (leased_until is null or leased_until <= now())
        order by created_at
        limit ${limit}
        for update skip locked
      )
      returning payment_id, status, occurred_at, attempts`);
    return rowsOf(res).map((r) => ({
      paymentId: String(r.payment_id),
      status: r.status as PaymentStatus,
      occurredAt: new Date(r.occurred_at as string),
      attempts: Number(r.attempts),
    }));
  }

  async notified(paymentId: string, status: PaymentStatus): Promise<void> {
    await this.db
      .update(paymentNotifications)
      .set({ notifiedAt: new Date(), leasedUntil: null, lastError: null })
      .where(and(eq(paymentNotifications.paymentId, paymentId), eq(paymentNotifications.status, status)));
  }

  /** A failed handler: retried after `retryMs` by the job. */
  async notifyFailed(paymentId: string, status: PaymentStatus, error: string, retryMs: number): Promise<void> {
    await this.db
      .update(paymentNotifications)
      .set({ lastError: error.slice(0, 500), leasedUntil: sql`now() + ${`${retryMs} milliseconds`}::interval` })
      .where(and(eq(paymentNotifications.paymentId, paymentId), eq(paymentNotifications.status, status)));
  }

  /**
   * Pending Wompi payments whose checkout expired before `cutoff`: Wompi sends no event for a checkout
   * that was never paid (decision 0333), so they expire here, with their notification, in one statement each.
   */
  async expireStale(cutoff: Date): Promise<string[]> {
    return this.transaction(async (tx) => {
      const rows = await tx
        .update(payments)
        .set({ status: 'expired', statusAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            inArray(payments.gateway, EXPIRED_SILENTLY),
            eq(payments.status, 'pending'),
            sql`${payments.expiresAt} < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: payments.id });
      for (const r of rows) {
        await tx.insert(paymentNotifications).values({ paymentId: r.id, status: 'expired', occurredAt: new Date() }).onConflictDoNothing();
      }
      return rows.map((r) => r.id);
    });
  }

  async mode(id: string): Promise<PaymentMode | null> {
    const row = await this.gateway(id);
    return row?.mode ?? null;
  }
}
