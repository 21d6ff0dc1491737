import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './client.js';

const LOCK_ID = 727_001;

/**
 * Applies `migrations/*.sql` in name order, once each, in one transaction guarded by an advisory
 * lock so API processes starting together don't race. Plain SQL files named `NNNN-<module>.sql`
 * let modules be built in parallel with no shared journal to merge (docs/decisions/0001-stack.md).
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^[\w.-]+\.sql$/.test(f)).sort();
  return database.withScriptConnection(async (run) => {
    await run('begin');
    try {
      await run(`select pg_advisory_xact_lock(${LOCK_ID})`);
      await run('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      const done = new Set((await run('select name from schema_migrations')).map((r) => String(r.name)));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        await run(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
        await run(`insert into schema_migrations (name) values ('${file}')`);
        applied.push(file);
      }
      await run('commit');
      return applied;
    } catch (err) {
      await run('rollback');
      throw err;
    }
  });
}
