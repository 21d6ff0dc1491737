import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { CACHE_DIR } from '../paths.js';

/**
 * A new embedded database starts from a copy of a freshly initialised PostgreSQL cluster instead of
 * running `initdb` (in WebAssembly, the largest single cost of a cold start: decision 0470). The copy
 * is made by the first start that runs `initdb` on this checkout and kept outside the data, in
 * `node_modules/.cache/travesia/`, keyed by the PGlite version and its extensions; deleting it only
 * costs one `initdb` again. It holds no schema and no data: migrations and the seed run as before.
 */
function templateFile(extensions: string[]) {
  let version = 'unknown';
  try {
    // The package exports no package.json: read it beside its entry point (dist/index.cjs).
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    version = (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    /* unknown version: the file name still separates extensions */
  }
  return path.join(CACHE_DIR, `pglite-${version}-${[...extensions].sort().join('+')}.tar.gz`);
}

/** True when `dir` holds no cluster yet (PGlite would run initdb there). */
export const isNewDataDir = (dir: string) => !existsSync(path.join(dir, 'PG_VERSION'));

/** The saved cluster for these extensions, if a previous start made one. */
export function readTemplate(extensions: string[]): Blob | undefined {
  const file = templateFile(extensions);
  if (!existsSync(file)) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Saves the just-initialised cluster of `client` (written beside, then renamed: concurrent starts never read half a file). */
export async function saveTemplate(client: PGlite, extensions: string[]) {
  const file = templateFile(extensions);
  try {
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    /* a read-only checkout: every new database runs initdb, as without the cache */
  }
}
