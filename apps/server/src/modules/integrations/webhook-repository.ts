import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type AgencyRow,
  agencies,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type { OutboxRepository } from '../outbox/repository.js';

export class WebhookRepository {
  constructor(
    private readonly db: Db,
    private readonly outbox: OutboxRepository,
  ) {}

  async insert(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
    const [row] = await this.db.insert(webhookEndpoints).values(values).returning();
    return row;
  }

  async list(agencyId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.agencyId, agencyId), isNull(webhookEndpoints.deletedAt)))
      .orderBy(desc(webhookEndpoints.createdAt))
      .limit(100);
  }

  async find(agencyId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.agencyId, agencyId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
      .limit(1);
    return row;
  }

  async update(
    agencyId: string,
    id: string,
    values: Partial<typeof webhookEndpoints.$inferInsert>,
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set(values)
      .where(and(eq(webhookEndpoints.agencyId, agencyId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
      .returning();
    return row;
  }

  /** Soft delete: the delivery log stays readable by id in the outbox handler, which then gives up. */
  async remove(agencyId: string, id: string): Promise<boolean> {
    const rows = await this.update(agencyId, id, { deletedAt: new Date(), active: false });
    return rows !== undefined;
  }

  async deliveries(endpointId: string, limit = 50): Promise<WebhookDeliveryRow[]> {
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(limit);
  }

  async delivery(endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
      .limit(1);
    return row;
  }

  /** The delivery and its endpoint, for the outbox handler (endpoint may be deleted meanwhile). */
  async forSending(
    deliveryId: string,
  ): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow; agencyMode: AgencyRow['mode'] } | undefined> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, agencyMode: agencies.mode })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(agencies, eq(agencies.id, webhookEndpoints.agencyId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1);
    return row;
  }

  async recordAttempt(id: string, outcome: { status: WebhookDeliveryRow['status']; statusCode: number | null; error: string | null }) {
    await this.db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error?.slice(0, 500) ?? null,
        lastAttemptAt: new Date(),
        ...(outcome.status === 'delivered' ? { deliveredAt: new Date() } : {}),
      })
      .where(eq(webhookDeliveries.id, id));
  }

  /** "Reenviar": a new delivery of the same event (same event id, so receivers can drop duplicates), queued at once. */
  async resend(original: WebhookDeliveryRow): Promise<WebhookDeliveryRow> {
    return inTransaction(this.db, async (tx) => {
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: original.endpointId,
          agencyId: original.agencyId,
          eventId: original.eventId,
          event: original.event,
          payload: original.payload,
        })
        .returning();
      await this.outbox.enqueue('webhook.deliver', { deliveryId: row.id }, tx);
      return row;
    });
  }

  /** Queues an event for the agency's subscribed endpoints (the SQL function the voucher trigger uses too). */
  async emit(tx: Db, agencyId: string, event: string, data: Record<string, unknown>) {
    await tx.execute(sql`select webhook_enqueue(${agencyId}::uuid, ${event}, ${JSON.stringify(data)}::jsonb)`);
  }
}
