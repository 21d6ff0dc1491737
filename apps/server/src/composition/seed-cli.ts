import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { analyzeAll } from '../db/statistics.js';
import { createLogger } from '../lib/logger.js';
import { lazySecretBox } from '../lib/secret-box.js';
import { seedDemo } from './seeders.js';

/** `npm run seed:demo`: migrates and seeds the demo data on DATABASE_URL or the embedded database. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await migrate(database);
await seedDemo({ db: database.db, log, secrets: lazySecretBox({ secretsKey: config.SECRETS_KEY, dataDir: config.DATA_DIR }) });
await analyzeAll(database);
await database.close();
