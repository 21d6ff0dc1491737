import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';

/**
 * The tables whose updates and deletes are announced (migration 1280's triggers), and for agency_settings, kept by
 * the agency's branding and zone reads, inserts too (migration 1380: settings are saved by an upsert). A new
 * session or user is nobody's kept row, so their inserts stay quiet: a sign-in does not empty the session cache.
 * A search's look-ups before its supplier requests leave — the agency's usable provider accounts, the place and
 * its supplier codes — are kept too (decision 0760, migration 1420): a new account or mapping changes what they
 * answer, so those tables announce inserts as well.
 */
export type WatchedTable = 'sessions' | 'users' | 'agencies' | 'agency_settings' | 'provider_accounts' | 'places' | 'supplier_destinations';
const WATCHED: readonly string[] = [
  'sessions',
  'users',
  'agencies',
  'agency_settings',
  'provider_accounts',
  'places',
  'supplier_destinations',
] satisfies WatchedTable[];
const INSERTS_WATCHED: readonly string[] = [
  'agency_settings',
  'provider_accounts',
  'places',
  'supplier_destinations',
] satisfies WatchedTable[];
export const CHANGES_CHANNEL = 'travesia_changes';

/** A leading `update <table>` / `delete from <table>` / `truncate <table>` / `insert into <table>`. */
const WRITE = /^\s*(update|delete\s+from|truncate(?:\s+table)?|insert\s+into)\s+(?:only\s+)?"?(\w+)"?/i;

/**
 * Tells whoever keeps rows in memory that a watched table changed (decision 0540). Two feeds:
 * - this process's own writes, seen as drizzle sends them (`queryLogger`), *before* they run, so a request that
 *   follows a write never reads a stale copy;
 * - every process's writes, from PostgreSQL's `LISTEN travesia_changes` (`listen`), at commit, so another process
 *   — or a manual `update users …` — is heard too. On PGlite only this process can open the database, so the
 *   first feed is the whole story.
 * `live` is false while the PostgreSQL listener is not connected: nothing may be kept in memory then, since a
 * change could go unheard. Losing the listener also tells every subscriber that everything may have changed.
 */
export class TableChanges {
  private readonly subscribers = new Set<(table: WatchedTable | '*') => void>();
  private listener: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private started = false;
  private connected: boolean;

  /** `connectionString`: PostgreSQL's, for the listener (`start`); none for PGlite. */
  constructor(
    private readonly kind: 'pglite' | 'postgres',
    private readonly connectionString?: string,
  ) {
    this.connected = kind === 'pglite';
  }

  /**
   * Starts hearing other processes' changes (PostgreSQL): called by whoever keeps rows in memory (the server's
   * auth), not by every script that opens the database, since the listening connection keeps a process alive
   * until `close()`. Never throws: until it connects, `live` stays false and it retries every second.
   */
  start(): void {
    if (this.kind !== 'postgres' || this.started || !this.connectionString) return;
    this.started = true;
    void this.listen(this.connectionString).catch(() => undefined);
  }

  /** True when every change to a watched table will be heard. */
  get live(): boolean {
    return this.connected;
  }

  /** Calls `fn` with the table changed (`'*'`: anything may have changed). Returns the unsubscribe. */
  subscribe(fn: (table: WatchedTable | '*') => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** drizzle's logger sees every statement text before it is sent: a write to a watched table is announced. */
  readonly queryLogger: Logger = {
    logQuery: (query: string) => {
      // Anchored: a select fails at its first letter.
      const write = WRITE.exec(query);
      if (!write) return;
      const [, verb, table] = write;
      if (!WATCHED.includes(table)) return;
      if (/^insert/i.test(verb) && !INSERTS_WATCHED.includes(table)) return;
      this.emit(table as WatchedTable);
    },
  };

  /** One connection of its own listening on the channel, reconnected when it drops. */
  private async listen(connectionString: string): Promise<void> {
    if (this.kind !== 'postgres' || this.closed) return;
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.connected = false;
      this.emit('*');
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(connectionString).catch(() => undefined), 1_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel !== CHANGES_CHANNEL) return;
      const table = n.payload ?? '';
      this.emit(WATCHED.includes(table) ? (table as WatchedTable) : '*');
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      if (this.closed) return void (await client.end());
      this.connected = true;
    } catch (err) {
      lost();
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connected = this.kind === 'pglite';
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  private emit(table: WatchedTable | '*') {
    for (const fn of this.subscribers) fn(table);
  }
}
