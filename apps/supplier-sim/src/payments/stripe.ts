import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultDelayMs,
  hmac,
  PAYMENT_SANDBOX_CREDENTIALS,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
  type PaymentSimState,
  randomId,
  type SimCheckout,
  type SimStatus,
  scenarioSteps,
} from './core.js';
import { checkoutPage, messagePage } from './page.js';

const C = PAYMENT_SANDBOX_CREDENTIALS.stripe;

const stripeError = (reply: FastifyReply, status: number, type: string, message: string, param?: string) =>
  reply.status(status).send({ error: { type, message, ...(param ? { param } : {}) } });
const authorized = (req: FastifyRequest) => String(req.headers.authorization ?? '') === `Bearer ${C.secretKey}`;
const formOf = (req: FastifyRequest) => new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : String(req.body ?? ''));

function session(c: SimCheckout, status: SimStatus, baseUrl: string) {
  return {
    id: c.id,
    object: 'checkout.session',
    amount_total: c.amountMinor,
    client_reference_id: c.reference,
    currency: c.currency.toLowerCase(),
    customer_email: c.customerEmail,
    expires_at: Math.floor(c.expiresAt / 1000),
    livemode: false,
    metadata: c.metadata,
    mode: 'payment',
    payment_intent: c.transactionId,
    payment_status: status === 'approved' ? 'paid' : 'unpaid',
    status: status === 'expired' ? 'expired' : status === 'pending' && !c.transactionId ? 'open' : 'complete',
    success_url: c.returnUrl,
    url: status === 'pending' && !c.transactionId ? `${baseUrl}/stripe/checkout/pay/${c.id}` : null,
  };
}

const EVENT_TYPE: Record<SimStatus, string> = {
  pending: 'checkout.session.completed',
  approved: 'checkout.session.completed',
  declined: 'checkout.session.async_payment_failed',
  expired: 'checkout.session.expired',
};

/** An event signed as docs.stripe.com/webhooks says: `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`. */
export function stripeEvent(c: SimCheckout, status: SimStatus, created: number, baseUrl: string, asyncSuccess = false) {
  const body = JSON.stringify({
    id: randomId('evt_'),
    object: 'event',
    api_version: '2024-06-20',
    created,
    livemode: false,
    type: asyncSuccess ? 'checkout.session.async_payment_succeeded' : EVENT_TYPE[status],
    data: { object: session(c, status, baseUrl) },
  });
  const t = Math.floor(Date.now() / 1000);
  return { body, headers: { 'stripe-signature': `t=${t},v1=${hmac(C.webhookSecret, `${t}.${body}`)}` } };
}

/** Stripe's API (`/v1`) and a hosted Checkout page as the adapter uses them. */
export function stripeRoutes(app: FastifyInstance, state: PaymentSimState) {
  const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host}`;

  app.get('/v1/balance', async (req, reply) => {
    if (!authorized(req)) return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
    return { object: 'balance', available: [{ amount: 0, currency: 'usd' }], livemode: false, pending: [{ amount: 0, currency: 'usd' }] };
  });

  app.post('/v1/checkout/sessions', async (req, reply) => {
    if (!authorized(req)) return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && state.idempotency.has(key)) return state.idempotency.get(key);
    const f = formOf(req);
    const amount = Number(f.get('line_items[0][price_data][unit_amount]'));
    const currency = f.get('line_items[0][price_data][currency]') ?? '';
    const expiresAt = Number(f.get('expires_at') ?? Math.floor(Date.now() / 1000) + 86_400);
    const now = Math.floor(Date.now() / 1000);
    if (f.get('mode') !== 'payment') return stripeError(reply, 400, 'invalid_request_error', 'Missing required param: mode.', 'mode');
    if (!Number.isSafeInteger(amount) || amount <= 0)
      return stripeError(reply, 400, 'invalid_request_error', 'Invalid integer', 'line_items[0][price_data][unit_amount]');
    if (!/^[a-z]{3}$/.test(currency))
      return stripeError(reply, 400, 'invalid_request_error', 'Invalid currency', 'line_items[0][price_data][currency]');
    if (!f.get('success_url'))
      return stripeError(reply, 400, 'invalid_request_error', 'Missing required param: success_url.', 'success_url');
    if (expiresAt < now + 1800 || expiresAt > now + 86_400) {
      return stripeError(
        reply,
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of f) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    const c: SimCheckout = {
      id: randomId('cs_test_'),
      gateway: 'stripe',
      reference: f.get('client_reference_id') ?? '',
      amountMinor: amount,
      currency: currency.toUpperCase(),
      customerEmail: f.get('customer_email') ?? '',
      returnUrl: f.get('success_url') ?? '',
      expiresAt: expiresAt * 1000,
      transactionId: null,
      status: 'pending',
      livemode: false,
      metadata,
      createdAt: Date.now(),
    };
    state.checkouts.set(c.id, c);
    const answer = session(c, 'pending', baseOf(req));
    if (typeof key === 'string') state.idempotency.set(key, answer);
    return answer;
  });

  app.post('/v1/refunds', async (req, reply) => {
    if (!authorized(req)) return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
    const pi = formOf(req).get('payment_intent');
    const c = [...state.checkouts.values()].find((x) => x.gateway === 'stripe' && x.transactionId === pi);
    if (!c) return stripeError(reply, 400, 'invalid_request_error', `No such payment_intent: '${pi}'`, 'payment_intent');
    if (c.status !== 'approved')
      return stripeError(reply, 400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.');
    return {
      id: randomId('re_'),
      object: 'refund',
      amount: c.amountMinor,
      currency: c.currency.toLowerCase(),
      payment_intent: pi,
      status: 'succeeded',
    };
  });

  app.get('/checkout/pay/:id', async (req, reply) => {
    const c = state.checkouts.get((req.params as { id: string }).id);
    reply.type('text/html; charset=utf-8');
    if (c?.gateway !== 'stripe') return reply.status(404).send(messagePage('Pago no encontrado', 'Este enlace de pago no existe.'));
    if (Date.now() > c.expiresAt || c.status === 'expired')
      return reply.status(410).send(messagePage('El enlace de pago venció', 'Vuelve a la tienda para generar un nuevo pago.'));
    return checkoutPage('Stripe', c, `/stripe/checkout/pay/${c.id}`);
  });

  app.post('/checkout/pay/:id', async (req, reply) => {
    const c = state.checkouts.get((req.params as { id: string }).id);
    const scenario = formOf(req).get('scenario') as PaymentScenario | null;
    if (c?.gateway !== 'stripe' || !scenario || !PAYMENT_SCENARIOS.includes(scenario)) {
      return reply.status(400).type('text/html; charset=utf-8').send(messagePage('Pago no válido', 'No encontramos este pago.'));
    }
    playStripe(state, c, scenario, defaultDelayMs(c, scenario), baseOf(req));
    return reply.redirect(c.returnUrl, 303);
  });
}

/**
 * Plays a scenario on a Stripe session: Checkout's events in order, each after its delay, each created and
 * signed when it is sent (a late payment's event is as recent as Stripe's would be).
 */
export function playStripe(state: PaymentSimState, c: SimCheckout, scenario: PaymentScenario, delayMs: number, baseUrl: string): string {
  c.transactionId ??= scenario === 'expired' ? null : randomId('pi_', 12);
  const built: { body: string; headers: Record<string, string> }[] = [];
  let at = 0;
  let last = 0;
  let sawPending = false;
  for (const [i, step] of scenarioSteps(scenario, delayMs).entries()) {
    at += step.delayMs;
    // After a `completed` with an unpaid async method, Stripe sends `async_payment_succeeded`.
    const asyncSuccess = sawPending && step.status === 'approved';
    if (step.status === 'pending') sawPending = true;
    state.later(at, async () => {
      // Each event strictly after the one before it, unless it is an older one arriving late.
      const now = Math.max(last + 1, Math.floor(Date.now() / 1000));
      const repeated = step.repeatOf !== undefined ? built[step.repeatOf] : undefined;
      // A repeated delivery is the same event, signed again at send time as Stripe does on retries.
      const event = repeated
        ? resign(repeated.body)
        : stripeEvent(c, step.status, step.backdateS ? last - step.backdateS : now, baseUrl, asyncSuccess);
      built[i] = event;
      if (!step.backdateS) {
        c.status = step.status;
        last = now;
      }
      await state.post('stripe', c, step.status, event.body, event.headers);
    });
  }
  return c.transactionId ?? c.id;
}

function resign(body: string) {
  const t = Math.floor(Date.now() / 1000);
  return { body, headers: { 'stripe-signature': `t=${t},v1=${hmac(C.webhookSecret, `${t}.${body}`)}` } };
}
