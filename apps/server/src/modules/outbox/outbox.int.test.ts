import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.js';
import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { OutboxRepository } from './repository.js';
import { OutboxWorker } from './worker.js';

/** The outbox on both databases: each job runs once across several workers, failures are retried, then given up. */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const log = pino({ level: 'silent' });

describe('outbox', () => {
  it('several workers (processes) share the jobs: each runs exactly once', async () => {
    const repo = new OutboxRepository(database.db);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => repo.enqueue('count', { i })));
    const seen: number[] = [];
    const workers = [1, 2, 3].map(() => {
      const w = new OutboxWorker(new OutboxRepository(database.db), log, { batchSize: 3 });
      w.on('count', async (p) => {
        seen.push(Number(p.i));
        await new Promise((r) => setImmediate(r));
      });
      return w;
    });
    await Promise.all(workers.map((w) => w.drain()));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const rows = await database.db.select().from(outbox).where(eq(outbox.kind, 'count'));
    expect(rows.filter((r) => ids.includes(r.id) && r.doneAt && r.attempts === 1)).toHaveLength(40);
  });

  it('retries a failing job with growing delays and gives it up after maxAttempts', async () => {
    const repo = new OutboxRepository(database.db);
    const id = await repo.enqueue('flaky', {});
    let calls = 0;
    const w = new OutboxWorker(repo, log, { maxAttempts: 3, baseDelayMs: 60_000 });
    w.on('flaky', async () => {
      calls++;
      throw new Error('smtp down');
    });
    const row = async () => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const started = Date.now();
      await w.drain();
      const r = await row();
      expect(r.attempts).toBe(attempt);
      expect(r.lastError).toBe('smtp down');
      if (attempt < 3) {
        expect(r.failedAt).toBeNull();
        delays.push(r.availableAt.getTime() - started);
        await database.db.update(outbox).set({ availableAt: new Date() }).where(eq(outbox.id, id));
      } else {
        expect(r.failedAt).not.toBeNull();
      }
    }
    expect(calls).toBe(3);
    expect(delays[0]).toBeGreaterThanOrEqual(60_000);
    expect(delays[1]).toBeGreaterThanOrEqual(120_000);
    await w.drain();
    expect(calls).toBe(3);
  });

  it('a job whose worker died is claimed again when its lease ends', async () => {
    const repo = new OutboxRepository(database.db);
    const id = await repo.enqueue('lease', {});
    const [claimed] = await repo.claim(10, 60_000);
    expect(claimed.id).toBe(id);
    expect(await repo.claim(10, 60_000)).toEqual([]);
    await database.db
      .update(outbox)
      .set({ availableAt: new Date(Date.now() - 1) })
      .where(eq(outbox.id, id));
    const [again] = await repo.claim(10, 60_000);
    expect(again).toMatchObject({ id, attempts: 2 });
    await repo.markDone(id);
  });

  it('deletes finished jobs after keepDoneMs, keeping pending and failed ones', async () => {
    const repo = new OutboxRepository(database.db);
    const [old, pending, failed] = [await repo.enqueue('purge', {}), await repo.enqueue('purge', {}), await repo.enqueue('purge', {})];
    await repo.markDone(old);
    await repo.markFailed(failed, 'x');
    await database.db
      .update(outbox)
      .set({ doneAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(outbox.id, old));
    const w = new OutboxWorker(repo, log);
    await w.purgeHourly();
    const left = (await database.db.select().from(outbox).where(eq(outbox.kind, 'purge'))).map((r) => r.id);
    expect(left.sort()).toEqual([pending, failed].sort());
  });
});
