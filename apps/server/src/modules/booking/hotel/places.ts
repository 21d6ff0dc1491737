import { HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { places, supplierDestinations } from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import { placeTimeZone } from '../../place/repository.js';
import type { SearchedPlace } from './cache.js';

/**
 * Our searched place and the suppliers' codes for it (table `supplier_destinations`): the lookups a
 * hotel or ticket search makes before calling any supplier.
 */
export class PlaceLookup {
  constructor(private readonly db: Db) {}

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
    const chain = [place.id, ...place.ancestors];
    const rows = await this.db
      .select({ supplier: supplierDestinations.supplier, placeId: supplierDestinations.placeId, code: supplierDestinations.code })
      .from(supplierDestinations)
      .where(inArray(supplierDestinations.placeId, chain));
    const depth = new Map(chain.map((id, i) => [id, i]));
    const best = new Map<string, { code: string; depth: number }>();
    for (const r of rows) {
      const d = depth.get(r.placeId) as number;
      const current = best.get(r.supplier);
      if (!current || d < current.depth) best.set(r.supplier, { code: r.code, depth: d });
    }
    return new Map([...best].map(([supplier, v]) => [supplier, v.code]));
  }
}
