import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { bundleServerIfChanged, SERVER_BUNDLE } from '../scripts/build-if-changed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The server's database: with DATABASE_URL set (CI) a new, empty database on that PostgreSQL, made for this run and
 * dropped after it; otherwise a fresh embedded PGlite. PostgreSQL answers in its own processes, so the one server
 * process no longer runs every query of two browsers on its event loop (decision 0580). E2E_DB=pglite forces PGlite.
 */
async function e2eDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin || process.env.E2E_DB === 'pglite') return { drop: async () => {} };
  const name = `travesia_e2e_${process.pid}_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts a real SMTP catcher (each mail saved as a file the specs read) and the app server (its bundle, as `npm start`
 * runs it) with demo data, on free ports, on a database of its own (e2eDatabase). REDIS_URL from CI is dropped: the in-process store is the default
 * a fresh `npm start` runs.
 */
export default async function globalSetup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'travesia-e2e-'));
  const mailDir = path.join(dir, 'caught-mail');
  mkdirSync(mailDir);
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(mailDir, `${String(++n).padStart(4, '0')}-${to}.eml`), Buffer.concat(chunks));
        cb();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));

  const port = await freePort();
  const simPort = await freePort();
  const paymentSimPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: path.join(dir, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    SUPPLIER_SIM_PORT: String(simPort),
    PAYMENT_SIM_PORT: String(paymentSimPort),
    SEED_DEMO: 'always',
    // A reserve answers pending after 1 s while the supplier books on (hotels.spec: the page follows it).
    RESERVE_ANSWER_MS: '1000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  };
  // The server as `npm start` runs it: the bundle, rebuilt first if the sources changed (decision 0550).
  await bundleServerIfChanged(root);
  const database = await e2eDatabase();
  delete env.DATABASE_URL;
  if (database.url) env.DATABASE_URL = database.url;
  delete env.REDIS_URL;
  delete env.SUPPLIER_SIM_URL;
  delete env.PAYMENT_SIM_URL;
  const server: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForSeeded(`${baseURL}/health/ready`, server);
  } catch (error) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
    await database.drop();
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_PAYMENT_SIM_URL = `http://127.0.0.1:${paymentSimPort}`;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r).once('error', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Until `/health/ready` answers with the demo data complete (`seed: 'complete'`). */
async function waitForSeeded(url: string, server: ChildProcess) {
  // A loaded machine (several engineers sharing two cores) may need longer: E2E_READY_TIMEOUT_MS.
  // The demo seed builds the world's places in JavaScript (~30 s of CPU quiet, 130 s seen at load 8).
  const limit = Number(process.env.E2E_READY_TIMEOUT_MS) || 300_000;
  const deadline = Date.now() + limit;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    // Ready answers once the first screens work; the specs need every demo place too (decision 0470).
    const body = await fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<{ seed?: string }>) : null))
      .catch(() => null); // not listening yet
    if (body?.seed === 'failed') throw new Error('the background demo seed failed (see the server log)');
    if (body?.seed === 'complete') return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready in ${limit / 1000} s`);
}
