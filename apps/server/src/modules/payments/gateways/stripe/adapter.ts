import type { PaymentStatus } from '../../port.js';
import { gatewayFetch, int, str } from '../http.js';
import {
  type CheckoutInput,
  type CheckoutOutput,
  type EventHints,
  type GatewayAccount,
  type GatewayEvent,
  type GatewayProvider,
  WebhookRejection,
} from '../types.js';
import { verifyStripeSignature } from './signature.js';

/** Stripe accepts `expires_at` between 30 minutes and 24 hours after the session is created. */
const MIN_EXPIRY_S = 31 * 60;
const MAX_EXPIRY_S = 23 * 3600;

const auth = (account: GatewayAccount) => ({ authorization: `Bearer ${account.credentials.secretKey}` });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface StripeEventBody {
  id?: unknown;
  type?: unknown;
  created?: unknown;
  data?: { object?: Record<string, unknown> };
}

function parse(rawBody: string): StripeEventBody | null {
  try {
    const body = JSON.parse(rawBody) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as StripeEventBody) : null;
  } catch {
    return null;
  }
}

/** The status a Checkout Session event means (docs.stripe.com/checkout/fulfillment). */
function statusOf(type: string, session: Record<string, unknown>): PaymentStatus | null {
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid' ? 'approved' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'approved';
    case 'checkout.session.async_payment_failed':
      return 'declined';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/**
 * Stripe: Checkout Sessions (form-encoded `POST /v1/checkout/sessions`), `GET /v1/balance` as the
 * connection test, refunds through `POST /v1/refunds`, and events verified with the endpoint's signing
 * secret (decision 0331).
 */
export const stripeProvider: GatewayProvider = {
  id: 'stripe',

  async testConnection(account) {
    await gatewayFetch(`${account.endpoints.api}/v1/balance`, { method: 'GET', headers: auth(account) });
  },

  async createCheckout(account, input: CheckoutInput): Promise<CheckoutOutput> {
    const now = Math.floor(Date.now() / 1000);
    const wanted = Math.floor(input.expiresAt.getTime() / 1000);
    const expiresAt = Math.min(Math.max(wanted, now + MIN_EXPIRY_S), now + MAX_EXPIRY_S);
    const params = new URLSearchParams({
      mode: 'payment',
      client_reference_id: input.paymentId,
      customer_email: input.customer.email,
      success_url: input.returnUrl,
      cancel_url: input.returnUrl,
      expires_at: String(expiresAt),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': input.currency.toLowerCase(),
      'line_items[0][price_data][unit_amount]': String(input.amountMinor),
      'line_items[0][price_data][product_data][name]': input.description,
      'metadata[payment_id]': input.paymentId,
      'payment_intent_data[metadata][payment_id]': input.paymentId,
    });
    const body = (await gatewayFetch(`${account.endpoints.api}/v1/checkout/sessions`, {
      method: 'POST',
      // Our payment id as the idempotency key: a retried call never opens a second session.
      headers: { ...auth(account), ...form, 'idempotency-key': `checkout-${input.paymentId}` },
      body: params.toString(),
    })) as Record<string, unknown>;
    const url = str(body.url);
    const id = str(body.id);
    if (!url || !id) throw new WebhookRejection('body', 'checkout session without url');
    return { checkoutUrl: url, sessionId: id };
  },

  async refund(account, payment) {
    const body = (await gatewayFetch(`${account.endpoints.api}/v1/refunds`, {
      method: 'POST',
      headers: { ...auth(account), ...form, 'idempotency-key': `refund-${payment.gatewayReference}` },
      body: new URLSearchParams({
        payment_intent: payment.gatewayReference,
        reason: 'requested_by_customer',
        'metadata[reason]': payment.reason.slice(0, 500),
      }).toString(),
    })) as { status?: unknown };
    return body.status === 'succeeded' ? 'refunded' : 'pending';
  },

  hints(rawBody): EventHints | null {
    const object = parse(rawBody)?.data?.object;
    if (!object || typeof object !== 'object') return null;
    return { paymentId: str(object.client_reference_id), sessionId: str(object.id) };
  },

  verifyEvent(credentials, rawBody, headers, now): GatewayEvent {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string') throw new WebhookRejection('signature', 'no Stripe-Signature header');
    const verdict = verifyStripeSignature(credentials.webhookSecret ?? '', header, rawBody, Math.floor(now.getTime() / 1000));
    if (verdict !== 'ok') throw new WebhookRejection(verdict, `Stripe-Signature ${verdict}`);
    const body = parse(rawBody);
    const object = body?.data?.object;
    const id = str(body?.id);
    const created = int(body?.created);
    if (!body || !object || !id || created === null) throw new WebhookRejection('body', 'not a Stripe event');
    const type = str(body.type) ?? 'unknown';
    const isSession = object.object === 'checkout.session';
    return {
      eventId: id,
      type,
      paymentId: str(object.client_reference_id),
      sessionId: isSession ? str(object.id) : null,
      status: isSession ? statusOf(type, object) : null,
      gatewayReference: str(object.payment_intent),
      amountMinor: int(object.amount_total),
      currency: str(object.currency)?.toUpperCase() ?? null,
      occurredAt: new Date(created * 1000),
    };
  },
};
