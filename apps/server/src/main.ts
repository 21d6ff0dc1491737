import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@travesia/supplier-sim';
import { count } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { users } from './db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-foundation.js';
import { seedDemo } from './db/seed/index.js';
import { createStore } from './lib/kv.js';
import { createLogger } from './lib/logger.js';
import { Mailer } from './lib/mailer.js';
import { lazySecretBox } from './lib/secret-box.js';
import { RecoveryWorker } from './modules/hotel-booking/booking.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
config.WEB_DIST ??= path.resolve(here, '../../web/dist');
const log = createLogger(config.LOG_LEVEL);

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
const applied = await migrate(database);
if (applied.length) log.info({ applied }, 'migrations applied');

const [{ n }] = await database.db.select({ n: count() }).from(users);
const seed = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite' && n === 0);
if (seed) await seedDemo({ db: database.db, log, secrets: lazySecretBox({ secretsKey: config.SECRETS_KEY, dataDir: config.DATA_DIR }) });

const store = createStore(config.REDIS_URL);
const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }, log);
// Sandbox accounts talk to the supplier simulator: in-process unless SUPPLIER_SIM_URL points elsewhere.
const simulator = config.SUPPLIER_SIM_URL ? null : await startSimulator({ port: config.SUPPLIER_SIM_PORT, host: '127.0.0.1' });
const simulatorUrl = config.SUPPLIER_SIM_URL ?? (simulator as { url: string }).url;
log.info({ simulatorUrl }, 'supplier simulator ready');
const app = await buildApp({ config, database, store, mailer, log, simulatorUrl });

await app.listen({ port: config.PORT, host: config.HOST });
// Supplier bookings whose answer was lost are looked up by our reference until they settle.
const recovery = new RecoveryWorker(app.services.hotelBooking, log);
recovery.start();
// Mails queued in the outbox (recovery, invitations) are retried here until SMTP takes them.
app.services.outbox.start();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
if (seed || process.env.SHOW_DEMO_ACCOUNTS === 'true') {
  console.log(
    [
      '',
      `Travesía is running at http://localhost:${port}  (API docs: /api/docs)`,
      `Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(30)} ${a.type}${a.agency ? ` · ${a.agency}` : ''}`),
      '',
    ].join('\n'),
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await recovery.stop();
    await app.close();
    await simulator?.close();
    await Promise.allSettled([store.close(), database.close()]);
    mailer.close();
    process.exit(0);
  });
}
