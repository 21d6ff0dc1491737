import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { KeyValueStore } from '../src/lib/kv.js';
import { MemoryStore } from '../src/lib/kv.js';
import { Mailer } from '../src/lib/mailer.js';
import type { AppDeps } from '../src/services.js';
import { startMailCatcher } from './mail-catcher.js';
import { openTestDatabase } from './test-app.js';

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;

/**
 * The app for the account tests: like createTestApp, plus a mail server that can go down and come
 * back on the same port (an SMTP outage), a chosen key-value store, TRUST_PROXY and lower limits.
 */
export async function createAccountTestApp(
  opts: { env?: Record<string, string>; store?: KeyValueStore; accountOptions?: AppDeps['accountOptions'] } = {},
) {
  const { database, drop } = await openTestDatabase();
  let mail: Catcher | null = await startMailCatcher();
  const port = mail.port;
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://travesia.test', LOG_LEVEL: 'silent', ...opts.env });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const store = opts.store ?? new MemoryStore();
  const mailer = new Mailer({ smtpUrl: mail.url, from: config.MAIL_FROM, dataDir: config.DATA_DIR }, log);
  const app: FastifyInstance = await buildApp({ config, database, store, mailer, log, accountOptions: opts.accountOptions });
  await app.ready();
  const t = {
    app,
    database: database as Database,
    store,
    /** The running mail server; throws while it is down. */
    get mail(): Catcher {
      if (!mail) throw new Error('the mail server is down');
      return mail;
    },
    async mailDown() {
      await mail?.close();
      mail = null;
    },
    async mailUp() {
      mail ??= await startMailCatcher(port);
    },
    async close() {
      await app.close();
      mailer.close();
      await mail?.close();
      await store.close();
      await drop();
    },
  };
  return t;
}
export type AccountTestApp = Awaited<ReturnType<typeof createAccountTestApp>>;
