import type { Logger } from 'pino';
import { PeriodicJob } from '../../lib/periodic-job.js';
import type { PaymentService } from './service.js';

/**
 * Re-tells settlements whose handler has not succeeded (decision 0333), in every API process like the
 * deadline job (decision 0305): notifications are claimed with a lease (`for update skip locked`), so
 * several processes never tell the same transition at once.
 */
export class PaymentNotifyJob extends PeriodicJob {
  constructor(
    private readonly payments: PaymentService,
    log: Logger,
  ) {
    super('payment job', log);
  }

  override start(intervalMs = 15_000) {
    super.start(intervalMs);
  }

  protected async pass() {
    const expired = await this.payments.expireStale();
    const told = await this.payments.dispatchDue();
    return { told, expired };
  }
}
