import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { createLogger } from '../../../lib/logger.js';
import { seedPlaces } from './seed.js';

/** `npm run seed:places`: migrates and loads the place seed on DATABASE_URL or the embedded database. */
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await migrate(database);
const started = Date.now();
const result = await seedPlaces({ db: database.db, log }, { force: process.argv.includes('--force') });
console.log(
  result.skipped
    ? 'places: this seed is already loaded (use --force to check every row again)'
    : `places: ${result.built} in the seed, ${result.inserted} new, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
