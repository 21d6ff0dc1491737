import type { Logger } from 'pino';
import type { Database } from './client.js';

/**
 * Planner statistics. PGlite has no autovacuum (and a PostgreSQL may run with it off), so without this
 * the planner keeps its empty-table estimates after the demo seed or a bulk load and picks plans that
 * sort whole agencies (issue 21: a list query went from 38 ms to 0.6 ms after `ANALYZE`).
 */

/** `ANALYZE` of every table: after migrations that applied something, after seeds and bulk loads. */
export async function analyzeAll(database: Database): Promise<void> {
  await database.withScriptConnection((run) => run('analyze'));
}

/** Autovacuum's default analyze rule: 50 rows plus 10 % of the table changed since the last analyze. */
const STALE_TABLES_SQL = `
  select s.relname as name
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.n_mod_since_analyze desc`;

/** Tables whose statistics are stale by autovacuum's rule, analysed one by one; returns their names. */
export async function analyzeStaleTables(database: Database): Promise<string[]> {
  return database.withScriptConnection(async (run) => {
    const stale = (await run(STALE_TABLES_SQL)).map((r) => String(r.name));
    for (const name of stale) await run(`analyze "${name.replace(/"/g, '""')}"`);
    return stale;
  });
}

/** Whether this database needs us to keep its statistics: PGlite always, PostgreSQL when autovacuum is off. */
export async function needsStatisticsKeeper(database: Database): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = await database.withScriptConnection((run) => run("select current_setting('autovacuum') as on"));
  return row?.on !== 'on';
}

/**
 * Does autovacuum's analyze part where there is none: every `intervalMs`, the tables changed beyond the
 * threshold are analysed. The timer does not keep the process alive.
 */
export class StatisticsKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly intervalMs = 5 * 60_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.tick();
    }, this.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    try {
      const analysed = await analyzeStaleTables(this.database);
      if (analysed.length) this.log.info({ analysed }, 'planner statistics refreshed');
    } catch (err) {
      this.log.warn({ err }, 'planner statistics refresh failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
