import type { Logger } from 'pino';

/** What `/health/ready` reports of the demo data: all there, still loading after readiness, or given up. */
export type SeedState = 'complete' | 'running' | 'failed';

/** Between two batches: lets the requests that arrived meanwhile run their queries first. */
const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs the demo seeders no first screen needs after the server is ready (decision 0470), and keeps
 * their state for `/health/ready`. `stop()` (shutdown) ends them between two batches; the rows are
 * idempotent, so the next start resumes what is missing.
 */
export class BackgroundSeed {
  state: SeedState = 'complete';
  private readonly controller = new AbortController();
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly log: Logger) {}

  start(run: (opts: { pause: () => Promise<void>; signal: AbortSignal }) => Promise<void>) {
    this.state = 'running';
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    this.running = run({ pause: yieldToRequests, signal: this.controller.signal }).then(
      () => {
        this.state = 'complete';
        const cpu = process.cpuUsage(cpuBefore);
        this.log.info({ ms: Date.now() - started, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, 'background demo seed complete');
      },
      (err: unknown) => {
        if (this.controller.signal.aborted) {
          this.log.info('background demo seed stopped; the next start resumes it');
          return;
        }
        this.state = 'failed';
        this.log.error({ err }, 'background demo seed failed; the next start tries again');
      },
    );
  }

  /** Resolves once the seed finished (or failed); for tests and scripts. */
  settled() {
    return this.running;
  }

  async stop() {
    this.controller.abort();
    await this.running;
  }
}
