import type { Logger } from 'pino';
import type { SecretBox } from '../../lib/secret-box.js';
import { webhookSecretAad } from './service.js';
import type { WebhookRepository } from './webhook-repository.js';
import type { WebhookSender } from './webhook-sender.js';

/** Attempts of one delivery before it is marked failed (with the outbox's backoff: ≈ 10 s … 21 min, about 42 min in all). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * The outbox handler of `webhook.deliver` jobs (decision 0261): sends the delivery's stored payload,
 * signed with the endpoint's secret, and records the attempt in the delivery log. A failure throws, so
 * the outbox retries it with exponential backoff, until WEBHOOK_MAX_ATTEMPTS; then the delivery is
 * marked failed (and "reenviar" can queue it again). A deleted or paused endpoint ends the delivery.
 */
export function webhookDeliveryHandler(deps: {
  webhooks: WebhookRepository;
  sender: WebhookSender;
  secrets: () => SecretBox;
  log: Logger;
  maxAttempts?: number;
}) {
  const maxAttempts = deps.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  return async (payload: Record<string, unknown>) => {
    const found = await deps.webhooks.forSending(String(payload.deliveryId));
    if (!found || found.delivery.status === 'delivered') return;
    const { delivery, endpoint } = found;
    if (!endpoint.active || endpoint.deletedAt) {
      await deps.webhooks.recordAttempt(delivery.id, { status: 'failed', statusCode: null, error: 'Webhook desactivado o eliminado' });
      return;
    }
    const outcome = await deps.sender.send({
      url: endpoint.url,
      secret: deps.secrets().open(endpoint.secretSealed, webhookSecretAad(endpoint.id)),
      event: delivery.event,
      deliveryId: delivery.id,
      body: JSON.stringify(delivery.payload),
      guarded: found.agencyMode === 'production',
    });
    const lastTry = delivery.attempts + 1 >= maxAttempts;
    const status = outcome.ok ? 'delivered' : lastTry ? 'failed' : 'pending';
    await deps.webhooks.recordAttempt(delivery.id, { status, statusCode: outcome.statusCode, error: outcome.error });
    if (!outcome.ok && !lastTry) throw new Error(`webhook delivery failed: ${outcome.error}`);
    if (!outcome.ok) deps.log.warn({ deliveryId: delivery.id, endpointId: endpoint.id }, 'webhook delivery given up');
  };
}
