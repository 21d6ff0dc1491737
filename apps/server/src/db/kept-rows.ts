import type { TableChanges, WatchedTable } from './changes.js';

/**
 * Rows kept in memory for a few seconds by key, emptied by every change to the tables they come from
 * (decision 0540; `TableChanges` hears this process's writes before they run and, on PostgreSQL, every
 * process's at commit). While a change could go unheard (`changes.live` false) nothing is kept or served.
 * A look-up that raced a change is not kept (`mark` before the read, `set` after). Values are deep-frozen:
 * a request cannot alter what the next one reads.
 */
export class KeptRows<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;

  /**
   * `tables`: a change to any of them empties the whole set. `ttlMs`: how long a value is kept at most even
   * if no change is heard (a safety net, not the rule); 0: never kept. `max`: entries at once, oldest dropped.
   */
  constructor(
    private readonly changes: TableChanges,
    tables: readonly WatchedTable[],
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {
    changes.subscribe((table) => {
      if (table === '*' || tables.includes(table)) this.clear();
    });
  }

  /** The kept value, or undefined (never kept, expired, or the change feed is down). */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now && this.changes.live) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Taken before a look-up; `set` keeps its answer only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps `value` until `now + ttl` (or `until`, if sooner) and returns it frozen; not kept if a change raced it. */
  set(key: string, value: V, mark: number, now: number, until = Number.POSITIVE_INFINITY): V {
    if (mark !== this.generation || !this.changes.live || this.ttlMs <= 0) return value;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    const frozen = deepFreeze(value);
    this.entries.set(key, { value: frozen, until: Math.min(now + this.ttlMs, until) });
    return frozen;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
