import type { Logger } from 'pino';

/**
 * A background pass every `intervalMs` in every API process (decision 0305): `tick()` runs one pass,
 * concurrent calls share it, a failure is logged and the next tick tries again; `stop()` waits for
 * the pass in flight. What a pass does is the subclass's `pass()`, which must be safe when several
 * processes run it at once (leases, unique rows, conditional updates).
 */
export abstract class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  protected constructor(
    private readonly name: string,
    protected readonly log: Logger,
  ) {}

  /** One pass; answers what it did, logged when anything happened. */
  protected abstract pass(): Promise<Record<string, number>>;

  start(intervalMs: number) {
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  tick(): Promise<void> {
    this.running ??= (async () => {
      try {
        const done = await this.pass();
        if (Object.values(done).some((n) => n > 0)) this.log.info(done, this.name);
      } catch (err) {
        this.log.error({ err }, `${this.name} failed`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
