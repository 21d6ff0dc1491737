import Decimal from 'decimal.js';
import type { PaymentStatus } from '../../port.js';
import { gatewayFetch, str } from '../http.js';
import { minorUnitsOf, toMinor } from '../minor-units.js';
import {
  type CheckoutInput,
  type CheckoutOutput,
  type EventHints,
  type GatewayAccount,
  GatewayCallError,
  type GatewayEvent,
  type GatewayProvider,
  type WebhookQuery,
  WebhookRejection,
} from '../types.js';
import { mercadoPagoTimestampMs, verifyMercadoPagoSignature } from './signature.js';

/** Mercado Pago retries a notification for days; a replay only makes us read the payment again (decision 0520). */
const MAX_AGE_MS = 25 * 3_600_000;
const MAX_SKEW_MS = 300_000;

/** The query parameter of our `notification_url` naming our payment (an untrusted hint, checked after the read). */
export const MERCADO_PAGO_PAYMENT_PARAM = 'payment_id';

/** Payment `status` (mercadopago.com/developers, API reference "Obtener pago"). */
const STATUS: Record<string, PaymentStatus> = {
  pending: 'pending',
  in_process: 'pending',
  authorized: 'pending',
  approved: 'approved',
  rejected: 'declined',
  // "cancelled": cancelled by a party or its time to pay expired (an unpaid ticket or transfer).
  cancelled: 'expired',
  refunded: 'refunded',
  charged_back: 'refunded',
};

const auth = (account: GatewayAccount) => ({ authorization: `Bearer ${account.credentials.accessToken}` });
const json = { 'content-type': 'application/json' };

interface Notification {
  id?: unknown;
  type?: unknown;
  action?: unknown;
  date_created?: unknown;
  data?: { id?: unknown };
}

function parse(rawBody: string): Notification | null {
  try {
    const body = JSON.parse(rawBody) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Notification) : null;
  } catch {
    return null;
  }
}

const first = (v: string | string[] | undefined): string | null => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null)) || null;
const idOf = (v: unknown): string | null => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : str(v));

/** `data.id` as the URL carries it (the signed value), else as the body does. */
function dataIdOf(body: Notification, query: WebhookQuery | undefined): string | null {
  return first(query?.['data.id']) ?? idOf(body.data?.id);
}

/**
 * Mercado Pago Checkout Pro: preferences (`POST /checkout/preferences`), webhook notifications signed
 * with `x-signature`, the payment read with `GET /v1/payments/{id}` (a notification carries only its
 * id) and refunds with `POST /v1/payments/{id}/refunds` (decision 0520).
 */
export const mercadoPagoProvider: GatewayProvider = {
  id: 'mercadopago',

  async testConnection(account) {
    await gatewayFetch(`${account.endpoints.api}/users/me`, { method: 'GET', headers: auth(account) });
  },

  async createCheckout(account, input: CheckoutInput): Promise<CheckoutOutput> {
    const digits = minorUnitsOf(input.currency);
    const unitPrice = new Decimal(input.amountMinor).div(new Decimal(10).pow(digits)).toNumber();
    const notify = new URL(input.notifyUrl);
    notify.searchParams.set(MERCADO_PAGO_PAYMENT_PARAM, input.paymentId);
    const body = (await gatewayFetch(`${account.endpoints.api}/checkout/preferences`, {
      method: 'POST',
      headers: { ...auth(account), ...json, 'x-idempotency-key': `checkout-${input.paymentId}` },
      body: JSON.stringify({
        items: [{ id: input.paymentId, title: input.description, quantity: 1, unit_price: unitPrice, currency_id: input.currency }],
        payer: { email: input.customer.email, name: input.customer.fullName },
        external_reference: input.paymentId,
        notification_url: notify.toString(),
        back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.returnUrl },
        auto_return: 'approved',
        expires: true,
        expiration_date_from: new Date().toISOString(),
        expiration_date_to: input.expiresAt.toISOString(),
        metadata: { payment_id: input.paymentId },
      }),
    })) as Record<string, unknown>;
    const id = str(body.id);
    // Test credentials pay on the sandbox checkout when Mercado Pago answers one.
    const url = (account.mode === 'test' ? str(body.sandbox_init_point) : null) ?? str(body.init_point);
    if (!id || !url) throw new GatewayCallError('failed', 'preference without id or init_point');
    return { checkoutUrl: url, sessionId: id };
  },

  async refund(account, payment) {
    const body = (await gatewayFetch(`${account.endpoints.api}/v1/payments/${encodeURIComponent(payment.gatewayReference)}/refunds`, {
      method: 'POST',
      headers: { ...auth(account), ...json, 'x-idempotency-key': `refund-${payment.gatewayReference}` },
      // An empty body refunds the whole payment.
      body: '{}',
    })) as { status?: unknown };
    return body.status === 'approved' ? 'refunded' : 'pending';
  },

  hints(rawBody, query): EventHints | null {
    const body = parse(rawBody);
    if (!body || !dataIdOf(body, query)) return null;
    return { paymentId: first(query?.[MERCADO_PAGO_PAYMENT_PARAM]), sessionId: null };
  },

  verifyEvent(credentials, rawBody, headers, now, query): GatewayEvent {
    const body = parse(rawBody);
    const dataId = body ? dataIdOf(body, query) : null;
    if (!body || !dataId) throw new WebhookRejection('body', 'not a Mercado Pago notification');
    const header = headers['x-signature'];
    if (typeof header !== 'string') throw new WebhookRejection('signature', 'no x-signature header');
    const requestId = typeof headers['x-request-id'] === 'string' ? headers['x-request-id'] : null;
    const { verdict, ts } = verifyMercadoPagoSignature(credentials.webhookSecret ?? '', header, { dataId, requestId });
    if (verdict !== 'ok' || !ts) throw new WebhookRejection('signature', 'x-signature does not match');
    const at = mercadoPagoTimestampMs(ts);
    const age = now.getTime() - at;
    if (age > MAX_AGE_MS || age < -MAX_SKEW_MS) throw new WebhookRejection('timestamp', `ts ${ts}`);
    const type = str(body.type) ?? 'unknown';
    return {
      // The notification's own id is kept on every retry of it; the request id when it has none.
      eventId: idOf(body.id) ?? `${dataId}:${requestId ?? ts}`,
      type: `${type}:${str(body.action) ?? ''}`,
      // Known once the payment is read (`completeEvent`): the notification names only Mercado Pago's id.
      paymentId: null,
      sessionId: null,
      status: null,
      gatewayReference: type === 'payment' ? dataId : null,
      amountMinor: null,
      currency: null,
      occurredAt: new Date(at),
    };
  },

  async completeEvent(account, event): Promise<GatewayEvent> {
    if (!event.type.startsWith('payment:') || !event.gatewayReference) return event;
    const p = (await gatewayFetch(`${account.endpoints.api}/v1/payments/${encodeURIComponent(event.gatewayReference)}`, {
      method: 'GET',
      headers: auth(account),
    })) as Record<string, unknown>;
    const currency = str(p.currency_id);
    const amount = typeof p.transaction_amount === 'number' ? String(p.transaction_amount) : str(p.transaction_amount);
    const updated = str(p.date_last_updated) ?? str(p.date_created);
    const when = updated ? new Date(updated) : event.occurredAt;
    return {
      ...event,
      paymentId: str(p.external_reference),
      status: STATUS[String(p.status)] ?? null,
      amountMinor: amount && currency ? toMinor(amount, currency) : null,
      currency,
      occurredAt: Number.isNaN(when.getTime()) ? event.occurredAt : when,
    };
  },
};
