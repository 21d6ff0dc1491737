import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type OutboxRow, outbox } from '../../db/schema/index.js';

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Adds a job; pass the caller's transaction so the job exists exactly when its cause commits. */
  async enqueue(kind: string, payload: Record<string, unknown>, tx: Db = this.db): Promise<string> {
    const [row] = await tx.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
    return row.id;
  }

  /**
   * Claims up to `limit` due jobs for `leaseMs`: one statement, rows other workers hold are skipped
   * (`for update skip locked`), so several processes never take the same job. A worker that dies
   * leaves its jobs to be claimed again when the lease ends.
   */
  async claim(limit: number, leaseMs: number): Promise<OutboxRow[]> {
    const rows = await this.db.execute<Record<string, unknown>>(sql`
      update outbox set attempts = attempts + 1, available_at = now() + ${`${leaseMs} milliseconds`}::interval
      where id in (
        select id from outbox
        where done_at is null and failed_at is null and available_at <= now()
        order by available_at, created_at
        limit ${limit}
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: Record<string, unknown>[] }).rows) ?? [];
    return list.map((r) => ({
      id: String(r.id),
      kind: String(r.kind),
      payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      attempts: Number(r.attempts),
    })) as OutboxRow[];
  }

  async markDone(id: string) {
    await this.db.update(outbox).set({ doneAt: new Date(), lastError: null }).where(eq(outbox.id, id));
  }

  async markRetry(id: string, delayMs: number, error: string) {
    await this.db
      .update(outbox)
      .set({ availableAt: new Date(Date.now() + delayMs), lastError: error.slice(0, 500) })
      .where(eq(outbox.id, id));
  }

  async markFailed(id: string, error: string) {
    await this.db
      .update(outbox)
      .set({ failedAt: new Date(), lastError: error.slice(0, 500) })
      .where(eq(outbox.id, id));
  }

  /** Deletes jobs finished before `before` (their payloads hold e-mail addresses); answers how many. */
  async purgeDone(before: Date): Promise<number> {
    const rows = await this.db
      .delete(outbox)
      .where(and(isNotNull(outbox.doneAt), lt(outbox.doneAt, before)))
      .returning({ id: outbox.id });
    return rows.length;
  }
}
