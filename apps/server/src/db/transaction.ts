import type { Db } from './client.js';

/**
 * Runs `fn` in one transaction, handing it the transaction as a `Db`, so repositories and services
 * take one executor type whether they run inside a transaction or not. No cast: drizzle's
 * `PgTransaction` is a `PgDatabase` of the same schema, so it is a `Db` as it stands.
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
