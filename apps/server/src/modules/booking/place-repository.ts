import { INVENTORY_MESSAGES, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { places } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';

/** A place's ancestors from its materialised path, nearest first (the place itself left out). */
const ancestorsOf = (row: { id: string; path: string[] }) => [...row.path].reverse().filter((p) => p !== row.id);

/** The place queries the booking flows make (markups by destination, points that name our places, airports). */
export class BookingPlaceRepository {
  constructor(private readonly db: Db) {}

  /** Our place and its ancestors (nearest first), for markups by destination; a 404 when it doesn't exist. */
  async withAncestors(id: string): Promise<string[]> {
    const [row] = await this.db.select({ id: places.id, path: places.path }).from(places).where(eq(places.id, id)).limit(1);
    if (!row) throw notFound(M.destinationNotFound);
    return [row.id, ...ancestorsOf(row)];
  }

  /** A 400 on the first of these request fields (field → place id, absent ones skipped) naming no place of ours. */
  async assertExisting(fields: Record<string, string | undefined>): Promise<void> {
    const asked = Object.entries(fields).filter((f): f is [string, string] => Boolean(f[1]));
    if (!asked.length) return;
    const rows = await this.db
      .select({ id: places.id })
      .from(places)
      .where(
        inArray(
          places.id,
          asked.map(([, id]) => id),
        ),
      );
    const found = new Set(rows.map((r) => r.id));
    const missing = asked.find(([, id]) => !found.has(id));
    if (missing) throw badRequest(INVENTORY_MESSAGES.placeNotFound, { [missing[0]]: INVENTORY_MESSAGES.placeNotFound });
  }

  /** The airport or city with this IATA code, when we have it (its ancestors, for pricing by destination). */
  async byIataCode(code: string) {
    const [row] = await this.db
      .select({ id: places.id, path: places.path })
      .from(places)
      .where(and(eq(places.iataCode, code), or(eq(places.type, 'airport'), eq(places.type, 'city'))))
      .limit(1);
    return row ? { id: row.id, ancestors: ancestorsOf(row) } : null;
  }

  /**
   * Our place's own IATA code, or (a city, whose seeded places keep no code) its main airport's: an international one
   * first, then by name. Null when neither has a code.
   */
  async withIataCode(id: string) {
    const [row] = await this.db
      .select({ id: places.id, path: places.path, iata: places.iataCode })
      .from(places)
      .where(and(isNotNull(places.iataCode), or(eq(places.id, id), and(eq(places.parentId, id), eq(places.type, 'airport')))))
      .orderBy(
        sql`case when ${places.id} = ${id} then 0 when ${places.name} ~* 'international|internacional' then 1 else 2 end`,
        places.name,
      )
      .limit(1);
    return row?.iata ? { id: row.id, iata: row.iata, ancestors: ancestorsOf(row) } : null;
  }
}
