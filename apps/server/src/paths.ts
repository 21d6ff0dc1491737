import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's directory (apps/server), from which files that ship beside the code are found: the
 * migrations, the web build, the PGlite cache. The source runs from `src/` (tsx, tests) and `npm start`'s
 * bundle from `dist/` (decision 0550): both one level below, so this module's `import.meta.url` — the
 * bundle's own when bundled — gives the same directory either way. Only this module reads it.
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src', 'db', 'migrations');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');
/** A cache, not build output (decision 0470). */
export const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'travesia');
