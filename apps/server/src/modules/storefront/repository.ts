import type { StorefrontOrderStatus } from '@travesia/contracts';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  type AgencyRow,
  agencies,
  type StorefrontOrderRow,
  storefrontOrders,
  type VoucherRow,
  vouchers,
  type WhiteLabelRow,
  whiteLabels,
} from '../../db/schema/index.js';

export type NewStorefrontOrder = typeof storefrontOrders.$inferInsert;
export type OrderPatch = Partial<
  Pick<StorefrontOrderRow, 'paymentId' | 'gateway' | 'gatewayReference' | 'voucherId' | 'note' | 'option' | 'exchange'>
>;

/** The SQL of storefront orders and the white label a storefront request names. */
export class StorefrontRepository {
  constructor(private readonly db: Db) {}

  async whiteLabelBySlug(slug: string): Promise<{ whiteLabel: WhiteLabelRow; agency: AgencyRow } | null> {
    const [row] = await this.db
      .select({ whiteLabel: whiteLabels, agency: agencies })
      .from(whiteLabels)
      .innerJoin(agencies, eq(agencies.id, whiteLabels.agencyId))
      .where(eq(whiteLabels.slug, slug))
      .limit(1);
    return row ?? null;
  }

  async whiteLabelById(id: string): Promise<{ whiteLabel: WhiteLabelRow; agency: AgencyRow } | null> {
    const [row] = await this.db
      .select({ whiteLabel: whiteLabels, agency: agencies })
      .from(whiteLabels)
      .innerJoin(agencies, eq(agencies.id, whiteLabels.agencyId))
      .where(eq(whiteLabels.id, id))
      .limit(1);
    return row ?? null;
  }

  async insert(order: NewStorefrontOrder): Promise<StorefrontOrderRow> {
    const [row] = await this.db.insert(storefrontOrders).values(order).returning();
    return row;
  }

  async byId(id: string): Promise<StorefrontOrderRow | undefined> {
    // Payments carry their seller's order id as text: a payment of another seller is no order of ours.
    if (!z.uuid().safeParse(id).success) return undefined;
    const [row] = await this.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, id)).limit(1);
    return row;
  }

  async byRef(whiteLabelId: string, ref: string): Promise<StorefrontOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.whiteLabelId, whiteLabelId), eq(storefrontOrders.ref, ref)))
      .limit(1);
    return row;
  }

  /**
   * The state machine's only write: moves the order to `to` when it is in one of `from` (one
   * conditional UPDATE). Answers the moved row, or undefined when another transition got there first.
   */
  async move(id: string, from: readonly StorefrontOrderStatus[], to: StorefrontOrderStatus, patch: OrderPatch = {}) {
    const [row] = await this.db
      .update(storefrontOrders)
      .set({ ...patch, status: to, updatedAt: sql`now()` })
      .where(and(eq(storefrontOrders.id, id), inArray(storefrontOrders.status, [...from])))
      .returning();
    return row as StorefrontOrderRow | undefined;
  }

  /** Data that is not a transition (the payment session once opened). */
  async patch(id: string, patch: OrderPatch): Promise<void> {
    await this.db
      .update(storefrontOrders)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(storefrontOrders.id, id));
  }

  /**
   * A white label's orders for its agency, newest first, with the voucher each made (decision 0602);
   * `status` narrows them (migration 1040's index on white label and creation date serves both).
   */
  async listForAgency(whiteLabelId: string, status: StorefrontOrderStatus | undefined, page: number, limit: number) {
    const where: SQL | undefined = and(
      eq(storefrontOrders.whiteLabelId, whiteLabelId),
      status ? eq(storefrontOrders.status, status) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          order: storefrontOrders,
          voucher: { id: vouchers.id, reference: vouchers.externalBookingReference, status: vouchers.status },
        })
        .from(storefrontOrders)
        .leftJoin(vouchers, eq(vouchers.id, storefrontOrders.voucherId))
        .where(where)
        .orderBy(desc(storefrontOrders.createdAt), desc(storefrontOrders.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(storefrontOrders).where(where),
    ]);
    return { rows, total };
  }

  /** Orders still in `booking` whose last change is older than `before`, oldest first (migration 1201's index). */
  async stuckBooking(before: Date, limit: number): Promise<StorefrontOrderRow[]> {
    return this.db
      .select()
      .from(storefrontOrders)
      .where(and(eq(storefrontOrders.status, 'booking'), lt(storefrontOrders.updatedAt, before)))
      .orderBy(asc(storefrontOrders.updatedAt))
      .limit(limit);
  }

  /** The voucher the order's reserve recorded (its key is `sf-<order id>` in the order's agency), if any. */
  async voucherOf(order: Pick<StorefrontOrderRow, 'id' | 'agencyId' | 'voucherId'>): Promise<VoucherRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vouchers)
      .where(
        order.voucherId
          ? eq(vouchers.id, order.voucherId)
          : and(eq(vouchers.agencyId, order.agencyId), eq(vouchers.idempotencyKey, `sf-${order.id}`)),
      )
      .limit(1);
    return row;
  }
}
