import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultDelayMs,
  hmac,
  PAYMENT_SANDBOX_CREDENTIALS,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
  type PaymentSimState,
  type SimCheckout,
  type SimStatus,
  scenarioSteps,
} from './core.js';
import { checkoutPage, decimalsOf, messagePage } from './page.js';

const C = PAYMENT_SANDBOX_CREDENTIALS.mercadopago;
const USER_ID = 1_900_100;

/** Payment `status` as `GET /v1/payments/{id}` answers it. */
const STATUS: Record<SimStatus, string> = { pending: 'in_process', approved: 'approved', declined: 'rejected', expired: 'cancelled' };

const mpError = (reply: FastifyReply, status: number, message: string, error: string) =>
  reply.status(status).send({ message, error, status, cause: [] });
const authorized = (req: FastifyRequest) => String(req.headers.authorization ?? '') === `Bearer ${C.accessToken}`;
const jsonOf = (req: FastifyRequest): Record<string, unknown> => {
  try {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : req.body;
    const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

function payment(c: SimCheckout) {
  const digits = decimalsOf(c.currency);
  const status = c.metadata.refunded ? 'refunded' : STATUS[c.status];
  return {
    id: Number(c.transactionId),
    status,
    status_detail: status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_other_reason' : status,
    external_reference: c.reference,
    transaction_amount: c.amountMinor / 10 ** digits,
    currency_id: c.currency,
    date_created: new Date(c.createdAt).toISOString(),
    date_last_updated: new Date(Number(c.metadata.updatedAt ?? c.createdAt)).toISOString(),
    date_approved: c.status === 'approved' ? new Date(Number(c.metadata.updatedAt ?? c.createdAt)).toISOString() : null,
    live_mode: false,
    payment_type_id: 'credit_card',
    payer: { email: c.customerEmail },
    metadata: { payment_id: c.reference },
  };
}

/**
 * A webhook notification as Mercado Pago sends it: the body names only the payment (`data.id`), the URL
 * is our `notification_url` plus `data.id` and `type`, and `x-signature: ts=…,v1=…` is HMAC-SHA256 with
 * the webhooks secret of `id:{data.id};request-id:{x-request-id};ts:{ts};` ("Validar origen").
 */
export function mercadoPagoNotification(c: SimCheckout, action: 'payment.created' | 'payment.updated', created: number) {
  const dataId = String(c.transactionId);
  const body = JSON.stringify({
    action,
    api_version: 'v1',
    data: { id: dataId },
    date_created: new Date(created).toISOString(),
    id: Math.floor(Math.random() * 9e11) + 1e11,
    live_mode: false,
    type: 'payment',
    user_id: String(USER_ID),
  });
  const requestId = randomUUID();
  // Seconds, as Mercado Pago's SDK reads `ts` (decision 0520).
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = hmac(C.webhookSecret, `id:${dataId};request-id:${requestId};ts:${ts};`);
  const query = new URLSearchParams(c.metadata.notifyQuery ?? '');
  query.set('data.id', dataId);
  query.set('type', 'payment');
  return { body, headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId }, query: query.toString() };
}

/** Mercado Pago's API (`/users/me`, `/checkout/preferences`, `/v1/payments`) and a Checkout Pro page. */
export function mercadoPagoRoutes(app: FastifyInstance, state: PaymentSimState) {
  const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host}`;
  const unauthorized = (reply: FastifyReply) => mpError(reply, 401, 'invalid access token', 'unauthorized');
  const byPayment = (id: string) => [...state.checkouts.values()].find((x) => x.gateway === 'mercadopago' && x.transactionId === id);

  app.get('/users/me', async (req, reply) => {
    if (!authorized(req)) return unauthorized(reply);
    return { id: USER_ID, nickname: 'TESTTRAVESIASIM', site_id: 'MCO', country_id: 'CO', email: 'test_user_sim@testuser.com' };
  });

  app.post('/checkout/preferences', async (req, reply) => {
    if (!authorized(req)) return unauthorized(reply);
    const key = req.headers['x-idempotency-key'];
    if (typeof key === 'string' && state.idempotency.has(key)) return state.idempotency.get(key);
    const b = jsonOf(req);
    const item = (Array.isArray(b.items) ? b.items[0] : null) as Record<string, unknown> | null;
    const price = Number(item?.unit_price);
    const currency = String(item?.currency_id ?? '');
    const backUrls = (b.back_urls ?? {}) as Record<string, unknown>;
    if (!item || !Number.isFinite(price) || price <= 0 || Number(item.quantity) !== 1)
      return mpError(reply, 400, 'items.unit_price invalid', 'invalid_items');
    if (!/^[A-Z]{3}$/.test(currency)) return mpError(reply, 400, 'currency_id invalid', 'bad_request');
    // Mercado Pago takes COP and CLP in whole units ("Prices in COP currency must be expressed with integer values").
    if (['COP', 'CLP'].includes(currency) && !Number.isInteger(price))
      return mpError(reply, 400, `Prices in ${currency} currency must be expressed with integer values`, 'bad_request');
    if (b.auto_return && typeof backUrls.success !== 'string')
      return mpError(reply, 400, 'auto_return invalid. back_url.success must be defined', 'invalid_auto_return');
    const notification = typeof b.notification_url === 'string' ? new URL(b.notification_url) : null;
    const id = `${USER_ID}-${randomUUID()}`;
    const c: SimCheckout = {
      id,
      gateway: 'mercadopago',
      reference: String(b.external_reference ?? ''),
      amountMinor: Math.round(price * 10 ** decimalsOf(currency)),
      currency,
      customerEmail: String(((b.payer ?? {}) as Record<string, unknown>).email ?? ''),
      returnUrl: typeof backUrls.success === 'string' ? backUrls.success : '',
      expiresAt: b.expires && typeof b.expiration_date_to === 'string' ? Date.parse(b.expiration_date_to) : Number.POSITIVE_INFINITY,
      transactionId: null,
      status: 'pending',
      livemode: false,
      metadata: { notifyQuery: notification ? notification.searchParams.toString() : '' },
      createdAt: Date.now(),
    };
    state.checkouts.set(c.id, c);
    const url = `${baseOf(req)}/mercadopago/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
    const answer = {
      id,
      collector_id: USER_ID,
      client_id: '1900100',
      date_created: new Date(c.createdAt).toISOString(),
      external_reference: c.reference,
      items: b.items,
      expires: Boolean(b.expires),
      expiration_date_to: b.expiration_date_to ?? null,
      notification_url: b.notification_url ?? null,
      init_point: url,
      sandbox_init_point: url,
    };
    if (typeof key === 'string') state.idempotency.set(key, answer);
    return answer;
  });

  app.get('/v1/payments/:id', async (req, reply) => {
    if (!authorized(req)) return unauthorized(reply);
    const c = byPayment((req.params as { id: string }).id);
    if (!c) return mpError(reply, 404, 'Payment not found', 'not_found');
    return payment(c);
  });

  app.post('/v1/payments/:id/refunds', async (req, reply) => {
    if (!authorized(req)) return unauthorized(reply);
    const key = req.headers['x-idempotency-key'];
    if (typeof key === 'string' && state.idempotency.has(key)) return state.idempotency.get(key);
    const c = byPayment((req.params as { id: string }).id);
    if (!c) return mpError(reply, 404, 'Payment not found', 'not_found');
    if (c.status !== 'approved' || c.metadata.refunded) return mpError(reply, 400, 'Invalid payment status', 'bad_request');
    c.metadata.refunded = '1';
    const answer = {
      id: Math.floor(Math.random() * 9e11) + 1e11,
      payment_id: Number(c.transactionId),
      amount: c.amountMinor / 10 ** decimalsOf(c.currency),
      status: 'approved',
      date_created: new Date().toISOString(),
    };
    if (typeof key === 'string') state.idempotency.set(key, answer);
    return answer;
  });

  app.get('/checkout/v1/redirect', async (req, reply) => {
    const c = state.checkouts.get(String((req.query as { pref_id?: string }).pref_id ?? ''));
    reply.type('text/html; charset=utf-8');
    if (c?.gateway !== 'mercadopago') return reply.status(404).send(messagePage('Pago no encontrado', 'Este enlace de pago no existe.'));
    if (Date.now() > c.expiresAt || c.status === 'expired')
      return reply.status(410).send(messagePage('El enlace de pago venció', 'Vuelve a la tienda para generar un nuevo pago.'));
    return checkoutPage('Mercado Pago', c, `/mercadopago/checkout/pay/${encodeURIComponent(c.id)}`);
  });

  app.post('/checkout/pay/:id', async (req, reply) => {
    const c = state.checkouts.get((req.params as { id: string }).id);
    const form = new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : String(req.body ?? ''));
    const scenario = form.get('scenario') as PaymentScenario | null;
    if (c?.gateway !== 'mercadopago' || !scenario || !PAYMENT_SCENARIOS.includes(scenario)) {
      return reply.status(400).type('text/html; charset=utf-8').send(messagePage('Pago no válido', 'No encontramos este pago.'));
    }
    const paymentId = playMercadoPago(state, c, scenario, defaultDelayMs(c, scenario));
    const q = new URLSearchParams({
      collection_id: paymentId,
      payment_id: paymentId,
      status: 'in_process',
      external_reference: c.reference,
      preference_id: c.id,
    });
    return reply.redirect(`${c.returnUrl}${c.returnUrl.includes('?') ? '&' : '?'}${q.toString()}`, 303);
  });
}

/**
 * Plays a scenario on a Mercado Pago preference: `payment.created` then `payment.updated` notifications,
 * each read back by the platform with `GET /v1/payments/{id}` (the status it finds is the checkout's at
 * that moment). An expired preference takes no payment and sends nothing (decision 0520). "Out of order"
 * is the `payment.created` notification delivered after the approval; "duplicate" the same one twice.
 */
export function playMercadoPago(state: PaymentSimState, c: SimCheckout, scenario: PaymentScenario, delayMs: number): string {
  c.transactionId ??= String(Math.floor(Math.random() * 9e10) + 1e10);
  const built: ReturnType<typeof mercadoPagoNotification>[] = [];
  let at = 0;
  for (const [i, step] of scenarioSteps(scenario, delayMs).entries()) {
    at += step.delayMs;
    if (step.status === 'expired') {
      c.expiresAt = Date.now();
      c.status = 'expired';
      continue;
    }
    state.later(at, async () => {
      // Built when sent (its signed `ts` is the sending time); a duplicate is the earlier notification's bytes.
      const event =
        (step.repeatOf !== undefined ? built[step.repeatOf] : undefined) ??
        mercadoPagoNotification(
          c,
          i === 0 || step.backdateS ? 'payment.created' : 'payment.updated',
          Date.now() - (step.backdateS ?? 0) * 1000,
        );
      built[i] = event;
      if (!step.backdateS) {
        c.status = step.status;
        c.metadata.updatedAt = String(Date.now());
      }
      await state.post('mercadopago', c, step.status, event.body, event.headers, event.query);
    });
  }
  return c.transactionId;
}
