import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  places,
  type TicketCapacityRow,
  type TicketProductRow,
  type TransferCapacityRow,
  type TransferProductRow,
  ticketCapacity,
  ticketProducts,
  transferCapacity,
  transferProducts,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { placeTimeZone, withinPlace } from '../place/repository.js';

const like = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** Own tickets (with capacity per day and session) and transfers. */
export class ExtrasRepository {
  constructor(private readonly db: Db) {}

  // ------------------------------------------------------------ tickets
  async listTickets(q: string | undefined, page: number, limit: number) {
    const where = q ? ilike(ticketProducts.name, like(q)) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ ticket: ticketProducts, placeName: places.name, timeZone: placeTimeZone(ticketProducts.placeId) })
        .from(ticketProducts)
        .innerJoin(places, eq(places.id, ticketProducts.placeId))
        .where(where)
        .orderBy(asc(ticketProducts.name), asc(ticketProducts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(ticketProducts).where(where),
    ]);
    return { rows, total };
  }

  async findTicket(id: string): Promise<TicketProductRow | undefined> {
    const [row] = await this.db.select().from(ticketProducts).where(eq(ticketProducts.id, id)).limit(1);
    return row;
  }

  async insertTicket(values: typeof ticketProducts.$inferInsert) {
    const [row] = await this.db.insert(ticketProducts).values(values).returning();
    return row;
  }

  async updateTicket(id: string, values: Partial<typeof ticketProducts.$inferInsert>) {
    const [row] = await this.db
      .update(ticketProducts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(ticketProducts.id, id))
      .returning();
    return row;
  }

  /** Sets capacity/stop-sale on the chosen weekdays of [from, to] for the given sessions (one statement). */
  async setCapacity(
    ticketId: string,
    from: string,
    to: string,
    weekdays: number[],
    sessions: string[],
    patch: { capacity?: number; stopSale?: boolean },
  ) {
    const sets = [sql`updated_at = now()`];
    if (patch.capacity !== undefined) sets.push(sql`capacity = excluded.capacity`);
    if (patch.stopSale !== undefined) sets.push(sql`stop_sale = excluded.stop_sale`);
    const res = await this.db.execute(sql`
      insert into ticket_capacity (ticket_id, day, session, capacity, stop_sale)
      select ${ticketId}::uuid, d::date, s, ${patch.capacity ?? 0}, ${patch.stopSale ?? false}
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      cross join unnest(${`{${sessions.map((s) => `"${s}"`).join(',')}}`}::text[]) s
      where extract(dow from d)::int = any(${`{${weekdays.join(',')}}`}::int[])
      on conflict (ticket_id, day, session) do update set ${sql.join(sets, sql`, `)}
      returning 1`);
    return rowsOf(res).length;
  }

  async capacityOf(ticketIds: string[], from: string, to: string): Promise<TicketCapacityRow[]> {
    if (!ticketIds.length) return [];
    return this.db
      .select()
      .from(ticketCapacity)
      .where(and(inArray(ticketCapacity.ticketId, ticketIds), sql`${ticketCapacity.day} between ${from}::date and ${to}::date`))
      .orderBy(asc(ticketCapacity.day), asc(ticketCapacity.session));
  }

  async ticketsWithin(placeId: string, limit = 500) {
    return this.db
      .select({ ticket: ticketProducts, placeName: places.name, placePath: places.path, timeZone: placeTimeZone(ticketProducts.placeId) })
      .from(ticketProducts)
      .innerJoin(places, eq(places.id, ticketProducts.placeId))
      .where(and(eq(ticketProducts.active, true), withinPlace(ticketProducts.placeId, placeId)))
      .orderBy(asc(ticketProducts.name))
      .limit(limit);
  }

  /** Takes `people` places of a day's session, or nothing (false). */
  async takeCapacity(tx: Db, ticketId: string, day: string, session: string, people: number): Promise<boolean> {
    const res = await tx.execute(sql`
      update ticket_capacity set capacity = capacity - ${people}, updated_at = now()
      where ticket_id = ${ticketId}::uuid and day = ${day}::date and session = ${session}
        and capacity >= ${people} and not stop_sale
      returning 1`);
    return rowsOf(res).length === 1;
  }

  async releaseCapacity(tx: Db, ticketId: string, day: string, session: string, people: number): Promise<void> {
    await tx.execute(sql`
      update ticket_capacity set capacity = capacity + ${people}, updated_at = now()
      where ticket_id = ${ticketId}::uuid and day = ${day}::date and session = ${session}`);
  }

  // ------------------------------------------------------------ transfers
  async listTransfers(q: string | undefined, page: number, limit: number) {
    const where = q ? ilike(transferProducts.name, like(q)) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(transferProducts)
        .where(where)
        .orderBy(asc(transferProducts.name), asc(transferProducts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(transferProducts).where(where),
    ]);
    return { rows, total };
  }

  async findTransfer(id: string): Promise<TransferProductRow | undefined> {
    const [row] = await this.db.select().from(transferProducts).where(eq(transferProducts.id, id)).limit(1);
    return row;
  }

  async insertTransfer(values: typeof transferProducts.$inferInsert) {
    const [row] = await this.db.insert(transferProducts).values(values).returning();
    return row;
  }

  async updateTransfer(id: string, values: Partial<typeof transferProducts.$inferInsert>) {
    const [row] = await this.db
      .update(transferProducts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(transferProducts.id, id))
      .returning();
    return row;
  }

  /**
   * Active transfers whose origin and destination each contain, or lie within, the searched places
   * (an airport search finds a city-to-hotel-zone transfer of its city, and the other way round).
   */
  async transfersBetween(originId: string, destinationId: string, limit = 200) {
    return this.db
      .select()
      .from(transferProducts)
      .where(
        and(
          eq(transferProducts.active, true),
          sql`(place_is_within(${originId}::uuid, ${transferProducts.originId}) or place_is_within(${transferProducts.originId}, ${originId}::uuid))`,
          sql`(place_is_within(${destinationId}::uuid, ${transferProducts.destinationId}) or place_is_within(${transferProducts.destinationId}, ${destinationId}::uuid))`,
        ),
      )
      .orderBy(asc(transferProducts.price))
      .limit(limit);
  }

  /** Sets capacity/stop-sale of a transfer on the chosen weekdays of [from, to] (one statement). */
  async setTransferCapacity(
    transferId: string,
    from: string,
    to: string,
    weekdays: number[],
    patch: { capacity?: number; stopSale?: boolean },
  ) {
    const sets = [sql`updated_at = now()`];
    if (patch.capacity !== undefined) sets.push(sql`capacity = excluded.capacity`);
    if (patch.stopSale !== undefined) sets.push(sql`stop_sale = excluded.stop_sale`);
    const res = await this.db.execute(sql`
      insert into transfer_capacity (transfer_id, day, capacity, stop_sale)
      select ${transferId}::uuid, d::date, ${patch.capacity ?? 0}, ${patch.stopSale ?? false}
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      where extract(dow from d)::int = any(${`{${weekdays.join(',')}}`}::int[])
      on conflict (transfer_id, day) do update set ${sql.join(sets, sql`, `)}
      returning 1`);
    return rowsOf(res).length;
  }

  async transferCapacityOf(transferIds: string[], from: string, to: string): Promise<TransferCapacityRow[]> {
    if (!transferIds.length) return [];
    return this.db
      .select()
      .from(transferCapacity)
      .where(and(inArray(transferCapacity.transferId, transferIds), sql`${transferCapacity.day} between ${from}::date and ${to}::date`))
      .orderBy(asc(transferCapacity.day));
  }

  /** Takes `units` (vehicles or seats) of a transfer's day, or nothing (false). */
  async takeTransferCapacity(tx: Db, transferId: string, day: string, units: number): Promise<boolean> {
    const res = await tx.execute(sql`
      update transfer_capacity set capacity = capacity - ${units}, updated_at = now()
      where transfer_id = ${transferId}::uuid and day = ${day}::date and capacity >= ${units} and not stop_sale
      returning 1`);
    return rowsOf(res).length === 1;
  }

  async releaseTransferCapacity(tx: Db, transferId: string, day: string, units: number): Promise<void> {
    await tx.execute(sql`
      update transfer_capacity set capacity = capacity + ${units}, updated_at = now()
      where transfer_id = ${transferId}::uuid and day = ${day}::date`);
  }

  async placeNames(ids: string[]) {
    if (!ids.length) return new Map<string, { name: string; path: string[]; timeZone: string | null }>();
    const rows = await this.db
      .select({ id: places.id, name: places.name, path: places.path, timeZone: placeTimeZone(places.id) })
      .from(places)
      .where(inArray(places.id, ids));
    return new Map(rows.map((r) => [r.id, { name: r.name, path: r.path, timeZone: r.timeZone }]));
  }
}
