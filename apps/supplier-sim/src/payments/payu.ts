import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  defaultDelayMs,
  md5,
  PAYMENT_SANDBOX_CREDENTIALS,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
  type PaymentSimState,
  type SimCheckout,
  type SimStatus,
  scenarioSteps,
} from './core.js';
import { checkoutPage, decimalsOf, messagePage } from './page.js';

const C = PAYMENT_SANDBOX_CREDENTIALS.payu;

/** `state_pol` / `response_code_pol` / `response_message_pol` of the confirmation page (developers.payulatam.com). */
const STATE: Record<SimStatus, { state: string; code: string; message: string }> = {
  pending: { state: '7', code: '25', message: 'PENDING_TRANSACTION_CONFIRMATION' },
  approved: { state: '4', code: '1', message: 'APPROVED' },
  declined: { state: '6', code: '5', message: 'ENTITY_DECLINED' },
  expired: { state: '5', code: '20', message: 'EXPIRED_TRANSACTION' },
};
const TX_STATE: Record<SimStatus, string> = { pending: 'PENDING', approved: 'APPROVED', declined: 'DECLINED', expired: 'EXPIRED' };

const formOf = (req: FastifyRequest) => new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : String(req.body ?? ''));
const jsonOf = (req: FastifyRequest): Record<string, unknown> => {
  try {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : req.body;
    const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const uuid = () => randomUUID();

/** PayU's `new_value` rule, written apart from the platform's: 150.00 → 150.0, 150.26 → 150.26. */
function newValue(value: string): string {
  const [int, dec = ''] = value.split('.');
  const d = dec.padEnd(2, '0');
  return d[1] === '0' ? `${int}.${d[0]}` : `${int}.${d}`;
}

/** `2015-05-27 13:07:35`, Bogotá time, as PayU writes `transaction_date`. */
function payuDate(ms: number): string {
  return new Date(ms - 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function amountOf(c: SimCheckout): string {
  const digits = decimalsOf(c.currency);
  return (c.amountMinor / 10 ** digits).toFixed(Math.max(digits, 2));
}

/**
 * A confirmation-page POST (form-encoded) for one transaction of the checkout, signed as "Confirmation
 * Page" → "Signature validation" says: MD5 of `ApiKey~merchant_id~reference_sale~new_value~currency~state_pol`.
 */
export function payuConfirmation(c: SimCheckout, status: SimStatus, transactionId: string, at: number) {
  const s = STATE[status];
  const value = amountOf(c);
  const sign = md5(`${C.apiKey}~${C.merchantId}~${c.reference}~${newValue(value)}~${c.currency}~${s.state}`);
  const body = new URLSearchParams({
    merchant_id: C.merchantId,
    state_pol: s.state,
    risk: '0.0',
    response_code_pol: s.code,
    reference_sale: c.reference,
    reference_pol: c.metadata.orderId,
    sign,
    extra1: '',
    extra2: '',
    payment_method: '10',
    payment_method_type: '2',
    installments_number: '1',
    value,
    tax: '0.00',
    additional_value: '0.00',
    transaction_date: payuDate(at),
    currency: c.currency,
    email_buyer: c.customerEmail,
    test: '1',
    description: c.metadata.description ?? '',
    response_message_pol: s.message,
    transaction_id: transactionId,
    payment_method_name: 'VISA',
    attempts: '1',
  }).toString();
  return { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** The transactions of a checkout as the Queries API lists them. */
function order(c: SimCheckout) {
  return {
    id: Number(c.metadata.orderId),
    accountId: Number(C.accountId),
    status: c.status === 'approved' ? 'CAPTURED' : c.status === 'declined' ? 'DECLINED' : 'IN_PROGRESS',
    referenceCode: c.reference,
    description: c.metadata.description ?? '',
    language: 'es',
    notifyUrl: c.metadata.confirmationUrl ?? null,
    buyer: { emailAddress: c.customerEmail },
    isTest: true,
    transactions: c.transactionId
      ? [{ id: c.transactionId, type: 'AUTHORIZATION_AND_CAPTURE', transactionResponse: { state: TX_STATE[c.status] } }]
      : [],
  };
}

/** PayU's Payments and Queries APIs (`/payments-api/4.0/service.cgi`, `/reports-api/4.0/service.cgi`) and WebCheckout. */
export function payuRoutes(app: FastifyInstance, state: PaymentSimState) {
  /** PayU answers refused credentials with HTTP 200 and `code: "ERROR"` (decision 0520). */
  const authorized = (b: Record<string, unknown>) => {
    const m = (b.merchant ?? {}) as Record<string, unknown>;
    return m.apiLogin === C.apiLogin && m.apiKey === C.apiKey;
  };
  const error = (message: string) => ({ code: 'ERROR', error: message, result: null });

  app.post('/reports-api/4.0/service.cgi', async (req) => {
    const b = jsonOf(req);
    if (!authorized(b)) return error('Credenciales inválidas');
    if (b.command === 'PING') return { code: 'SUCCESS', error: null, result: null };
    if (b.command === 'ORDER_DETAIL_BY_REFERENCE_CODE') {
      const ref = ((b.details ?? {}) as Record<string, unknown>).referenceCode;
      const found = [...state.checkouts.values()].filter((c) => c.gateway === 'payu' && c.reference === ref);
      return { code: 'SUCCESS', error: null, result: { payload: found.length ? found.map(order) : null } };
    }
    return error(`Comando no soportado: ${String(b.command)}`);
  });

  app.post('/payments-api/4.0/service.cgi', async (req) => {
    const b = jsonOf(req);
    if (!authorized(b)) return error('Credenciales inválidas');
    if (b.command === 'PING') return { code: 'SUCCESS', error: null, transactionResponse: null };
    const tx = (b.transaction ?? {}) as Record<string, unknown>;
    if (b.command !== 'SUBMIT_TRANSACTION' || tx.type !== 'REFUND') return error('Operación no soportada por el simulador');
    const orderId = String(((tx.order ?? {}) as Record<string, unknown>).id ?? '');
    const c = [...state.checkouts.values()].find(
      (x) => x.gateway === 'payu' && x.metadata.orderId === orderId && x.transactionId === tx.parentTransactionId,
    );
    if (!c) return error('La orden o la transacción no existen');
    if (c.status !== 'approved') return error('La transacción no está aprobada');
    // PayU reviews refunds: the answer is PENDING (developers.payulatam.com, "Voids and Refunds API").
    return {
      code: 'SUCCESS',
      error: null,
      transactionResponse: {
        orderId: Number(orderId),
        transactionId: null,
        state: 'PENDING',
        pendingReason: 'PENDING_REVIEW',
        responseCode: null,
        operationDate: Date.now(),
      },
    };
  });

  app.post('/ppp-web-gateway-payu/', async (req, reply) => {
    const f = formOf(req);
    reply.type('text/html; charset=utf-8');
    const amount = f.get('amount') ?? '';
    const currency = f.get('currency') ?? '';
    const reference = f.get('referenceCode') ?? '';
    if (
      f.get('merchantId') !== C.merchantId ||
      f.get('accountId') !== C.accountId ||
      !reference ||
      !/^\d+(\.\d{1,2})?$/.test(amount) ||
      !/^[A-Z]{3}$/.test(currency) ||
      !f.get('buyerEmail')
    ) {
      return reply.status(400).send(messagePage('Solicitud de pago no válida', 'Faltan datos del pago o el comercio no es válido.'));
    }
    if (f.get('signature') !== md5(`${C.apiKey}~${C.merchantId}~${reference}~${amount}~${currency}`))
      return reply.status(400).send(messagePage('Firma no válida', 'La firma no corresponde al pago.'));
    let c = [...state.checkouts.values()].find((x) => x.gateway === 'payu' && x.reference === reference);
    if (!c) {
      c = {
        id: `payu_${uuid()}`,
        gateway: 'payu',
        reference,
        amountMinor: Math.round(Number(amount) * 10 ** decimalsOf(currency)),
        currency,
        customerEmail: f.get('buyerEmail') ?? '',
        returnUrl: f.get('responseUrl') ?? '',
        // WebCheckout has no expiry for card payments (only `expirationDate` for cash).
        expiresAt: Number.POSITIVE_INFINITY,
        transactionId: null,
        status: 'pending',
        livemode: false,
        metadata: {
          orderId: String(Math.floor(Math.random() * 900_000_000) + 100_000_000),
          confirmationUrl: f.get('confirmationUrl') ?? '',
          description: f.get('description') ?? '',
        },
        createdAt: Date.now(),
      };
      state.checkouts.set(c.id, c);
    }
    if (c.status !== 'pending')
      return reply.status(409).send(messagePage('Pago ya procesado', 'Esta referencia ya tiene un pago finalizado.'));
    return checkoutPage('PayU', c, `/payu/checkout/pay/${c.id}`);
  });

  app.post('/checkout/pay/:id', async (req, reply) => {
    const c = state.checkouts.get((req.params as { id: string }).id);
    const scenario = formOf(req).get('scenario') as PaymentScenario | null;
    if (c?.gateway !== 'payu' || !scenario || !PAYMENT_SCENARIOS.includes(scenario)) {
      return reply.status(400).type('text/html; charset=utf-8').send(messagePage('Pago no válido', 'No encontramos este pago.'));
    }
    const txId = playPayu(state, c, scenario, defaultDelayMs(c, scenario));
    if (!c.returnUrl) return reply.type('text/html; charset=utf-8').send(messagePage('Pago enviado', 'Puedes volver a la tienda.'));
    const q = new URLSearchParams({
      merchantId: C.merchantId,
      referenceCode: c.reference,
      transactionId: txId,
      lapTransactionState: 'PENDING',
    });
    return reply.redirect(`${c.returnUrl}${c.returnUrl.includes('?') ? '&' : '?'}${q.toString()}`, 303);
  });
}

/**
 * Plays a scenario on a PayU checkout. PayU calls the confirmation page only for finished transactions
 * (approved, declined, expired): a pending one is visible in the Queries API only. Its retries resend
 * the same POST; "out of order" is PayU's documented payment retry: a declined attempt of the same
 * reference, with its own transaction id, confirmed after the approved one.
 */
export function playPayu(state: PaymentSimState, c: SimCheckout, scenario: PaymentScenario, delayMs: number): string {
  c.transactionId ??= uuid();
  const txId = c.transactionId;
  const built: { body: string; headers: Record<string, string> }[] = [];
  let at = 0;
  const now = Date.now();
  for (const [i, step] of scenarioSteps(scenario, delayMs).entries()) {
    at += step.delayMs;
    if (step.status === 'pending' && !step.backdateS) {
      const status = step.status;
      state.later(at, async () => {
        c.status = status;
      });
      continue;
    }
    const event =
      step.repeatOf !== undefined
        ? built[step.repeatOf]
        : step.backdateS
          ? payuConfirmation(c, 'declined', uuid(), now - step.backdateS * 1000)
          : payuConfirmation(c, step.status, txId, now + at);
    built[i] = event;
    const shown: SimStatus = step.backdateS ? 'declined' : step.status;
    state.later(at, async () => {
      if (!step.backdateS) c.status = step.status;
      await state.post('payu', c, shown, event.body, event.headers);
    });
  }
  return txId;
}
