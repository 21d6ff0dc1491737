import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultDelayMs,
  PAYMENT_SANDBOX_CREDENTIALS,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
  type PaymentSimState,
  randomId,
  type SimCheckout,
  type SimStatus,
  scenarioSteps,
  sha256,
} from './core.js';
import { checkoutPage, messagePage } from './page.js';

const C = PAYMENT_SANDBOX_CREDENTIALS.wompi;
const STATUS: Record<SimStatus, string> = { pending: 'PENDING', approved: 'APPROVED', declined: 'DECLINED', expired: 'DECLINED' };

const unauthorized = (reply: FastifyReply) =>
  reply.status(401).send({ error: { type: 'INVALID_ACCESS_TOKEN', reason: 'Se esperaba una llave válida' } });
const bearer = (req: FastifyRequest) => String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

function transaction(c: SimCheckout, status: SimStatus) {
  return {
    id: c.transactionId,
    created_at: new Date(c.createdAt).toISOString(),
    amount_in_cents: c.amountMinor,
    reference: c.reference,
    customer_email: c.customerEmail,
    currency: c.currency,
    payment_method_type: 'CARD',
    redirect_url: c.returnUrl,
    status: STATUS[status],
    status_message: null,
  };
}

/** A `transaction.updated` event signed as docs.wompi.co "Eventos" says (properties + timestamp + events secret). */
export function wompiEvent(c: SimCheckout, status: SimStatus, timestamp: number): { body: string; headers: Record<string, string> } {
  const tx = transaction(c, status);
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  const checksum = sha256(`${tx.id}${tx.status}${tx.amount_in_cents}${timestamp}${C.eventsSecret}`).toUpperCase();
  const body = JSON.stringify({
    event: 'transaction.updated',
    data: { transaction: tx },
    environment: 'test',
    signature: { properties, checksum },
    timestamp,
    sent_at: new Date().toISOString(),
  });
  return { body, headers: { 'x-event-checksum': checksum } };
}

/** Wompi's API (`/v1`) and Web Checkout (`/checkout/p/`) as the adapter uses them. */
export function wompiRoutes(app: FastifyInstance, state: PaymentSimState) {
  app.get('/v1/merchants/:key', async (req, reply) => {
    const { key } = req.params as { key: string };
    if (key !== C.publicKey) return unauthorized(reply);
    return {
      data: {
        id: 1001,
        name: 'Comercio simulado Travesía',
        public_key: key,
        accepted_currencies: ['COP'],
        presigned_acceptance: { acceptance_token: 'sim', permalink: '', type: 'END_USER_POLICY' },
      },
    };
  });

  app.get('/v1/transactions', async (req, reply) => {
    if (bearer(req) !== C.privateKey) return unauthorized(reply);
    const { reference } = req.query as { reference?: string };
    return {
      data: [...state.checkouts.values()]
        .filter((c) => c.gateway === 'wompi' && c.reference === reference && c.transactionId)
        .map((c) => transaction(c, c.status)),
    };
  });

  app.get('/v1/transactions/:id', async (req, reply) => {
    const c = [...state.checkouts.values()].find((x) => x.transactionId === (req.params as { id: string }).id);
    if (!c) return reply.status(404).send({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } });
    return { data: transaction(c, c.status) };
  });

  app.post('/v1/transactions/:id/void', async (req, reply) => {
    if (bearer(req) !== C.privateKey) return unauthorized(reply);
    const c = [...state.checkouts.values()].find((x) => x.transactionId === (req.params as { id: string }).id);
    if (!c) return reply.status(404).send({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } });
    if (c.status !== 'approved')
      return reply.status(422).send({ error: { type: 'INPUT_VALIDATION_ERROR', reason: 'La transacción no está aprobada' } });
    return { data: { status: 'APPROVED', transaction: { ...transaction(c, 'approved'), status: 'VOIDED' } } };
  });

  app.get('/checkout/p/', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const amount = Number(q['amount-in-cents']);
    const sig = sha256(`${q.reference}${q['amount-in-cents']}${q.currency}${q['expiration-time'] ?? ''}${C.integritySecret}`);
    reply.type('text/html; charset=utf-8');
    if (
      q['public-key'] !== C.publicKey ||
      !q.reference ||
      !Number.isSafeInteger(amount) ||
      amount <= 0 ||
      !q.currency ||
      !q['redirect-url']
    ) {
      return reply.status(400).send(messagePage('Enlace de pago no válido', 'Faltan datos del pago o la llave pública no es válida.'));
    }
    if (q['signature:integrity'] !== sig)
      return reply.status(400).send(messagePage('Firma no válida', 'La firma de integridad no corresponde al pago.'));
    const expiresAt = q['expiration-time'] ? Date.parse(q['expiration-time']) : Number.POSITIVE_INFINITY;
    let c = [...state.checkouts.values()].find((x) => x.gateway === 'wompi' && x.reference === q.reference);
    if (!c) {
      c = {
        id: randomId('wchk_', 8),
        gateway: 'wompi',
        reference: q.reference,
        amountMinor: amount,
        currency: q.currency,
        customerEmail: q['customer-data:email'] ?? '',
        returnUrl: q['redirect-url'],
        expiresAt,
        transactionId: null,
        status: 'pending',
        livemode: false,
        metadata: {},
        createdAt: Date.now(),
      };
      state.checkouts.set(c.id, c);
    }
    if (Date.now() > c.expiresAt)
      return reply.status(410).send(messagePage('El enlace de pago venció', 'Vuelve a la tienda para generar un nuevo pago.'));
    return checkoutPage('Wompi', c, `/wompi/checkout/pay/${c.id}`);
  });

  app.post('/checkout/pay/:id', async (req, reply) => {
    const c = state.checkouts.get((req.params as { id: string }).id);
    const body = new URLSearchParams(String(req.body ?? ''));
    const scenario = body.get('scenario') as PaymentScenario | null;
    if (c?.gateway !== 'wompi' || !scenario || !PAYMENT_SCENARIOS.includes(scenario)) {
      return reply.status(400).type('text/html; charset=utf-8').send(messagePage('Pago no válido', 'No encontramos este pago.'));
    }
    const txId = playWompi(state, c, scenario, defaultDelayMs(c, scenario));
    return reply.redirect(`${c.returnUrl}${c.returnUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(txId)}&env=test`, 303);
  });
}

/**
 * Plays a scenario on a Wompi checkout: events sent in order, each after its delay, each built and dated
 * when it is sent (Wompi's `timestamp` is when the transaction changed); a duplicate is the earlier event's bytes.
 */
export function playWompi(state: PaymentSimState, c: SimCheckout, scenario: PaymentScenario, delayMs: number): string {
  c.transactionId ??= `${Math.floor(Math.random() * 90000) + 10000}-${Math.floor(Date.now() / 1000)}-${Math.floor(Math.random() * 90000) + 10000}`;
  const built: { body: string; headers: Record<string, string> }[] = [];
  let at = 0;
  let last = 0;
  for (const [i, step] of scenarioSteps(scenario, delayMs).entries()) {
    at += step.delayMs;
    // Wompi has no expired transaction status: a checkout past its expiration time takes no payment and
    // sends no event (decision 0332); the simulator shows the expired link instead.
    if (step.status === 'expired') {
      c.expiresAt = Date.now();
      c.status = 'expired';
      continue;
    }
    state.later(at, async () => {
      const now = Math.max(last, Math.floor(Date.now() / 1000));
      const repeated = step.repeatOf !== undefined ? built[step.repeatOf] : undefined;
      const event = repeated ?? wompiEvent(c, step.status, step.backdateS ? now - step.backdateS : now);
      built[i] = event;
      if (!step.backdateS) {
        c.status = step.status;
        last = now;
      }
      await state.post('wompi', c, step.status, event.body, event.headers);
    });
  }
  return c.transactionId;
}
