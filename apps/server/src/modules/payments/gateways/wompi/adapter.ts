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
import { checksumMatches, wompiEventChecksum, wompiIntegritySignature } from './signature.js';

/** Wompi retries an event 3 times within 24 h (30 min, 3 h, 24 h): a retried event keeps its timestamp. */
const MAX_AGE_S = 25 * 3600;
const MAX_SKEW_S = 300;

const STATUS: Record<string, PaymentStatus> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  DECLINED: 'declined',
  ERROR: 'error',
  VOIDED: 'refunded',
};

interface WompiEventBody {
  event?: unknown;
  data?: { transaction?: Record<string, unknown> };
  signature?: { properties?: unknown; checksum?: unknown };
  timestamp?: unknown;
}

function parse(rawBody: string): WompiEventBody | null {
  try {
    const body = JSON.parse(rawBody) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as WompiEventBody) : null;
  } catch {
    return null;
  }
}

/**
 * Wompi (Colombia): Web Checkout by redirect with an integrity signature, the transactions API with the
 * private key, and `transaction.updated` events checked with the events secret (decision 0331).
 */
export const wompiProvider: GatewayProvider = {
  id: 'wompi',

  async testConnection(account: GatewayAccount) {
    const { publicKey, privateKey } = account.credentials;
    // The merchant behind the public key, then a search with the private key: both keys checked.
    await gatewayFetch(`${account.endpoints.api}/merchants/${encodeURIComponent(publicKey)}`, { method: 'GET' });
    await gatewayFetch(`${account.endpoints.api}/transactions?reference=${encodeURIComponent('travesia-connection-test')}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${privateKey}` },
    });
  },

  async createCheckout(account: GatewayAccount, input: CheckoutInput): Promise<CheckoutOutput> {
    const expirationTime = input.expiresAt.toISOString();
    const signature = wompiIntegritySignature({
      reference: input.paymentId,
      amountInCents: input.amountMinor,
      currency: input.currency,
      expirationTime,
      integritySecret: account.credentials.integritySecret,
    });
    const q = new URLSearchParams({
      'public-key': account.credentials.publicKey,
      currency: input.currency,
      'amount-in-cents': String(input.amountMinor),
      reference: input.paymentId,
      'signature:integrity': signature,
      'redirect-url': input.returnUrl,
      'expiration-time': expirationTime,
      'customer-data:email': input.customer.email,
      'customer-data:full-name': input.customer.fullName,
    });
    if (input.customer.phone) q.set('customer-data:phone-number', input.customer.phone);
    return { checkoutUrl: `${account.endpoints.checkout}?${q.toString()}`, sessionId: null };
  },

  async refund(account, payment) {
    // Wompi voids card transactions through the API (`POST /transactions/{id}/void`); other methods are
    // refunded from its dashboard (decision 0331, a guess about what the merchant's plan allows).
    const body = (await gatewayFetch(`${account.endpoints.api}/transactions/${encodeURIComponent(payment.gatewayReference)}/void`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.credentials.privateKey}`, 'content-type': 'application/json' },
      body: '{}',
    })) as { data?: { transaction?: { status?: unknown }; status?: unknown } };
    const status = str(body.data?.transaction?.status) ?? str(body.data?.status);
    return status === 'APPROVED' || status === 'VOIDED' ? 'refunded' : 'pending';
  },

  hints(rawBody: string): EventHints | null {
    const body = parse(rawBody);
    const tx = body?.data?.transaction;
    if (!body || !tx || typeof tx !== 'object') return null;
    return { paymentId: str(tx.reference), sessionId: null };
  },

  verifyEvent(credentials, rawBody, headers, now): GatewayEvent {
    const body = parse(rawBody);
    const tx = body?.data?.transaction;
    const given = str(body?.signature?.checksum);
    if (!body || !tx || !given) throw new WebhookRejection('body', 'not a Wompi event');
    const expected = wompiEventChecksum(body, credentials.eventsSecret ?? '');
    const header = headers['x-event-checksum'];
    if (!expected || !checksumMatches(expected, given) || (typeof header === 'string' && !checksumMatches(expected, header))) {
      throw new WebhookRejection('signature', 'checksum does not match');
    }
    const ts = Number(body.timestamp);
    const age = now.getTime() / 1000 - ts;
    if (!Number.isFinite(ts) || age > MAX_AGE_S || age < -MAX_SKEW_S)
      throw new WebhookRejection('timestamp', `timestamp ${body.timestamp}`);
    const type = str(body.event) ?? 'unknown';
    return {
      // Wompi events carry no id: the checksum is unique per event and equal on every retry of it.
      eventId: given.toLowerCase(),
      type,
      paymentId: str(tx.reference),
      sessionId: null,
      status: type === 'transaction.updated' ? (STATUS[String(tx.status)] ?? null) : null,
      gatewayReference: str(tx.id),
      amountMinor: int(tx.amount_in_cents),
      currency: str(tx.currency),
      occurredAt: new Date(ts * 1000),
    };
  },
};
