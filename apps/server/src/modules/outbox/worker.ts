import type { Logger } from 'pino';
import type { OutboxRepository } from './repository.js';

/** Carries out one job; throwing means "try again later". */
export type OutboxHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface OutboxOptions {
  /** How long a claimed job stays hidden from other workers while this one works on it. */
  leaseMs: number;
  /** Attempts before a job is given up (logged as an error and kept with `failed_at`). */
  maxAttempts: number;
  /** Delay before retry n: baseDelayMs · 2^(n-1), at most maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  batchSize: number;
  /** Finished jobs are deleted after this long (the polling loop purges them). */
  keepDoneMs: number;
}

const DEFAULTS: OutboxOptions = {
  leaseMs: 5 * 60_000,
  maxAttempts: 12,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
  batchSize: 10,
  keepDoneMs: 7 * 24 * 3600_000,
};

/**
 * Runs outbox jobs (docs/decisions/0134-mail-outbox.md): kicked right after a job is committed so
 * mail leaves at once when SMTP is up, and polled by main.ts so failed jobs are retried with
 * exponential backoff (≈ 10 s, 20 s, 40 s … 1 h, about 9 hours in all) when it comes back.
 */
export class OutboxWorker {
  private readonly handlers = new Map<string, OutboxHandler>();
  private readonly opts: OutboxOptions;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastPurge = 0;

  constructor(
    private readonly repo: OutboxRepository,
    private readonly log: Logger,
    opts: Partial<OutboxOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  on(kind: string, handler: OutboxHandler) {
    this.handlers.set(kind, handler);
  }

  /** Starts draining soon, without waiting: the caller has already answered or is about to. */
  kick() {
    if (this.stopped) return;
    setImmediate(() => void this.drain());
  }

  /** Runs every due job until none is left; concurrent calls share one run (and re-run once if asked meanwhile). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.runBatch()) > 0);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log.error({ err }, 'outbox drain failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Polls for due jobs (retries, and jobs other processes committed) every `intervalMs`. */
  start(intervalMs = 5_000) {
    this.stopped = false;
    this.timer ??= setInterval(() => void this.drain().then(() => this.purgeHourly()), intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the job in hand; unfinished jobs stay for the next process. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Deletes old finished jobs, at most once an hour; failures are only logged. */
  async purgeHourly(now = Date.now()) {
    if (now - this.lastPurge < 3600_000) return;
    this.lastPurge = now;
    try {
      const n = await this.repo.purgeDone(new Date(now - this.opts.keepDoneMs));
      if (n) this.log.info({ purged: n }, 'old outbox jobs deleted');
    } catch (err) {
      this.log.warn({ err }, 'outbox purge failed');
    }
  }

  private async runBatch(): Promise<number> {
    const jobs = await this.repo.claim(this.opts.batchSize, this.opts.leaseMs);
    for (const job of jobs) {
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for outbox job kind ${job.kind}`);
        await handler(job.payload);
        await this.repo.markDone(job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (job.attempts >= this.opts.maxAttempts) {
          this.log.error({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'outbox job given up');
          await this.repo.markFailed(job.id, message);
        } else {
          const delay = Math.min(this.opts.baseDelayMs * 2 ** (job.attempts - 1), this.opts.maxDelayMs);
          this.log.warn(
            { err: message, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay },
            'outbox job failed; will retry',
          );
          await this.repo.markRetry(job.id, delay, message);
        }
      }
    }
    return jobs.length;
  }
}
