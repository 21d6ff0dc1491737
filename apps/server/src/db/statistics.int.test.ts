import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { Database } from './client.js';
import { analyzeAll, analyzeStaleTables, needsStatisticsKeeper } from './statistics.js';

describe('planner statistics', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  const reltuples = async (table: string) =>
    Number((await database.withScriptConnection((run) => run(`select reltuples from pg_class where relname = '${table}'`)))[0]?.reltuples);

  it('analyses a table changed beyond the autovacuum threshold, and then leaves it alone', async () => {
    await database.withScriptConnection(async (run) => {
      await run('create table stats_probe (id int primary key, label text)');
      await run(`insert into stats_probe select g, 'row ' || g from generate_series(1, 1000) g`);
      // Counters reach shared memory when the backend goes idle; force it instead of waiting a second.
      await run('select pg_stat_force_next_flush()');
    });
    expect(await reltuples('stats_probe')).toBeLessThan(0); // never analysed

    expect(await analyzeStaleTables(database)).toContain('stats_probe');
    expect(await reltuples('stats_probe')).toBe(1000);
    expect(await analyzeStaleTables(database)).not.toContain('stats_probe');
  });

  it('analyses everything at once after a seed or a migration', async () => {
    await database.withScriptConnection(async (run) => {
      await run('create table stats_probe_all (id int)');
      await run('insert into stats_probe_all select generate_series(1, 300)');
    });
    await analyzeAll(database);
    expect(await reltuples('stats_probe_all')).toBe(300);
  });

  it('keeps statistics itself on PGlite, and on PostgreSQL only when autovacuum is off', async () => {
    const on = (await database.withScriptConnection((run) => run("select current_setting('autovacuum') as v")))[0]?.v;
    expect(await needsStatisticsKeeper(database)).toBe(database.kind === 'pglite' || on !== 'on');
  });
});
