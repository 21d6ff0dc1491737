import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { places } from '../src/db/schema/index.js';

/** A place as `insertPlace` answers it: enough to be the parent of the next one. */
export interface InsertedPlace {
  id: string;
  path: string[];
  names: string[];
  name: string;
}

/** Writes a Colombian place row straight to the database (no API, no super admin needed). */
export async function insertPlace(
  database: Database,
  name: string,
  type: 'country' | 'state' | 'city',
  parent: InsertedPlace | null,
): Promise<InsertedPlace> {
  const [row] = await database.db
    .insert(places)
    .values({
      name,
      type,
      parentId: parent?.id ?? null,
      path: parent ? [...parent.path, parent.id] : [],
      ancestorNames: parent ? [...parent.names, parent.name] : [],
      countryCode: 'CO',
    })
    .returning({ id: places.id, path: places.path, names: places.ancestorNames, name: places.name });
  return row;
}

/**
 * Adds places through POST /api/place with `headers` (a super admin's), keeping each new id in `ids`
 * under its key; `parentKey` names an earlier key.
 */
export function placeAdder(app: FastifyInstance, headers: Record<string, string>, ids: Record<string, string>) {
  return async (key: string, body: Record<string, unknown>, parentKey?: string): Promise<void> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/place',
      headers,
      payload: { address: 'Sin dirección', ...body, parent: parentKey ? ids[parentKey] : null },
    });
    if (res.statusCode !== 201) throw new Error(`POST /api/place answered ${res.statusCode}: ${res.body}`);
    ids[key] = res.json()._id;
  };
}
