import type { Db } from './client.js';

/**
 * Runs `fn` in one transaction, handing it the transaction as a `Db`, so repositories and services
 * take one executor type whether they run inside a transaction or not. The single cast lives here:
 * drizzle's transaction type is a `PgDatabase` with the same schema, minus nothing we call.
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
