import { startPaymentSimulator, startSimulator } from '@travesia/supplier-sim';
import { count, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { seedDemoFirst, seedDemoRest } from './composition/seeders.js';
import { PortTakenError, startOnPort } from './composition/simulator-port.js';
import { startWorkers } from './composition/workers.js';
import { type Config, DEFAULT_PAYMENT_SIMULATOR_PORT, DEFAULT_SIMULATOR_PORT } from './config.js';
import type { Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { users } from './db/schema/index.js';
import { BackgroundSeed } from './db/seed/background.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-foundation.js';
import { analyzeAll, needsStatisticsKeeper, StatisticsKeeper } from './db/statistics.js';
import { createStore } from './lib/kv.js';
import { createLogger } from './lib/logger.js';
import { Mailer } from './lib/mailer.js';
import { lazySecretBox } from './lib/secret-box.js';
import type { StartupClock } from './lib/startup-clock.js';
import { webBuildFinished } from './lib/web-build.js';
import { placeSeedPending } from './modules/place/seed/seed.js';

/**
 * The server's start after main.ts opened the database: the simulators, migrations, the demo seed, the
 * app, listening, the background jobs and the shutdown. Loaded by main.ts while PGlite compiles and opens
 * (decision 0550).
 */
export async function start(config: Config, opening: Promise<Database>, clock: StartupClock) {
  const { mark } = clock;
  mark('modulesLoaded');
  const log = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);

  const simulator = await startSandboxSimulator(config, log);
  const simulatorUrl = config.SUPPLIER_SIM_URL ?? (simulator as { url: string }).url;
  log.info({ simulatorUrl }, 'supplier simulator ready');

  const paymentSimulator = await startSandboxPaymentSimulator(config, log);
  const paymentSimulatorUrl = config.PAYMENT_SIM_URL ?? (paymentSimulator as { url: string }).url;
  log.info({ paymentSimulatorUrl }, 'payment simulator ready');
  mark('simulatorsStarted');

  const database = await opening;
  mark('databaseOpen');
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  // A new embedded database that migrated from scratch: the next new one starts from this copy (decision 0631).
  if (applied.length) await database.saveMigratedTemplate?.();
  mark('migrated');

  const [{ n }] = await database.db.select({ n: count() }).from(users);
  const seed = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite' && n === 0);
  const seedContext = { db: database.db, log, secrets: lazySecretBox({ secretsKey: config.SECRETS_KEY, dataDir: config.DATA_DIR }) };
  // What the first screens need before readiness; the rest of the place tree after it (decision 0470).
  if (seed) await seedDemoFirst(seedContext);
  // Fresh tables and bulk loads leave the planner with empty-table estimates; PGlite has no autovacuum.
  if (seed || applied.length) await analyzeAll(database);
  // A start stopped during the background seed left it unfinished: this one resumes it.
  const seedRest = seed || (config.SEED_DEMO === 'auto' && database.kind === 'pglite' && (await placeSeedPending(database.db)));
  const background = new BackgroundSeed(log);
  mark('seeded');
  const statistics = (await needsStatisticsKeeper(database)) ? new StatisticsKeeper(database, log) : null;
  statistics?.start();

  const store = createStore(config.REDIS_URL, { maxBytes: config.MEMORY_STORE_MB * 1024 * 1024 });
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }, log);
  // The app reads the web's files when it is built: a build `npm start` runs beside this start must be done.
  await webBuildFinished();
  mark('webBuilt');
  const app = await buildApp({
    config,
    database,
    store,
    mailer,
    log,
    simulatorUrl,
    paymentSimulatorUrl,
    seedState: () => background.state,
  });
  mark('appBuilt');

  await app.listen({ port: config.PORT, host: config.HOST });
  mark('listening');
  if (seedRest) background.start((opts) => seedDemoRest({ ...seedContext, ...opts }));
  log.info({ ms: clock.wall, cpuMs: clock.cpu, seed: background.state }, 'started');
  // The background jobs (composition/workers.ts): recovery of lost supplier answers, outbox, deadlines, payments.
  startWorkers(app.services);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The in-process payment simulator sends its webhooks to this process (the platform's own address).
  paymentSimulator?.setPlatformUrl(`http://127.0.0.1:${port}`);

  // The URL and the demo accounts on every start where they exist (not only the first one).
  const demo = await database.db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
  console.log(
    [
      '',
      `Travesía is running at http://${shownHost}:${port}  (API docs: /api/docs, readiness: /health/ready)`,
      ...(demo.length
        ? [
            `Demo accounts (password ${DEMO_PASSWORD}):`,
            ...DEMO_ACCOUNTS.filter((a) => demo.some((d) => d.email === a.email)).map(
              (a) => `  ${a.email.padEnd(30)} ${a.type}${a.agency ? ` · ${a.agency}` : ''}`,
            ),
          ]
        : []),
      ...(background.state === 'running'
        ? ['The rest of the world\'s places load in the background (/health/ready says seed "complete" when done).']
        : []),
      '',
    ].join('\n'),
  );

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      log.info({ signal }, 'shutting down');
      await background.stop();
      await statistics?.stop();
      await app.close();
      await simulator?.close();
      await paymentSimulator?.close();
      await Promise.allSettled([store.close(), database.close()]);
      mailer.close();
      process.exit(0);
    });
  }
}

/**
 * Sandbox accounts talk to the supplier simulator: in-process unless SUPPLIER_SIM_URL points elsewhere.
 * Started before the database work so a bad port fails at once.
 */
async function startSandboxSimulator(c: Config, log: Logger) {
  if (c.SUPPLIER_SIM_URL) return null;
  return startOrExit(
    log,
    { name: 'supplier simulator', envVar: 'SUPPLIER_SIM_PORT', explicit: c.SUPPLIER_SIM_PORT, fallback: DEFAULT_SIMULATOR_PORT },
    (port) => startSimulator({ port, host: '127.0.0.1' }),
  );
}

/** Test-mode payment gateways of sandbox agencies talk to the payment simulator (decision 0332), started the same way. */
async function startSandboxPaymentSimulator(c: Config, log: Logger) {
  if (c.PAYMENT_SIM_URL) return null;
  return startOrExit(
    log,
    { name: 'payment simulator', envVar: 'PAYMENT_SIM_PORT', explicit: c.PAYMENT_SIM_PORT, fallback: DEFAULT_PAYMENT_SIMULATOR_PORT },
    (port) => startPaymentSimulator({ port, host: '127.0.0.1' }),
  );
}

async function startOrExit<T>(log: Logger, spec: Parameters<typeof startOnPort>[0], start: (port: number) => Promise<T>) {
  try {
    return await startOnPort(spec, start, (port) => log.warn({ port }, `${spec.name} port in use; using a free one`));
  } catch (err) {
    if (!(err instanceof PortTakenError)) throw err;
    log.fatal(err.message);
    process.exit(1);
  }
}
