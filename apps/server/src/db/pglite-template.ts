import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { CACHE_DIR, MIGRATIONS_DIR } from '../paths.js';

/**
 * A new embedded database starts from a copy of a freshly initialised PostgreSQL cluster instead of
 * running `initdb` (in WebAssembly, the largest single cost of a cold start: decision 0470). The copy
 * is made by the first start that runs `initdb` on this checkout and kept outside the data, in
 * `node_modules/.cache/travesia/`, keyed by the PGlite version and its extensions; deleting it only
 * costs one `initdb` again. It holds no schema and no data: migrations and the seed run as before.
 *
 * A second copy is taken once the migrations ran on a new database (decision 0631): the cluster with the
 * schema and nothing else (no row of any table but `schema_migrations`), keyed also by a digest of the
 * migration files, so a new database with exactly these migrations starts migrated. Any change to a
 * migration file changes the digest: the next new database migrates from the plain copy and saves anew.
 */
function templateFile(extensions: string[], schema?: string) {
  let version = 'unknown';
  try {
    // The package exports no package.json: read it beside its entry point (dist/index.cjs).
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    version = (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    /* unknown version: the file name still separates extensions */
  }
  return path.join(CACHE_DIR, `pglite-${version}-${[...extensions].sort().join('+')}${schema ? `-schema-${schema}` : ''}.tar.gz`);
}

/** A digest of the migration files, names and contents (what `migrate` would apply to a new database). */
export function schemaDigest(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((f) => /^[\w.-]+\.sql$/.test(f))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** True when `dir` holds no cluster yet (PGlite would run initdb there). */
export const isNewDataDir = (dir: string) => !existsSync(path.join(dir, 'PG_VERSION'));

/** The saved cluster for these extensions (migrated as `schema` says, when given), if a previous start made one. */
export function readTemplate(extensions: string[], schema?: string): Blob | undefined {
  const file = templateFile(extensions, schema);
  if (!existsSync(file)) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Saves the cluster of `client` as it is (written beside, then renamed: concurrent starts never read half a file). */
export async function saveTemplate(client: PGlite, extensions: string[], schema?: string) {
  const file = templateFile(extensions, schema);
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
