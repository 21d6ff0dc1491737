import { randomUUID } from 'node:crypto';
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

/** Which database the integration tier runs on: embedded PGlite, or the PostgreSQL at DATABASE_URL. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database: in-memory PGlite, or a new PostgreSQL database dropped at the end. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind === 'pglite') {
    const database = await openDatabase({ dataDir: ':memory:' });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `travesia_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
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
  close(): Promise<void>;
}

/** The whole app on a fresh database, with a real SMTP catcher; call `close()` in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<Pick<AppDeps, 'connectionTester' | 'simulatorUrl' | 'bookingOptions'>> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mail = await startMailCatcher();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://travesia.test', LOG_LEVEL: 'silent', ...env });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const store = new MemoryStore();
  const mailer = new Mailer({ smtpUrl: mail.url, from: config.MAIL_FROM, dataDir: config.DATA_DIR }, log);
  const app = await buildApp({ config, database, store, mailer, log, ...deps });
  await app.ready();
  return {
    app,
    database,
    mail,
    async close() {
      await app.close();
      mailer.close();
      await mail.close();
      await drop();
    },
  };
}
