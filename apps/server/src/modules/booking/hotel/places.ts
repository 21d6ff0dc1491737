import { HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TableChanges } from '../../../db/changes.js';
import type { Db } from '../../../db/client.js';
import { KeptRows } from '../../../db/kept-rows.js';
import { places, supplierDestinations } from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import { placeTimeZone } from '../../place/repository.js';
import type { SearchedPlace } from './cache.js';

/**
 * Our searched place and the suppliers' codes for it (table `supplier_destinations`): the lookups a
 * hotel or ticket search makes before calling any supplier.
 */
export class PlaceLookup {
  /**
   * `placeAndCodes`' answer per place for a few seconds, emptied by any change to places or supplier_destinations
   * (decision 0760): on PGlite that read held every supplier request of a search back 2–5 ms.
   */
  private readonly kept?: KeptRows<PlaceAndCodes>;

  /** `changes` and `keepMs`: keep answers that long at most; without them every look-up goes to the database. */
  constructor(
    private readonly db: Db,
    changes?: TableChanges,
    keepMs = 0,
  ) {
    if (changes && keepMs > 0) this.kept = new KeptRows(changes, ['places', 'supplier_destinations'], keepMs, 5_000);
  }

  /** Our place and its ancestors (nearest first); a 404 when it doesn't exist. */
  async place(id: string): Promise<SearchedPlace> {
    const [row] = await this.db
      .select({ id: places.id, name: places.name, path: places.path, timeZone: placeTimeZone(places.id) })
      .from(places)
      .where(eq(places.id, id))
      .limit(1);
    if (!row) throw notFound(M.destinationNotFound);
    return { id: row.id, name: row.name, ancestors: [...row.path].reverse().filter((p) => p !== row.id), timeZone: row.timeZone };
  }

  /** Every supplier's code for the place (nearest mapped place among it and its ancestors), one query. */
  async supplierCodes(place: SearchedPlace): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ supplier: supplierDestinations.supplier, placeId: supplierDestinations.placeId, code: supplierDestinations.code })
      .from(supplierDestinations)
      .where(inArray(supplierDestinations.placeId, [place.id, ...place.ancestors]));
    return nearestCodes(place, rows);
  }

  /**
   * `place` and `supplierCodes` in one query: a search's first look-ups, before any supplier request can leave (on
   * PGlite each query runs on this thread; one round trip fewer, decision 0712).
   */
  async placeAndCodes(id: string): Promise<PlaceAndCodes> {
    const now = Date.now();
    const kept = this.kept?.get(id, now);
    if (kept) return kept;
    const mark = this.kept?.mark() ?? 0;
    const codes = sql<{ supplier: string; placeId: string; code: string }[]>`coalesce((
      select json_agg(json_build_object('supplier', d.supplier, 'placeId', d.place_id, 'code', d.code))
      from ${supplierDestinations} d where d.place_id = ${places.id} or d.place_id = any(${places.path})), '[]'::json)`;
    const [row] = await this.db
      .select({ id: places.id, name: places.name, path: places.path, timeZone: placeTimeZone(places.id), codes })
      .from(places)
      .where(eq(places.id, id))
      .limit(1);
    if (!row) throw notFound(M.destinationNotFound);
    const place = { id: row.id, name: row.name, ancestors: [...row.path].reverse().filter((p) => p !== row.id), timeZone: row.timeZone };
    const found = { place, codes: nearestCodes(place, row.codes) };
    return this.kept ? this.kept.set(id, found, mark, now) : found;
  }
}

/** A searched place with every supplier's code for it. */
export interface PlaceAndCodes {
  place: SearchedPlace;
  /** Read-only: a kept answer is shared by every search of the place. */
  codes: ReadonlyMap<string, string>;
}

/** Each supplier's code of the nearest mapped place among the place and its ancestors. */
function nearestCodes(place: SearchedPlace, rows: { supplier: string; placeId: string; code: string }[]): Map<string, string> {
  const depth = new Map([place.id, ...place.ancestors].map((id, i) => [id, i]));
  const best = new Map<string, { code: string; depth: number }>();
  for (const r of rows) {
    const d = depth.get(r.placeId) as number;
    const current = best.get(r.supplier);
    if (!current || d < current.depth) best.set(r.supplier, { code: r.code, depth: d });
  }
  return new Map([...best].map(([supplier, v]) => [supplier, v.code]));
}
