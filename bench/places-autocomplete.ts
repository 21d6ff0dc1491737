/**
 * Places autocomplete benchmark (`npm run bench:places`; never part of `npm test`).
 *
 * On the PostgreSQL at DATABASE_URL it creates a scratch database, migrates it, loads the real place
 * seed (~25,000 countries, states, cities, airports, areas), adds generated hotels, lodgings, points
 * and neighbourhoods under random cities up to TOTAL places (default 300,000), then times
 * PlaceService.autocomplete — the code behind POST /api/place/autocomplete — for a mix of keywords:
 * real city prefixes typed without accents, common words, IATA codes, two-word keywords, type and
 * parent filters. Answers p50/p95/p99 per kind and overall. The scratch database is dropped at the end
 * unless --keep is given.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:places [-- --total 300000 --queries 600]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { PlaceType } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { places, users } from '../apps/server/src/db/schema/index.js';
import type { AuthContext } from '../apps/server/src/http/auth.js';
import type { FileService } from '../apps/server/src/modules/file/service.js';
import { PlaceRepository } from '../apps/server/src/modules/place/repository.js';
import { seedPlaces } from '../apps/server/src/modules/place/seed/seed.js';
import { fold } from '../apps/server/src/modules/place/seed/world.js';
import { PlaceService } from '../apps/server/src/modules/place/service.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const TOTAL = arg('total', 300_000);
const QUERIES = arg('queries', 600);
const KEEP = process.argv.includes('--keep');
/** `--reuse <database>`: time queries on a database a `--keep` run left, without loading it again. */
const REUSE = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : undefined;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a scratch database is created there).');
  process.exit(1);
}

const name = REUSE ?? `travesia_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
if (!/^\w+$/.test(name)) throw new Error(`bad database name ${name}`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!REUSE) await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const log = pino({ level: 'warn' });

try {
  await migrate(database);
  const { db } = database;
  let t = performance.now();
  if (!REUSE) await seedPlaces({ db, log });
  const [{ n: seeded }] = await db.select({ n: sql<number>`count(*)::int` }).from(places);
  console.log(`seed: ${seeded} places in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  t = performance.now();
  const toAdd = REUSE ? 0 : Math.max(0, TOTAL - seeded);
  await db.execute(sql`
    with cities as (
      select id, path, ancestor_names, name, country_code, row_number() over (order by id) as rn from places where type = 'city'
    ), n as (select count(*) as c from cities),
    gen as (
      select g,
        (array['Hotel','Hostal','Posada','Casa','Villa','Resort','Apartamentos','Cabañas','Plaza','Mirador','Edificio','Parque','Museo','Barrio','Terminal'])[1 + (g * 7) % 15] as prefix,
        (array['del Mar','Sol','Bahía','Caribe','Montaña','Real','Colonial','Las Palmeras','Estrella','Jardín','Océano','Río','Luna','Arena','Coral','Sierra','Valle','Bosque','Cielo','Aurora','San Martín','Santa Lucía','El Dorado','La Candelaria','Los Álamos'])[1 + (g * 13) % 25] as word,
        (array['hotel','accommodation','point-of-interest','neighborhood','location','hotel','accommodation','hotel'])[1 + (g * 3) % 8] as type,
        1 + (g * 7919) % (select c from n) as city_rn
      from generate_series(1::bigint, ${toAdd}::bigint) g
    )
    insert into places (name, type, address, parent_id, path, ancestor_names, country_code, source, source_code)
    select gen.prefix || ' ' || gen.word || ' ' || c.name || case when gen.g % 3 = 0 then ' ' || gen.g::text else '' end,
           gen.type, 'Calle ' || gen.g, c.id, c.path || c.id, c.ancestor_names || c.name, c.country_code, 'bench', gen.g::text
    from gen join cities c on c.rn = gen.city_rn`);
  if (toAdd) await db.execute(sql`vacuum analyze places`);
  const [{ n: total }] = await db.select({ n: sql<number>`count(*)::int` }).from(places);
  console.log(`generated: ${total - seeded} more, ${total} places in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // A signed-in agency adviser (reads active places only, the common case).
  await db.delete(users).where(sql`email = 'bench@travesia.example'`);
  const [user] = await db
    .insert(users)
    .values({ email: 'bench@travesia.example', type: 'super', profile: { name: 'B', lastName: 'B', docType: 'CC', docNumber: '1' } })
    .returning();
  const adviser: AuthContext = { sessionId: 'bench', user: { ...user, type: 'adviser' }, agency: null, modules: [] };
  const service = new PlaceService(new PlaceRepository(db), {} as FileService);

  const cityRows = (await db.execute(
    sql`select name from places where type = 'city' order by population desc nulls last limit 400`,
  )) as unknown as {
    rows: Array<{ name: string }>;
  };
  const idOf = async (keyword: string, type: PlaceType) => (await service.autocomplete(adviser, { keyword, limit: 1 }, [type]))[0]?.id;
  const colombia = await idOf('colombia', 'country');
  const florida = await idOf('florida', 'state');
  const mexico = await idOf('mexico', 'country');

  type Q = { kind: string; keyword: string; types?: PlaceType[]; parent?: string };
  const cities = cityRows.rows.map((r) => fold(r.name));
  const fixed: Q[] = [
    ...['bogota', 'medellin', 'cartagena', 'orlando', 'cancun', 'miami', 'madrid', 'lima', 'punta cana', 'buenos aires'].map((k) => ({
      kind: 'city name',
      keyword: k,
    })),
    ...['hotel', 'san', 'santa', 'casa', 'playa', 'del', 'las', 'villa', 'resort', 'bah'].map((k) => ({ kind: 'common word', keyword: k })),
    ...['CTG', 'MCO', 'BOG', 'MDE', 'CUN', 'MIA'].map((k) => ({ kind: 'IATA code', keyword: k })),
    ...['hotel caribe', 'cartagena col', 'walt disney', 'zona hotelera', 'san jose costa', 'hotel sol mex'].map((k) => ({
      kind: 'two words',
      keyword: k,
    })),
    ...['car', 'bog', 'med', 'orl', 'hot', 'san'].map((k) => ({
      kind: 'type city,airport',
      keyword: k,
      types: ['city', 'airport'] as PlaceType[],
    })),
    ...['hotel', 'cas', 'posada', 'villa'].flatMap((k) => [
      { kind: 'parent filter', keyword: k, parent: colombia },
      { kind: 'parent filter', keyword: k, parent: florida },
      { kind: 'parent filter', keyword: k, parent: mexico },
    ]),
  ];
  const queries: Q[] = [];
  for (let i = 0; i < QUERIES; i++) {
    if (i % 2 === 0) queries.push(fixed[i % fixed.length]);
    else {
      const c = cities[(i * 37) % cities.length] ?? 'cartagena';
      queries.push({ kind: 'city prefix', keyword: c.slice(0, 3 + (i % 5)) });
    }
  }

  // Warm-up: fill caches as a running server would have them.
  for (const q of queries.slice(0, 60)) await service.autocomplete(adviser, { keyword: q.keyword, limit: 50, parent: q.parent }, q.types);

  const times: Record<string, number[]> = {};
  const all: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    await service.autocomplete(adviser, { keyword: q.keyword, limit: 50, parent: q.parent }, q.types);
    const ms = performance.now() - started;
    times[q.kind] ??= [];
    times[q.kind].push(ms);
    all.push(ms);
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  };
  const row = (label: string, xs: number[]) =>
    `| ${label.padEnd(18)} | ${String(xs.length).padStart(5)} | ${pct(xs, 50).toFixed(2).padStart(7)} | ${pct(xs, 95).toFixed(2).padStart(7)} | ${pct(xs, 99).toFixed(2).padStart(7)} | ${Math.max(
      ...xs,
    )
      .toFixed(2)
      .padStart(7)} |`;
  console.log(`\nautocomplete over ${total} places, limit 50, ${all.length} queries (ms):`);
  console.log('| kind               |     n |     p50 |     p95 |     p99 |     max |');
  console.log('|--------------------|-------|---------|---------|---------|---------|');
  for (const [k, xs] of Object.entries(times)) console.log(row(k, xs));
  console.log(row('all', all));
} finally {
  await database.close();
  if (!KEEP && !REUSE) await admin.query(`drop database if exists ${name} with (force)`);
  else console.log(`kept database ${name}`);
  await admin.end();
}
