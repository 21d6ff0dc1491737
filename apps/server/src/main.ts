import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { StartupClock } from './lib/startup-clock.js';
import { WEB_DIST_DIR } from './paths.js';

/**
 * The server's entry point (`npm start` runs its bundle, `npm run serve` and `dev` this file through tsx).
 * It imports only what opening the database needs and opens it first: PGlite reads and compiles its
 * WebAssembly (much of it on V8's background threads) while the rest of the server's modules load on the
 * main thread (start.ts, imported below; the bundle keeps it in a chunk of its own). Decision 0550.
 */
const clock = new StartupClock();
clock.mark('entryLoaded');
const config = loadConfig();
config.WEB_DIST ??= WEB_DIST_DIR;
const opening = openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
opening.catch(() => undefined); // awaited in start(); no unhandled rejection while the modules load
const { start } = await import('./start.js');
await start(config, opening, clock);
