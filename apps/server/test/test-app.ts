import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { MemoryStore } from '../src/lib/kv.js';
import { Mailer } from '../src/lib/mailer.js';
import type { AppDeps } from '../src/services.js';
import { startMailCatcher } from './mail-catcher.js';

/**
 * Which database the integration tier runs on: embedded PGlite, or the PostgreSQL at DATABASE_URL. Read from the
 * environment at each call: test files share a worker's modules (isolate: false), so a value fixed when this module
 * was first imported could belong to another project's files.
 */
export const testDbKind = (): 'postgres' | 'pglite' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const TEMPLATE_LOCK_ID = 727_002;

/**
 * The name of the migrated template database for the current migrations: a hash of their file names and
 * contents, so a changed migration gets a new template and a stale one is never cloned.
 */
async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return `travesia_tmpl_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Clones the migrated template into `name`, building the template first when the current migrations have
 * none. Clones hold the advisory lock shared and the builder holds it exclusive, so parallel test files
 * (and other checkouts with other migrations, which drop stale templates) never clone a template that is
 * half-built or being dropped. The template is built under a temporary name and renamed when complete.
 */
async function cloneTemplate(admin: pg.Client, adminUrl: string, name: string): Promise<void> {
  const template = await templateName();
  for (;;) {
    await admin.query('select pg_advisory_lock_shared($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) {
        await admin.query(`create database ${name} template ${template}`);
        return;
      }
    } finally {
      await admin.query('select pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK_ID]);
    }
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      await buildTemplate(admin, adminUrl, template);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  }
}

async function buildTemplate(admin: pg.Client, adminUrl: string, template: string): Promise<void> {
  const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
  if (found.rowCount) return;
  const others = await admin.query("select datname from pg_database where datname like 'travesia\\_tmpl\\_%'");
  for (const row of others.rows as { datname: string }[]) {
    await admin.query(`drop database if exists ${row.datname}`).catch(() => undefined); // in use elsewhere: left
  }
  const building = `${template}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await admin.query(`alter database ${building} rename to ${template}`);
}

/**
 * A fresh database: in-memory PGlite migrated in place, or a new PostgreSQL database cloned from the
 * migrated template and dropped at the end. (PGlite is not cloned: loading a dumped data directory
 * measured 1.0 s against 0.26 s for running the migrations; decision 0105.)
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind() === 'pglite') {
    // TEST_PGLITE_DIR: files on disk as the server keeps them (the memory benchmark), not in memory.
    const database = await openDatabase({ dataDir: process.env.TEST_PGLITE_DIR ?? ':memory:' });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `travesia_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await cloneTemplate(admin, adminUrl, name);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mail: Awaited<ReturnType<typeof startMailCatcher>>;
  /** The app's in-process store (the memory benchmark reads its byte count). */
  store: MemoryStore;
  close(): Promise<void>;
}

/** The whole app on a fresh database, with a real SMTP catcher; call `close()` in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<
    Pick<
      AppDeps,
      | 'connectionTester'
      | 'simulatorUrl'
      | 'paymentSimulatorUrl'
      | 'bookingOptions'
      | 'accountOptions'
      | 'webhookSender'
      | 'storefrontPayments'
      | 'seedState'
      | 'clock'
      | 'log'
    >
  > = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mail = await startMailCatcher();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://travesia.test', LOG_LEVEL: 'silent', ...env });
  // A test may pass its own logger to read what the app logs.
  const log = deps.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const store = new MemoryStore();
  const mailer = new Mailer({ smtpUrl: mail.url, from: config.MAIL_FROM, dataDir: config.DATA_DIR }, log);
  const app = await buildApp({ config, database, store, mailer, log, ...deps });
  await app.ready();
  return {
    app,
    database,
    mail,
    store,
    async close() {
      await app.close();
      mailer.close();
      await mail.close();
      await drop();
    },
  };
}
