/**
 * Per-request overhead of the API (issue 21, docs/PERFORMANCE.md): starts three servers itself, each in
 * its own process, and loads them one after the other with autocannon from this process:
 *
 * - a bare Fastify hello-world (`GET /hello`);
 * - a bare Fastify + `pg` handler that sends exactly the SQL the app sends for the agency's first
 *   voucher page (recorded from the app, same statements, same values, in the same order) and answers
 *   the same JSON;
 * - the real app (`buildApp` on node-postgres): `GET /api/user` and `GET /api/voucher?page=1&limit=20`.
 *
 * Targets: `/api/user` ≥ 20 % of hello-world's req/s; the voucher page ≥ 50 % of the raw handler's
 * req/s; the voucher page's p50 ≤ 1.5× the raw handler's (load of 1 connection for latencies).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:http
 *   BENCH_SECONDS=10 (per run)  BENCH_REUSE=1 (the seeded database of an earlier run)
 *   BENCH_PROFILE=dir (the app's process runs with `--cpu-prof` and writes its profile there on exit;
 *   `node bench/src/cpu-profile-top.mjs dir/*.cpuprofile` prints where the time went)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { load1, type SummaryLine, writeSummary } from './src/summary.js';

const here = fileURLToPath(import.meta.url);
const ADMIN_URL = process.env.DATABASE_URL;
const DB_NAME = process.env.BENCH_DB ?? 'travesia_bench_http';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RECORDING = path.join(tmpdir(), 'travesia-bench-http-recording.json');
const PAGE = '/api/voucher?page=1&limit=20';

function dbUrl() {
  if (!ADMIN_URL) {
    console.error('DATABASE_URL is required (a PostgreSQL server where a database can be created).');
    process.exit(1);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function buildBenchApp(url: string) {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { MemoryStore } = await import('../apps/server/src/lib/kv.js');
  const { Mailer } = await import('../apps/server/src/lib/mailer.js');
  const database = await openDatabase({ url });
  const log = pino({ level: 'silent' });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.local' }),
    database,
    store: new MemoryStore(),
    mailer: new Mailer({ from: 'bench@x', dataDir: tmpdir() }, log),
    log,
  });
  return { app, database };
}

/** A child process: one of the three servers, on a free port, printed as `PORT n`. */
async function serve(kind: string) {
  if (kind === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app.server.address();
  }
  if (kind === 'raw') {
    const rec = JSON.parse(readFileSync(RECORDING, 'utf8')) as Recording;
    const pool = new pg.Pool({ connectionString: dbUrl(), max: 10 });
    const app = Fastify({ logger: false });
    app.get('/page', async (_req, reply) => {
      for (const q of rec.statements) await pool.query(q);
      reply.header('content-type', 'application/json; charset=utf-8');
      return rec.body;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app.server.address();
  }
  const { app } = await buildBenchApp(dbUrl());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server.address();
}

interface Recording {
  token: string;
  statements: Array<{ text: string; values?: unknown[]; name?: string; rowMode?: string }>;
  body: unknown;
}

/** Seeds the demo data once, then records what the app sends for the first voucher page. */
async function prepare(): Promise<Recording> {
  const url = dbUrl();
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { migrate } = await import('../apps/server/src/db/migrate.js');
  const { seedDemo } = await import('../apps/server/src/composition/seeders.js');
  const { DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-foundation.js');
  const { analyzeAll } = await import('../apps/server/src/db/statistics.js');
  const { lazySecretBox } = await import('../apps/server/src/lib/secret-box.js');
  if (!process.env.BENCH_REUSE) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
    await admin.end();
    const database = await openDatabase({ url });
    await migrate(database);
    await seedDemo({ db: database.db, log: pino({ level: 'silent' }), secrets: lazySecretBox({ dataDir: tmpdir() }) });
    await analyzeAll(database);
    await database.close();
  }
  const { app, database } = await buildBenchApp(url);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: 'agencia@travesia.example', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  const token = login.json().token as string;
  // Warm the prepared statements, then record every statement of one request.
  await app.inject({ method: 'GET', url: PAGE, headers: { 'x-access-token': token } });
  const statements: Recording['statements'] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: a recording wrapper around pg's overloaded query()
  (pg.Client.prototype as any).query = function (this: pg.Client, config: any, values?: any, cb?: any) {
    const q = typeof config === 'string' ? { text: config, values } : config;
    statements.push({ text: q.text, values: q.values ?? values, name: q.name, rowMode: q.rowMode });
    return Reflect.apply(original, this, [config, values, cb]);
  };
  const res = await app.inject({ method: 'GET', url: PAGE, headers: { 'x-access-token': token } });
  pg.Client.prototype.query = original;
  if (res.statusCode !== 200) throw new Error(`${PAGE}: ${res.statusCode}`);
  await app.close();
  await database.close();
  const rec = { token, statements, body: res.json() };
  writeFileSync(RECORDING, JSON.stringify(rec));
  console.log(`  recorded ${statements.length} statements for ${PAGE} (${res.body.length} bytes of JSON)`);
  return rec;
}

interface Server {
  child: ChildProcess;
  url: string;
  /** The server process's CPU time so far (user + system, µs), asked for with SIGUSR2. */
  cpu: () => Promise<number>;
}

async function start(kind: string): Promise<Server> {
  const profile = kind === 'app' && process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', here, 'serve', kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  let out = '';
  let waiting: ((cpu: number) => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
      const c = /CPU (\d+)\n/.exec(out);
      if (c && waiting) {
        out = out.slice(c.index + c[0].length);
        waiting(Number(c[1]));
        waiting = undefined;
      }
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      waiting = resolve;
      child.kill('SIGUSR2');
    });
  return { child, url: `http://127.0.0.1:${port}`, cpu };
}

/** The q-quantile of ascending values. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function cannon(server: Server, url: string, headers: Record<string, string>, connections: number) {
  // A short warm-up (JIT, connection pools, prepared statements), then the timed run.
  await autocannon({ url, headers, connections, duration: 2 });
  // Latencies from autocannon's own per-response times (fractions of a millisecond): its histogram keeps
  // whole milliseconds, too coarse for a 1.5× ratio of 1–3 ms answers.
  const times: number[] = [];
  const cpu0 = await server.cpu();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, headers, connections, duration: SECONDS }, (err, result) => (err ? reject(err) : resolve(result)));
    run.on('response', (_client, status, _bytes, time) => {
      if (status < 300) times.push(time);
    });
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpuPerRequest = ((await server.cpu()) - cpu0) / r.requests.total;
  times.sort((a, b) => a - b);
  return { rps: r.requests.average, p50: quantile(times, 0.5), p97: quantile(times, 0.975), cpuPerRequest, load: load1() };
}

async function main() {
  console.log(`HTTP overhead benchmark: ${SECONDS} s per run, servers in their own processes`);
  const rec = await prepare();
  const auth = { 'x-access-token': rec.token };
  const servers = { hello: await start('hello'), raw: await start('raw'), app: await start('app') };
  try {
    const hello = await cannon(servers.hello, `${servers.hello.url}/hello`, {}, 10);
    const user = await cannon(servers.app, `${servers.app.url}/api/user`, auth, 10);
    const raw = await cannon(servers.raw, `${servers.raw.url}/page`, {}, 10);
    const page = await cannon(servers.app, `${servers.app.url}${PAGE}`, auth, 10);
    // Latency without queueing: one connection each.
    const raw1 = await cannon(servers.raw, `${servers.raw.url}/page`, {}, 1);
    const page1 = await cannon(servers.app, `${servers.app.url}${PAGE}`, auth, 1);
    const table = [
      ['bare Fastify hello-world', hello],
      ['GET /api/user (app)', user],
      ['bare Fastify + pg, the voucher page SQL', raw],
      ['GET /api/voucher first page (app)', page],
      ['bare Fastify + pg, 1 connection', raw1],
      ['GET /api/voucher first page (app), 1 connection', page1],
    ] as const;
    // CPU per request: the server process's own CPU time over the timed run (not PostgreSQL's, the same SQL on
    // both sides), steadier than req/s when other work shares the cores.
    console.log('\n| server, request | req/s | p50 ms | p97.5 ms | server CPU µs/request | load avg |\n|---|---:|---:|---:|---:|---:|');
    for (const [name, r] of table) {
      console.log(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p97.toFixed(2)} | ${r.cpuPerRequest.toFixed(0)} | ${r.load} |`,
      );
    }
    const lines: SummaryLine[] = [
      {
        bench: 'http',
        line: 'GET /api/user req/s vs bare Fastify hello-world',
        goal: '≥ 20 %',
        p50: `${((100 * user.rps) / hello.rps).toFixed(1)} % (${user.rps.toFixed(0)} / ${hello.rps.toFixed(0)} req/s)`,
        p95: '',
        load: user.load,
        pass: user.rps >= 0.2 * hello.rps,
      },
      {
        bench: 'http',
        line: 'voucher first page req/s vs bare Fastify + pg (same SQL, same JSON)',
        goal: '≥ 50 %',
        p50: `${((100 * page.rps) / raw.rps).toFixed(1)} % (${page.rps.toFixed(0)} / ${raw.rps.toFixed(0)} req/s)`,
        p95: '',
        load: page.load,
        pass: page.rps >= 0.5 * raw.rps,
      },
      {
        bench: 'http',
        line: 'voucher first page p50 vs the raw SQL it sends (1 connection)',
        goal: '≤ 1.5×',
        p50: `${(page1.p50 / raw1.p50).toFixed(2)}× (${page1.p50.toFixed(2)} / ${raw1.p50.toFixed(2)} ms)`,
        p95: `${page1.p97.toFixed(2)} / ${raw1.p97.toFixed(2)} ms (p97.5)`,
        load: page1.load,
        pass: page1.p50 <= 1.5 * raw1.p50,
      },
    ];
    writeSummary('http', lines);
  } finally {
    // SIGTERM lets each server exit normally (a CPU profile is written on exit).
    await Promise.all(Object.values(servers).map((s) => new Promise((done) => s.child.once('exit', done).kill())));
  }
}

if (process.argv[2] === 'serve') {
  const address = await serve(process.argv[3]);
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`PORT ${port}`);
  process.once('SIGTERM', () => process.exit(0));
  process.on('SIGUSR2', () => {
    const { user, system } = process.cpuUsage();
    console.log(`CPU ${user + system}`);
  });
} else {
  await main();
}
