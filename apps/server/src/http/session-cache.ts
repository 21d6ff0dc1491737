import type { TableChanges } from '../db/changes.js';
import type { AuthContext } from './auth.js';

/** Callers kept at once; the oldest is dropped first. A few KB each. */
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  until: number;
}

/**
 * The signed-in callers of the last seconds, by token hash, so a request does not read its session, user and
 * agency again (issue 21 item 3: the look-up was a third of `GET /api/user` and ~7 ms before a streamed search's
 * supplier requests could leave, on PGlite). Correctness rests on `TableChanges` (decision 0540): any update or
 * delete of sessions, users or agencies — a logout, a revocation, a user deactivated, an agency's modules
 * changed, from this process or another — empties the cache before the next request reads it; while a change
 * could go unheard (`changes.live` false) nothing is kept. A look-up that raced a change is not kept either
 * (`generation`). Entries are frozen: a request cannot alter what the next one sees.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  /** `ttlMs`: how long a caller is kept at most even if no change is heard (a safety net, not the rule); 0: never. */
  constructor(
    private readonly changes: TableChanges,
    private readonly ttlMs = 30_000,
  ) {
    changes.subscribe(() => this.clear());
  }

  get(tokenHash: string, now: number): AuthContext | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now && this.changes.live) return entry.auth;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before a look-up; `set` keeps the answer only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, auth: AuthContext, expiresAt: Date, mark: number, now: number): AuthContext {
    if (mark !== this.generation || !this.changes.live || this.ttlMs <= 0) return auth;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const frozen = deepFreeze(auth);
    this.entries.set(tokenHash, { auth: frozen, until: Math.min(now + this.ttlMs, expiresAt.getTime()) });
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
