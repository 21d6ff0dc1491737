import { WEBHOOK_HEADERS } from '@travesia/contracts';
import { Agent, type Dispatcher, request } from 'undici';
import { createGuardedAgent, isForbiddenDestination } from '../../suppliers/http/guarded-agent.js';
import { signWebhook } from './webhook-signing.js';

export interface WebhookRequest {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  /** Production agencies reach public addresses only (decision 0143's guarded agent). */
  guarded: boolean;
}

export interface WebhookOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs one signed webhook and reports what happened; never throws. 2xx is delivered; any other
 * answer, a timeout or a refused destination is a failure the caller retries.
 */
export class WebhookSender {
  private readonly guarded: Dispatcher;
  private readonly open: Dispatcher;

  constructor(opts: { guarded?: Dispatcher; open?: Dispatcher } = {}) {
    this.guarded = opts.guarded ?? createGuardedAgent({ connectTimeoutMs: TIMEOUT_MS });
    this.open = opts.open ?? new Agent({ connect: { timeout: TIMEOUT_MS } });
  }

  async send(req: WebhookRequest, now = new Date()): Promise<WebhookOutcome> {
    const timestamp = Math.floor(now.getTime() / 1000);
    try {
      const res = await request(req.url, {
        method: 'POST',
        dispatcher: req.guarded ? this.guarded : this.open,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Travesia-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signWebhook(req.secret, timestamp, req.body),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.event]: req.event,
          [WEBHOOK_HEADERS.delivery]: req.deliveryId,
        },
        body: req.body,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { ok, statusCode: res.statusCode, error: ok ? null : `HTTP ${res.statusCode}` };
    } catch (err) {
      if (isForbiddenDestination(err))
        return { ok: false, statusCode: null, error: 'Destino no permitido (dirección privada o puerto no admitido)' };
      return { ok: false, statusCode: null, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
    }
  }

  async close() {
    await Promise.allSettled([this.guarded.close(), this.open.close()]);
  }
}
