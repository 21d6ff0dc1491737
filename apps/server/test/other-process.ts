import pg from 'pg';
import type { Database } from '../src/db/client.js';

/**
 * Another server process, or an operator with psql (PostgreSQL only): a connection of its own to the test's database,
 * once the app's change listener is up (decision 0540). Call `end()` on it in afterAll.
 */
export async function otherConnection(database: Database): Promise<pg.Client> {
  const [{ db }] = (await database.withScriptConnection((run) => run('select current_database() as db'))) as { db: string }[];
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${db}`;
  const other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
  await eventually(() => database.changes.live); // the app started listening when it was built
  return other;
}

/** Polls until `check` holds: a notification from another connection arrives at its commit, a moment later. */
export async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('never happened');
}
