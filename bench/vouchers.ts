/**
 * Vouchers and dashboard benchmark (docs/PERFORMANCE.md): loads 1,000,000 vouchers over 200 agencies
 * into a fresh PostgreSQL database next to DATABASE_URL, then times the HTTP API (Fastify inject:
 * routing, auth, validation, SQL and serialisation included) for a large agency and for super.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:vouchers
 *   BENCH_VOUCHERS=200000 BENCH_KEEP=1 ... (smaller load; keep the database for a rerun with BENCH_REUSE=1)
 *   BENCH_REUSE=1 BENCH_ONLY=text BENCH_RUNS=50 ... (time only some lines, fewer requests)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { MemoryStore } from '../apps/server/src/lib/kv.js';
import { Mailer } from '../apps/server/src/lib/mailer.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { VoucherRepository, type VoucherScope } from '../apps/server/src/modules/voucher/repository.js';
import { load1, ms, type SummaryLine, writeSummary } from './src/summary.js';

const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) {
  console.error('DATABASE_URL is required (a PostgreSQL server where a database can be created).');
  process.exit(1);
}
const TOTAL = Number(process.env.BENCH_VOUCHERS ?? 1_000_000);
const AGENCIES = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DB_NAME = process.env.BENCH_DB ?? 'travesia_bench_vouchers';
const PASSWORD = 'Bench1234!';
/** BENCH_ONLY=text: time only the lines whose name contains that text (while iterating). */
const ONLY = process.env.BENCH_ONLY;

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/**
 * References shaped like the service's (newBookingReference: 'TRV' + 9 characters of a 32-letter
 * alphabet), derived from md5(g) so they are fixed per row: sequential numbers would share trigrams
 * across every row and misrepresent how selective a reference search is.
 */
const REFERENCE_SQL = `'TRV' || ${Array.from(
  { length: 9 },
  (_, i) => `substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5(g::text), 'hex'), ${i}) % 32 + 1, 1)`,
).join(' || ')}`;

async function load() {
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const hash = await hashPassword(PASSWORD);
  const t0 = performance.now();
  await c.query(
    `
    insert into agencies (name) select 'Agencia ' || lpad(g::text, 3, '0') from generate_series(0, ${AGENCIES - 1}) g;
    insert into users (email, password_hash, type, agency_id, profile)
    select 'u' || a.n || '-' || k || '@bench.example', $1,
           case when k = 0 then 'agency' when k = 4 then 'reseller' else 'adviser' end,
           a.id, jsonb_build_object('name', (array['Laura','Andrés','Camila','Mateo','Sofía'])[k + 1], 'lastName', 'Bench ' || a.n, 'docType', 'CC', 'docNumber', a.n::text)
    from (select id, row_number() over (order by name) - 1 as n from agencies) a, generate_series(0, 4) k;
    insert into users (email, password_hash, type, profile)
    values ('super@bench.example', $1, 'super', '{"name":"Super","lastName":"Bench","docType":"CC","docNumber":"1"}');
  `.replace(/\$1/g, `'${hash}'`),
  );

  // The per-row stats trigger and the trigram index are set aside for the bulk load, then rebuilt.
  await c.query('alter table vouchers disable trigger vouchers_stats; drop index vouchers_agency_search_trgm_idx;');
  const chunk = 100_000;
  for (let start = 0; start < TOTAL; start += chunk) {
    const end = Math.min(TOTAL, start + chunk) - 1;
    await c.query(`
      with ag as (select array_agg(id order by name) ids, array_agg(name order by name) names from agencies),
           us as (select array_agg(u.id order by a.name, u.email) ids, array_agg((u.profile->>'name') || ' ' || (u.profile->>'lastName') order by a.name, u.email) names
                  from users u join agencies a on a.id = u.agency_id),
           src as (
             select g,
                    -- 10% of all vouchers belong to agency 0 (the large one); the rest spread over the others.
                    case when g % 10 = 0 then 0 else 1 + (hashint4(g) & 2147483647) % ${AGENCIES - 1} end as ai,
                    (hashint4(g * 7) & 2147483647) % 5 as ui,
                    (hashint4(g * 13) & 2147483647) % 100 as r,
                    now() - make_interval(secs => ((hashint4(g * 31) & 2147483647) % (730 * 86400))) as created
             from generate_series(${start}, ${end}) g)
      insert into vouchers (agency_id, user_id, agency_name, user_name, type, integrator, provider, status, start_date, end_date, nights,
                            client, price_gross, price_currency, cost_net, cost_currency, price_usd, usd_rate, payments, policies,
                            external_booking_reference, locator, product, product_name, created_at, updated_at)
      select ag.ids[ai + 1], us.ids[ai * 5 + ui + 1], ag.names[ai + 1], us.names[ai * 5 + ui + 1],
             (array['hotel','hotel','hotel','ticket','transfer','flight'])[r % 6 + 1],
             (array['travesia','hotelbeds','juniper','restel','santsg'])[r % 5 + 1],
             (array['travesia','hotelbeds','juniper','restel','santsg'])[r % 5 + 1],
             case when r < 55 then 'confirmed' when r < 75 then 'confirmed-paid' when r < 85 then 'cancelled' when r < 90 then 'on-request'
                  when r < 94 then 'quotation' when r < 97 then 'pending-provider' else 'pre-reserved' end,
             (created + interval '20 days')::date, (created + interval '23 days')::date, 3,
             jsonb_build_object('name', (array['Laura','Andrés','Valentina','Santiago','Mariana','Juan','Camila','Felipe','Daniela','Sebastián'])[r % 10 + 1],
                                'surname', (array['Restrepo','Gómez','Rodríguez','Martínez','López','Hernández','Quintero','Ospina','Zapata','Cárdenas','Vargas','Rojas'])[(g / 7) % 12 + 1] || ' ' || (g % 997)),
             (100 + r * 13.37)::numeric(16,2), case when r % 3 = 0 then 'COP' else 'USD' end,
             (80 + r * 11.11)::numeric(16,2), case when r % 3 = 0 then 'COP' else 'USD' end,
             case when r % 3 = 0 then ((100 + r * 13.37) * 0.00025)::numeric(16,2) else (100 + r * 13.37)::numeric(16,2) end,
             case when r % 3 = 0 then 0.00025 else 1 end,
             case when r % 2 = 0 then jsonb_build_object('client', jsonb_build_object('amount', (100 + r * 13.37)::numeric(16,2)::text, 'currency', 'USD')) else '{}'::jsonb end,
             '[]'::jsonb,
             ${REFERENCE_SQL}, 'LOC-' || (hashint4(g * 17) & 2147483647) % 10000000,
             jsonb_build_object('name', 'Hotel ' || (r % 40)), 'Hotel ' || (r % 40), created, created
      from src, ag, us`);
    process.stdout.write(`\r  loaded ${end + 1} vouchers`);
  }
  process.stdout.write('\n');
  await finish(c);
  console.log(`  load + indexes + stats: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await c.end();
  return database;
}

/** Index, stats and planner statistics after the bulk load (each its own statement: VACUUM refuses transactions). */
async function finish(c: pg.Client) {
  await c.query('create index if not exists vouchers_agency_search_trgm_idx on vouchers using gin (agency_id, search_text gin_trgm_ops)');
  await c.query('alter table vouchers enable trigger vouchers_stats');
  await c.query('select voucher_daily_stats_rebuild()');
  for (const table of ['vouchers', 'voucher_daily_stats', 'users', 'agencies']) await c.query(`vacuum analyze ${table}`);
}

/** One row of a query on the bench database. */
async function pg2(text: string) {
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return (await c.query(text)).rows[0];
  } finally {
    await c.end();
  }
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function measure(app: FastifyInstance, headers: Record<string, string>, path: string) {
  for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: path, headers });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return { p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) };
}

/** BENCH_REUSE=1: the database of an earlier run, finished again in case that run stopped after the load. */
async function reuse() {
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  await database.close();
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await finish(c);
  await c.end();
  return openDatabase({ url: url.toString() });
}

async function main() {
  console.log(`Vouchers benchmark: ${TOTAL.toLocaleString('en-US')} vouchers, ${AGENCIES} agencies, ${RUNS} timed requests per line`);
  const database = process.env.BENCH_REUSE ? await reuse() : await load();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.local' });
  const log = pino({ level: 'silent' });
  const app = await buildApp({
    config,
    database,
    store: new MemoryStore(),
    mailer: new Mailer({ from: 'bench@x', dataDir: '/tmp' }, log),
    log,
  });
  await app.ready();
  const login = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { user: email, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
    return { 'x-access-token': res.json().token as string };
  };
  const callers = {
    'large agency (admin of Agencia 000)': await login('u0-0@bench.example'),
    super: await login('super@bench.example'),
    // A typical agency (~4,500 vouchers, smaller than the text filter's window): text lines only.
    'small agency (admin of Agencia 001)': await login('u1-0@bench.example'),
    // An adviser of the large agency (~20,000 vouchers of their own): the user scope, text lines only.
    'adviser (Agencia 000)': await login('u0-1@bench.example'),
  };
  const pg1 = await new pg.Client({ connectionString: url.toString() });
  await pg1.connect();
  const size = await pg1.query(
    `select count(*) filter (where a.name = 'Agencia 000')::int as large, count(*)::int as total from vouchers v join agencies a on a.id = v.agency_id`,
  );
  // A reference from the middle of the large agency's history: one match, far from the newest rows.
  const ref = await pg1.query(
    `select v.external_booking_reference as r from vouchers v join agencies a on a.id = v.agency_id
     where a.name = 'Agencia 000' order by v.created_at desc offset ${Math.floor(TOTAL / 20)} limit 1`,
  );
  await pg1.end();
  const reference = String(ref.rows[0].r);
  console.log(`  large agency: ${size.rows[0].large.toLocaleString('en-US')} vouchers; all: ${size.rows[0].total.toLocaleString('en-US')}`);

  const now = new Date();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const today = now.toISOString().slice(0, 10);
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const lines: Array<[string, string, number]> = [
    ['list, first page', '/api/voucher?page=1&limit=20', 30],
    ['list, page 50', '/api/voucher?page=50&limit=20', 30],
    ['list, status filter', '/api/voucher?status=on-request', 30],
    ['text filter: common name "laura" (28 %)', '/api/voucher?q=laura', 100],
    ['text filter: surname without accent "gomez" (8 %)', '/api/voucher?q=gomez', 100],
    ['text filter: "restrepo 4" (0.9 %)', '/api/voucher?q=restrepo%204', 100],
    ['text filter: agency name "agencia 012" (0.45 %, none in the large agency)', '/api/voucher?q=agencia%20012', 100],
    ['text filter: rare "restrepo 499" (0.008 %)', '/api/voucher?q=restrepo%20499', 100],
    [`text filter: reference (1 match)`, `/api/voucher?q=${reference}`, 100],
    ['text filter: no match "zzyzx"', '/api/voucher?q=zzyzx', 100],
    // The text filter combined with each other filter (issue 21): rare, absent and common terms.
    ['text + status: "restrepo 499" confirmed', '/api/voucher?q=restrepo%20499&status=confirmed', 100],
    ['text + provider: "restrepo 499" restel', '/api/voucher?q=restrepo%20499&provider=restel', 100],
    ['text + type: "restrepo 499" ticket', '/api/voucher?q=restrepo%20499&type=ticket', 100],
    ['text + dates: "restrepo 499" last 12 months', `/api/voucher?q=restrepo%20499&from=${yearAgo}&to=${today}`, 100],
    ['text + status + provider: "restrepo 4" cancelled restel', '/api/voucher?q=restrepo%204&status=cancelled&provider=restel', 100],
    ['text + provider + type: "laura" juniper transfer', '/api/voucher?q=laura&provider=juniper&type=transfer', 100],
    ['text + status: "agencia 012" on-request', '/api/voucher?q=agencia%20012&status=on-request', 100],
    ['text + provider: no match "zzyzx" hotelbeds', '/api/voucher?q=zzyzx&provider=hotelbeds', 100],
    [
      'text + all filters: "gomez" confirmed juniper hotel 12 months',
      `/api/voucher?q=gomez&status=confirmed&provider=juniper&type=hotel&from=${yearAgo}&to=${today}`,
      100,
    ],
    ['dashboard voucher-by-month-chart', `/api/dashboard/voucher-by-month-chart?month=${m}&year=${y}`, 50],
    ['dashboard voucher-yearly-report', '/api/dashboard/voucher-yearly-report', 50],
    ['dashboard voucher-by-status-chart', `/api/dashboard/voucher-by-status-chart?month=${m}&year=${y}`, 50],
    ['dashboard year/available', '/api/dashboard/year/available', 50],
    ['dashboard month/available', `/api/dashboard/month/available?year=${y}`, 50],
    ['dashboard last-vouchers', `/api/dashboard/last-vouchers?limit=10&year=${y}`, 50],
  ];
  console.log(
    `  load average before timing (1/5/15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
  );
  // The text filter's window plan for each caller (docs/decisions/0310): one index-only walk of the
  // scope's order index, no heap page; its pages are printed beside the times (they do not depend on load).
  const ids = await pg2(
    `select (select id from agencies where name = 'Agencia 000') as a0, (select id from agencies where name = 'Agencia 001') as a1,
            (select id from users where email = 'u0-1@bench.example') as u01`,
  );
  const scopes: Record<string, VoucherScope> = {
    'large agency (admin of Agencia 000)': { kind: 'agency', agencyId: ids.a0 },
    super: { kind: 'all' },
    'small agency (admin of Agencia 001)': { kind: 'agency', agencyId: ids.a1 },
    'adviser (Agencia 000)': { kind: 'user', userId: ids.u01, agencyId: ids.a0 },
  };
  const repo = new VoucherRepository(database.db);
  const windowPlan = async (who: string, path: string) => {
    const params = new URL(path, 'http://x').searchParams;
    const q = params.get('q');
    if (!q) return { text: '', ok: true };
    const filter = Object.fromEntries([...params].filter(([k]) => ['status', 'provider', 'type', 'from', 'to'].includes(k)));
    const plan = await repo.explainTextWindow(scopes[who], { ...filter, q });
    const scan = plan.nodes.filter((n) => n.index?.startsWith('vouchers') || n.type.includes('Seq Scan'));
    const ok = scan.length === 1 && scan[0].type === 'Index Only Scan' && scan[0].heapFetches === 0;
    return { text: `${ok ? 'index-only' : scan.map((n) => n.type).join('+')} ${plan.sharedPages} pages ${ok ? '✓' : '✗'}`, ok };
  };
  const summary: SummaryLine[] = [];
  console.log('\n| caller | request | p50 ms | p95 ms | max ms | target p95 | window plan (pages) |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const [who, headers] of Object.entries(callers)) {
    for (const [name, path, target] of lines) {
      if (ONLY && !name.includes(ONLY)) continue;
      if ((who.startsWith('small') || who.startsWith('adviser')) && !name.startsWith('text')) continue;
      const listPath = who === 'super' && path.startsWith('/api/voucher?') ? path.replace('/api/voucher?', '/api/voucher/all?') : path;
      const r = await measure(app, headers, listPath);
      const plan = await windowPlan(who, listPath);
      console.log(
        `| ${who} | ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${target}${r.p95 > target ? ' ✗' : ' ✓'} | ${plan.text} |`,
      );
      summary.push({
        bench: 'vouchers',
        line: `${who}: ${name}${plan.text ? ` (window ${plan.text})` : ''}`,
        goal: `p95 ≤ ${target} ms`,
        p50: ms(r.p50),
        p95: ms(r.p95),
        load: load1(),
        pass: r.p95 <= target && plan.ok,
      });
    }
  }
  console.log(
    `\n  load average after timing (1/5/15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
  );
  writeSummary('vouchers', summary);
  await app.close();
  await database.close();
  if (!process.env.BENCH_KEEP && !process.env.BENCH_REUSE) await admin(`drop database if exists ${DB_NAME} with (force)`);
}

await main();
