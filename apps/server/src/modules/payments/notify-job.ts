import type { Logger } from 'pino';
import type { PaymentService } from './service.js';

/**
 * Re-tells settlements whose handler has not succeeded (decision 0333), in every API process like the
 * deadline job (decision 0305): notifications are claimed with a lease (`for update skip locked`), so
 * several processes never tell the same transition at once.
 */
export class PaymentNotifyJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly payments: PaymentService,
    private readonly log: Logger,
  ) {}

  start(intervalMs = 15_000) {
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
        const expired = await this.payments.expireStale();
        const told = await this.payments.dispatchDue();
        if (told || expired) this.log.info({ told, expired }, 'payment job');
      } catch (err) {
        this.log.error({ err }, 'payment notification job failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
