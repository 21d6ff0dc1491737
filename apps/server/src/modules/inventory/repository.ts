import { and, asc, count, eq, gte, ilike, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type HotelInventoryRow,
  type HotelProductRow,
  type HotelRoomTypeRow,
  hotelInventory,
  hotelProducts,
  hotelRoomTypes,
  inventorySearches,
  places,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import { withinPlace } from '../place/repository.js';

export type NewHotelProduct = typeof hotelProducts.$inferInsert;
export type NewRoomType = typeof hotelRoomTypes.$inferInsert;

/** The fields a bulk edit sets (undefined = unchanged). */
export interface InventoryPatch {
  allotment?: number;
  price1?: string | null;
  price2?: string | null;
  price3?: string | null;
  priceExtraAdult?: string | null;
  priceChild?: string | null;
  boardSupplements?: Record<string, string>;
  minNights?: number;
  stopSale?: boolean;
  closedToArrival?: boolean;
}

const PATCH_COLUMNS: Record<keyof Omit<InventoryPatch, 'boardSupplements'>, string> = {
  allotment: 'allotment',
  price1: 'price_1',
  price2: 'price_2',
  price3: 'price_3',
  priceExtraAdult: 'price_extra_adult',
  priceChild: 'price_child',
  minNights: 'min_nights',
  stopSale: 'stop_sale',
  closedToArrival: 'closed_to_arrival',
};

export class InventoryRepository {
  constructor(private readonly db: Db) {}

  // ------------------------------------------------------------ products
  async list(filter: { q?: string; placeId?: string; active?: boolean }, page: number, limit: number) {
    const where = and(
      filter.q ? ilike(hotelProducts.name, `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
      filter.placeId ? withinPlace(hotelProducts.placeId, filter.placeId) : undefined,
      filter.active === undefined ? undefined : eq(hotelProducts.active, filter.active),
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ hotel: hotelProducts, placeName: places.name, placeAncestors: places.ancestorNames })
        .from(hotelProducts)
        .innerJoin(places, eq(places.id, hotelProducts.placeId))
        .where(where)
        .orderBy(asc(hotelProducts.name), asc(hotelProducts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(hotelProducts).where(where),
    ]);
    return { rows, total };
  }

  async findById(id: string, db: Db = this.db): Promise<HotelProductRow | undefined> {
    const [row] = await db.select().from(hotelProducts).where(eq(hotelProducts.id, id)).limit(1);
    return row;
  }

  async roomTypesOf(hotelIds: string[], db: Db = this.db): Promise<HotelRoomTypeRow[]> {
    if (!hotelIds.length) return [];
    return db
      .select()
      .from(hotelRoomTypes)
      .where(inArray(hotelRoomTypes.hotelId, hotelIds))
      .orderBy(asc(hotelRoomTypes.position), asc(hotelRoomTypes.createdAt), asc(hotelRoomTypes.id));
  }

  async findRoomType(id: string, db: Db = this.db): Promise<HotelRoomTypeRow | undefined> {
    const [row] = await db.select().from(hotelRoomTypes).where(eq(hotelRoomTypes.id, id)).limit(1);
    return row;
  }

  async insert(values: NewHotelProduct, roomTypes: Omit<NewRoomType, 'hotelId'>[]): Promise<HotelProductRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(hotelProducts).values(values).returning();
      if (roomTypes.length) await tx.insert(hotelRoomTypes).values(roomTypes.map((r, i) => ({ ...r, position: i, hotelId: row.id })));
      return row;
    });
  }

  async update(id: string, values: Partial<NewHotelProduct>): Promise<HotelProductRow | undefined> {
    const [row] = await this.db
      .update(hotelProducts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(hotelProducts.id, id))
      .returning();
    return row;
  }

  async insertRoomType(values: NewRoomType): Promise<HotelRoomTypeRow> {
    const [{ n }] = await this.db.select({ n: count() }).from(hotelRoomTypes).where(eq(hotelRoomTypes.hotelId, values.hotelId));
    const [row] = await this.db
      .insert(hotelRoomTypes)
      .values({ ...values, position: n })
      .returning();
    return row;
  }

  async updateRoomType(id: string, values: Partial<NewRoomType>): Promise<HotelRoomTypeRow | undefined> {
    const [row] = await this.db.update(hotelRoomTypes).set(values).where(eq(hotelRoomTypes.id, id)).returning();
    return row;
  }

  /**
   * Deletes a room type and its availability unless a live (not cancelled) travesia voucher books it
   * (decision 0088): 'booked' and nothing deleted. The room type's nights are locked first, in the
   * bookings' lock order, so a booking in flight either commits before the check or fails after it.
   */
  async deleteRoomType(id: string): Promise<'deleted' | 'booked' | 'missing'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from hotel_inventory where room_type_id = ${id}::uuid order by day for update`);
      const booked = await tx.execute(sql`
        select 1 from vouchers
        where provider = 'travesia' and type = 'hotel' and status <> 'cancelled'
          and booking_codes @> ${JSON.stringify([{ roomTypeId: id }])}::jsonb
        union all
        select 1 from own_bookings where kind = 'hotel' and product_id = ${id}::uuid and status = 'confirmed'
        limit 1`);
      if (rowsOf(booked).length) return 'booked';
      const rows = await tx.delete(hotelRoomTypes).where(eq(hotelRoomTypes.id, id)).returning({ id: hotelRoomTypes.id });
      return rows.length ? 'deleted' : 'missing';
    });
  }

  // ------------------------------------------------------------ availability
  async calendar(roomTypeId: string, from: string, to: string): Promise<HotelInventoryRow[]> {
    return this.db
      .select()
      .from(hotelInventory)
      .where(and(eq(hotelInventory.roomTypeId, roomTypeId), gte(hotelInventory.day, from), lte(hotelInventory.day, to)))
      .orderBy(asc(hotelInventory.day));
  }

  /**
   * Sets the given fields on every chosen weekday of [from, to], creating missing days (set-based:
   * one statement whatever the range). Board supplements are merged into the day's. Answers the days touched.
   */
  async bulkEdit(roomTypeId: string, from: string, to: string, weekdays: number[], patch: InventoryPatch): Promise<number> {
    const sets: ReturnType<typeof sql>[] = [];
    const insertCols: string[] = [];
    const insertVals: ReturnType<typeof sql>[] = [];
    for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof typeof PATCH_COLUMNS, string][]) {
      const value = patch[key];
      if (value === undefined) continue;
      sets.push(sql`${sql.raw(column)} = excluded.${sql.raw(column)}`);
      insertCols.push(column);
      insertVals.push(sql`${value}`);
    }
    if (patch.boardSupplements) {
      sets.push(sql`board_supplements = hotel_inventory.board_supplements || excluded.board_supplements`);
      insertCols.push('board_supplements');
      insertVals.push(sql`${JSON.stringify(patch.boardSupplements)}::jsonb`);
    }
    sets.push(sql`updated_at = now()`);
    const cols = insertCols.length ? sql.raw(`, ${insertCols.join(', ')}`) : sql``;
    const vals = insertVals.length ? sql`, ${sql.join(insertVals, sql`, `)}` : sql``;
    const res = await this.db.execute(sql`
      insert into hotel_inventory (room_type_id, day${cols})
      select ${roomTypeId}::uuid, d::date${vals}
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      where extract(dow from d)::int = any(${`{${weekdays.join(',')}}`}::int[])
      on conflict (room_type_id, day) do update set ${sql.join(sets, sql`, `)}
      returning 1`);
    return rowsOf(res).length;
  }

  // ------------------------------------------------------------ search
  /** Active hotels at or below `placeId` with their place path (for pricing) — at most `limit`. */
  async hotelsWithin(placeId: string, limit = 500) {
    return this.db
      .select({ hotel: hotelProducts, placePath: places.path, placeName: places.name, placeAncestors: places.ancestorNames })
      .from(hotelProducts)
      .innerJoin(places, eq(places.id, hotelProducts.placeId))
      .where(and(eq(hotelProducts.active, true), withinPlace(hotelProducts.placeId, placeId)))
      .orderBy(asc(hotelProducts.name))
      .limit(limit);
  }

  async placeOf(placeId: string) {
    const [row] = await this.db
      .select({ id: places.id, path: places.path, name: places.name, ancestorNames: places.ancestorNames })
      .from(places)
      .where(eq(places.id, placeId))
      .limit(1);
    return row;
  }

  async nights(roomTypeIds: string[], start: string, end: string, db: Db = this.db): Promise<HotelInventoryRow[]> {
    if (!roomTypeIds.length) return [];
    return db
      .select()
      .from(hotelInventory)
      .where(and(inArray(hotelInventory.roomTypeId, roomTypeIds), gte(hotelInventory.day, start), lt(hotelInventory.day, end)))
      .orderBy(asc(hotelInventory.roomTypeId), asc(hotelInventory.day));
  }

  async saveSearch(values: typeof inventorySearches.$inferInsert) {
    const [row] = await this.db.insert(inventorySearches).values(values).returning({ id: inventorySearches.id });
    // Housekeeping: searches older than a day are of no use.
    await this.db.execute(sql`delete from inventory_searches where expires_at < now() - interval '1 day'`);
    return row.id;
  }

  async findSearch(id: string) {
    const [row] = await this.db.select().from(inventorySearches).where(eq(inventorySearches.id, id)).limit(1);
    return row;
  }

  // ------------------------------------------------------------ allotment
  /**
   * Takes `rooms` rooms of every night of the stay, or nothing: the nights are locked in day order (no
   * deadlocks between bookings), then decremented only where enough remain and not on stop-sale.
   * True when every night was taken; the caller rolls its transaction back otherwise.
   */
  async takeAllotment(tx: Db, roomTypeId: string, start: string, end: string, nights: number, rooms: number): Promise<boolean> {
    await tx.execute(sql`
      select 1 from hotel_inventory where room_type_id = ${roomTypeId}::uuid and day >= ${start}::date and day < ${end}::date
      order by day for update`);
    const res = await tx.execute(sql`
      update hotel_inventory set allotment = allotment - ${rooms}, updated_at = now()
      where room_type_id = ${roomTypeId}::uuid and day >= ${start}::date and day < ${end}::date
        and allotment >= ${rooms} and not stop_sale
      returning day`);
    return rowsOf(res).length === nights;
  }

  /** Gives back what a booking took (cancellation). */
  async releaseAllotment(tx: Db, roomTypeId: string, start: string, end: string, rooms: number): Promise<void> {
    await tx.execute(sql`
      update hotel_inventory set allotment = allotment + ${rooms}, updated_at = now()
      where room_type_id = ${roomTypeId}::uuid and day >= ${start}::date and day < ${end}::date`);
  }
}
