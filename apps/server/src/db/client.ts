import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { TableChanges } from './changes.js';
import { isNewDataDir, readTemplate, saveTemplate, schemaDigest } from './pglite-template.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Updates and deletes of the tables kept in memory, from this process and (PostgreSQL) every other. */
  changes: TableChanges;
  /**
   * Gives `fn` one dedicated connection that runs raw SQL text, several statements at once
   * (simple query protocol), answering the rows of the last statement. Used by migrations.
   */
  withScriptConnection<T>(fn: (run: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /**
   * A new embedded database that did not start from a migrated copy: once its migrations ran (and before any
   * data), saves it as the copy the next new database starts from (pglite-template.ts, decision 0631).
   */
  saveMigratedTemplate?: () => Promise<void>;
  close(): Promise<void>;
}

/** `PGLITE_SHARED_BUFFERS` (e.g. `64MB`), 32 MB by default; only PostgreSQL's own size syntax is accepted. */
export function pgliteSharedBuffers(env: NodeJS.ProcessEnv = process.env): string {
  const v = env.PGLITE_SHARED_BUFFERS?.trim();
  return v && /^\d{1,6}\s*(kB|MB|GB)$/.test(v) ? v : '32MB';
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` (or in memory for ':memory:'). */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    // node-postgres is loaded only for PostgreSQL: an embedded start does not pay for it (decision 0550).
    const [{ default: postgres }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new postgres.Pool({ connectionString: opts.url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // Numeric and bigint stay strings: money is never a float.
    pool.on('error', () => undefined);
    const changes = new TableChanges('postgres', opts.url);
    const db = drizzlePg(pool, { schema, logger: changes.queryLogger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      changes,
      withScriptConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(async (text) => {
            const res = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
            const last = Array.isArray(res) ? res[res.length - 1] : res;
            return (last?.rows ?? []) as Record<string, unknown>[];
          });
        } finally {
          conn.release();
        }
      },
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir && opts.dataDir !== ':memory:' ? opts.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const extensions = { btree_gin, pg_trgm, unaccent };
  // A new data directory starts from the cluster a previous start initialised (decision 0470), migrated when a
  // previous start saved one for these very migrations (decision 0631).
  const fresh = dir !== undefined && isNewDataDir(dir);
  const digest = fresh ? schemaDigest() : undefined;
  const migrated = fresh ? readTemplate(Object.keys(extensions), digest) : undefined;
  const template = migrated ?? (fresh ? readTemplate(Object.keys(extensions)) : undefined);
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions,
    loadDataDir: template,
    // PGlite's buffer cache lives in its WebAssembly memory, which never shrinks: at PostgreSQL's
    // default 128 MB it filled with the supplier audit log's pages and stayed in the process's RSS
    // (issue 21, decision 0490). The files are on the local disk, whose page cache serves the rest.
    postgresqlconf: [`shared_buffers = ${pgliteSharedBuffers()}`],
  });
  if (fresh && !template) await saveTemplate(client, Object.keys(extensions));
  const changes = new TableChanges('pglite');
  const db = drizzlePglite(client, { schema, logger: changes.queryLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    changes,
    withScriptConnection: (fn) =>
      fn(async (text) => {
        const res = await client.exec(text);
        return (res[res.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    ...(fresh && !migrated ? { saveMigratedTemplate: () => saveTemplate(client, Object.keys(extensions), digest) } : {}),
    close: () => client.close(),
  };
}
