import type { TableChanges } from '../db/changes.js';
import { KeptRows } from '../db/kept-rows.js';
import type { AuthContext } from './auth.js';

/**
 * The signed-in callers of the last seconds, by token hash, so a request does not read its session, user and
 * agency again (issue 21 item 3: the look-up was a third of `GET /api/user` and ~7 ms before a streamed search's
 * supplier requests could leave, on PGlite). Correctness rests on `TableChanges` (decision 0540): any update or
 * delete of sessions, users or agencies — a logout, a revocation, a user deactivated, an agency's modules
 * changed, from this process or another — empties the cache before the next request reads it; while a change
 * could go unheard nothing is kept; a look-up that raced a change is not kept; entries are frozen (`KeptRows`).
 * A caller is never kept past its session's expiry.
 */
export class SessionCache {
  private readonly kept: KeptRows<AuthContext>;

  /** `ttlMs`: how long a caller is kept at most even if no change is heard (a safety net, not the rule); 0: never. */
  constructor(changes: TableChanges, ttlMs = 30_000) {
    this.kept = new KeptRows(changes, ['sessions', 'users', 'agencies'], ttlMs);
  }

  get(tokenHash: string, now: number): AuthContext | undefined {
    return this.kept.get(tokenHash, now);
  }

  mark(): number {
    return this.kept.mark();
  }

  set(tokenHash: string, auth: AuthContext, expiresAt: Date, mark: number, now: number): AuthContext {
    return this.kept.set(tokenHash, auth, mark, now, expiresAt.getTime());
  }

  clear(): void {
    this.kept.clear();
  }

  get size(): number {
    return this.kept.size;
  }
}
