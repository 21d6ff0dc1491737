import { PAYMENT_SANDBOX_CREDENTIALS, type RunningPaymentSimulator, startPaymentSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { paymentEvents, payments, whiteLabels } from '../../db/schema/index.js';
import type { PaymentSettled } from './port.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let sim: RunningPaymentSimulator;
let wlA: string;
let wlB: string;
const settled: PaymentSettled[] = [];
const W = PAYMENT_SANDBOX_CREDENTIALS.wompi;
const S = PAYMENT_SANDBOX_CREDENTIALS.stripe;
const P = PAYMENT_SANDBOX_CREDENTIALS.payu;
const M = PAYMENT_SANDBOX_CREDENTIALS.mercadopago;
type Gateway = keyof typeof PAYMENT_SANDBOX_CREDENTIALS;

beforeAll(async () => {
  sim = await startPaymentSimulator();
  t = await createTestApp({}, { paymentSimulatorUrl: sim.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  sim.setPlatformUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  w = await makeWorld(t.app, t.database);
  const [a] = await t.database.db
    .insert(whiteLabels)
    .values({ agencyId: w.agencyA.id, name: 'Tienda A', slug: `tienda-a-${Date.now()}`, currency: 'COP' })
    .returning();
  const [b] = await t.database.db
    .insert(whiteLabels)
    .values({ agencyId: w.agencyB.id, name: 'Tienda B', slug: `tienda-b-${Date.now()}` })
    .returning();
  wlA = a.id;
  wlB = b.id;
  t.app.services.payments.onSettled(async (e) => {
    settled.push(e);
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const base = (wl: string) => `/api/whitelabel/${wl}/payment-gateways`;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

async function configure(gateway: Gateway, wl = wlA) {
  const existing = (await inject('GET', base(wl), w.headers.admin)).json() as { _id: string; gateway: string }[];
  const found = existing.find((g) => g.gateway === gateway);
  const credentials = { test: { ...PAYMENT_SANDBOX_CREDENTIALS[gateway] } };
  const res = found
    ? await inject('PUT', `${base(wl)}/${found._id}`, w.headers.admin, { mode: 'test', credentials })
    : await inject('POST', base(wl), w.headers.admin, { gateway, mode: 'test', credentials });
  expect([200, 201]).toContain(res.statusCode);
  const id = res.json()._id as string;
  expect((await inject('POST', `${base(wl)}/${id}/activate`, w.headers.admin)).statusCode).toBe(200);
  return id;
}

const checkout = (amount = '150000.00', currency = 'COP') =>
  t.app.services.payments.startCheckout({
    whiteLabelId: wlA,
    agencyId: w.agencyA.id,
    orderId: `order-${Math.random().toString(36).slice(2, 8)}`,
    amount,
    currency,
    customer: { email: 'viajero@example.com', fullName: 'Ana Viajera' },
    returnUrl: 'http://travesia.test/s/tienda/gracias',
    expiresAt: new Date(Date.now() + 20 * 60_000),
  });

/** The traveller goes to PayU: our page holds the signed form, the browser POSTs it to the gateway. */
async function submitPayuForm(paymentId: string) {
  const [p] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  expect(p.checkoutUrl).toBe(`http://travesia.test/api/payments/${paymentId}/checkout`);
  const page = await t.app.inject({ method: 'GET', url: new URL(p.checkoutUrl).pathname });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain(`form-action ${sim.url}`);
  expect(page.body).toContain(`action="${sim.url}/payu/ppp-web-gateway-payu/"`);
  expect(page.body).toContain('Continuar al pago en PayU');
  const form = p.checkoutForm;
  if (!form) throw new Error('no PayU form');
  const res = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
  });
  expect(res.status).toBe(200);
  return res;
}

async function pay(gateway: Gateway, paymentId: string, scenario: string, delayMs = 100) {
  if (gateway === 'payu') await submitPayuForm(paymentId);
  if (gateway === 'wompi' || gateway === 'mercadopago') {
    // The traveller opens the hosted checkout (the simulator checks Wompi's integrity signature there).
    const [p] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const page = await fetch(p.checkoutUrl);
    expect(page.status).toBe(200);
  }
  const [p] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  const res = await fetch(`${sim.url}/_sim/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ gateway, reference: paymentId, sessionId: p.gatewaySessionId ?? undefined, scenario, delayMs }),
  });
  expect(res.status).toBe(200);
}

const statusOf = async (id: string) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0].status;
const settledFor = (id: string) => settled.filter((e) => e.paymentId === id);
/** The first `n` deliveries were sent and answered by the platform. */
const deliveriesFor = (n: number) =>
  sim.state.deliveries.length >= n && sim.state.deliveries.slice(0, n).every((d) => d.httpStatus !== null);

describe('payment gateways: configuration endpoints', () => {
  it('creates a Wompi gateway with masked secrets, refuses wrong prefixes, masks and keeps secrets on edit', async () => {
    const bad = await inject('POST', base(wlA), w.headers.admin, {
      gateway: 'wompi',
      credentials: { test: { publicKey: 'pub_prod_x', privateKey: 'prv_test_x', integritySecret: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'credentials.test.publicKey': 'Debe empezar por pub_test_',
      'credentials.test.eventsSecret': 'Este dato es obligatorio',
    });

    const res = await inject('POST', base(wlA), w.headers.admin, { gateway: 'wompi', mode: 'test', credentials: { test: { ...W } } });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g.credentials.test.publicKey).toBe(W.publicKey);
    expect(g.credentials.test.privateKey).toBe('••••••_sim');
    expect(JSON.stringify(g)).not.toContain(W.eventsSecret);
    expect(g.webhookUrl).toBe('http://travesia.test/api/payments/webhook/wompi');
    expect(g.active).toBe(false);

    const again = await inject('POST', base(wlA), w.headers.admin, { gateway: 'wompi', credentials: { test: { ...W } } });
    expect(again.statusCode).toBe(409);

    // The mask sent back keeps the stored secret; a typed value replaces it.
    const edit = await inject('PUT', `${base(wlA)}/${g._id}`, w.headers.admin, { credentials: { test: { ...g.credentials.test } } });
    expect(edit.statusCode).toBe(200);
    const test = await inject('POST', `${base(wlA)}/${g._id}/test`, w.headers.admin);
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ success: true, ok: true, msg: 'Conexión exitosa' });
    const list = (await inject('GET', base(wlA), w.headers.admin)).json();
    expect(list[0].lastTest).toMatchObject({ ok: true, msg: 'Conexión exitosa' });
  });

  it('answers 422 in Spanish when the gateway refuses the keys, for Wompi and Stripe', async () => {
    const wompi = (await inject('GET', base(wlA), w.headers.admin)).json().find((g: { gateway: string }) => g.gateway === 'wompi');
    await inject('PUT', `${base(wlA)}/${wompi._id}`, w.headers.admin, { credentials: { test: { privateKey: 'prv_test_wrong' } } });
    const res = await inject('POST', `${base(wlA)}/${wompi._id}/test`, w.headers.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('La pasarela rechazó las credenciales: revisa las llaves');
    const stripe = await inject('POST', base(wlA), w.headers.admin, {
      gateway: 'stripe',
      credentials: { test: { secretKey: 'sk_test_wrong', webhookSecret: 'whsec_x' } },
    });
    expect(stripe.statusCode).toBe(201);
    const sres = await inject('POST', `${base(wlA)}/${stripe.json()._id}/test`, w.headers.admin);
    expect(sres.statusCode).toBe(422);
    // Live mode without live keys cannot be tested nor activated.
    await inject('PUT', `${base(wlA)}/${stripe.json()._id}`, w.headers.admin, { mode: 'live' });
    expect((await inject('POST', `${base(wlA)}/${stripe.json()._id}/test`, w.headers.admin)).statusCode).toBe(400);
    expect((await inject('POST', `${base(wlA)}/${stripe.json()._id}/activate`, w.headers.admin)).statusCode).toBe(400);
  });

  it('creates PayU and Mercado Pago gateways with masked secrets and tests their keys against the simulator', async () => {
    for (const [gateway, creds, secret] of [
      ['payu', P, P.apiKey],
      ['mercadopago', M, M.accessToken],
    ] as const) {
      const incomplete = await inject('POST', base(wlB), w.headers.adminB, {
        gateway,
        credentials: { test: { [Object.keys(creds)[0]]: 'x' } },
      });
      expect(incomplete.statusCode).toBe(400);
      expect(Object.values(incomplete.json().fields)).toContain('Este dato es obligatorio');
      const res = await inject('POST', base(wlB), w.headers.adminB, { gateway, mode: 'test', credentials: { test: { ...creds } } });
      expect(res.statusCode).toBe(201);
      const g = res.json();
      expect(JSON.stringify(g)).not.toContain(secret);
      expect(g.webhookUrl).toBe(`http://travesia.test/api/payments/webhook/${gateway}`);
      const ok = await inject('POST', `${base(wlB)}/${g._id}/test`, w.headers.adminB);
      expect(ok.json()).toEqual({ success: true, ok: true, msg: 'Conexión exitosa' });
      const wrong = gateway === 'payu' ? { apiKey: 'otra-llave' } : { accessToken: 'TEST-otro-token' };
      await inject('PUT', `${base(wlB)}/${g._id}`, w.headers.adminB, { credentials: { test: wrong } });
      const refused = await inject('POST', `${base(wlB)}/${g._id}/test`, w.headers.adminB);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().msg).toBe('La pasarela rechazó las credenciales: revisa las llaves');
      expect((await inject('DELETE', `${base(wlB)}/${g._id}`, w.headers.adminB)).statusCode).toBe(200);
    }
  });

  it('keeps one active gateway per white label and refuses deleting it', async () => {
    const wompiId = await configure('wompi');
    const stripeId = await configure('stripe');
    const list = (await inject('GET', base(wlA), w.headers.admin)).json() as { _id: string; active: boolean }[];
    expect(list.filter((g) => g.active).map((g) => g._id)).toEqual([stripeId]);
    expect((await inject('DELETE', `${base(wlA)}/${stripeId}`, w.headers.admin)).statusCode).toBe(409);
    await configure('wompi');
    expect((await inject('GET', base(wlA), w.headers.admin)).json().find((g: { _id: string }) => g._id === wompiId).active).toBe(true);
  });

  it('scopes by agency: another agency gets 404, staff without the permission 403, super any', async () => {
    expect((await inject('GET', base(wlA), w.headers.adminB)).statusCode).toBe(404);
    expect((await inject('GET', `/api/whitelabel/${wlA}/payments`, w.headers.adminB)).statusCode).toBe(404);
    expect((await inject('GET', base(wlA), w.headers.adviser)).statusCode).toBe(403);
    expect((await inject('GET', base(wlA), w.headers.super)).statusCode).toBe(200);
    expect((await inject('GET', base(wlB), w.headers.adminB)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: base(wlA) })).statusCode).toBe(401);
  });
});

describe('payments over real HTTP: the simulator pays and signs, the platform verifies', () => {
  for (const gateway of ['wompi', 'stripe', 'payu', 'mercadopago'] as const) {
    describe(gateway, () => {
      beforeAll(async () => {
        await configure(gateway);
      });

      it('approved: one approval told once, listed with its reference', async () => {
        const s = await checkout();
        await pay(gateway, s.paymentId, 'approved', 0);
        await vi.waitFor(() => expect(settledFor(s.paymentId)).toHaveLength(1), { timeout: 30_000 });
        expect(settledFor(s.paymentId)[0]).toMatchObject({ status: 'approved', amount: '150000.00', currency: 'COP', gateway });
        expect(settledFor(s.paymentId)[0].gatewayReference).not.toBe('');
        const list = (await inject('GET', `/api/whitelabel/${wlA}/payments`, w.headers.admin)).json().docs;
        expect(list.find((p: { _id: string }) => p._id === s.paymentId)).toMatchObject({ status: 'approved', gateway });
      });

      it('declined: told once as declined', async () => {
        const s = await checkout();
        await pay(gateway, s.paymentId, 'declined', 0);
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['declined']), { timeout: 30_000 });
      });

      it('pending then approved: the approval is told once, the pending is not a settlement', async () => {
        const s = await checkout();
        const before = sim.state.deliveries.length;
        await pay(gateway, s.paymentId, 'pending-then-approved', 100);
        // PayU calls the confirmation page only for finished transactions: the pending sends nothing.
        await vi.waitFor(() => expect(deliveriesFor(before + (gateway === 'payu' ? 1 : 2))).toBe(true), { timeout: 30_000 });
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['approved']), { timeout: 30_000 });
      });

      it('duplicate event: acknowledged, recorded once, told once', async () => {
        const s = await checkout();
        const before = sim.state.deliveries.length;
        await pay(gateway, s.paymentId, 'duplicate', 0);
        await vi.waitFor(
          () => expect(sim.state.deliveries.slice(before).every((d) => d.httpStatus === 200) && deliveriesFor(before + 2)).toBe(true),
          {
            timeout: 30_000,
          },
        );
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['approved']), { timeout: 30_000 });
        const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, s.paymentId));
        expect(events).toHaveLength(1);
      });

      it('events out of order: the older pending event after the approval changes nothing', async () => {
        const s = await checkout();
        const before = sim.state.deliveries.length;
        await pay(gateway, s.paymentId, 'out-of-order', 0);
        await vi.waitFor(() => expect(deliveriesFor(before + 2)).toBe(true), { timeout: 30_000 });
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['approved']), { timeout: 30_000 });
        expect(await statusOf(s.paymentId)).toBe('approved');
      });

      it('expired, then a late approval: both told, the approval is never lost', async () => {
        const s = await checkout();
        await pay(gateway, s.paymentId, 'expired', 0);
        if (gateway === 'wompi' || gateway === 'mercadopago') {
          // Wompi and Mercado Pago send nothing for an unpaid checkout: the payment job expires it after the grace.
          await t.app.services.payments.expireStale(new Date(Date.now() + 3_600_000));
        }
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['expired']), { timeout: 30_000 });
        const late = await checkout();
        await pay(gateway, late.paymentId, 'late-approval', 300);
        await vi.waitFor(() => expect(settledFor(late.paymentId).map((e) => e.status)).toEqual(['approved']), { timeout: 30_000 });
      });

      it('refund of an approved payment through the gateway: told once as refunded (PayU: pending its review)', async () => {
        const s = await checkout();
        await pay(gateway, s.paymentId, 'approved', 0);
        await vi.waitFor(() => expect(settledFor(s.paymentId)).toHaveLength(1), { timeout: 30_000 });
        if (gateway === 'payu') {
          expect(await t.app.services.payments.refund(s.paymentId, 'La reserva falló en el proveedor')).toEqual({ status: 'pending' });
          expect(await statusOf(s.paymentId)).toBe('approved');
          return;
        }
        expect(await t.app.services.payments.refund(s.paymentId, 'La reserva falló en el proveedor')).toEqual({ status: 'refunded' });
        await vi.waitFor(() => expect(settledFor(s.paymentId).map((e) => e.status)).toEqual(['approved', 'refunded']), { timeout: 30_000 });
      });
    });
  }
});

describe('webhook refusals: nothing changes', () => {
  it('a bad signature, a too-old timestamp, an unknown payment and a different amount are 4xx in Spanish', async () => {
    await configure('stripe');
    const s = await checkout('99.50', 'USD');
    const body = (status: string, amount = 9950) =>
      JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_x',
            object: 'checkout.session',
            client_reference_id: s.paymentId,
            amount_total: amount,
            currency: 'usd',
            payment_status: status,
            payment_intent: 'pi_x',
          },
        },
      });
    const { createHmac } = await import('node:crypto');
    const sign = (b: string, ts = Math.floor(Date.now() / 1000), secret: string = S.webhookSecret) =>
      `t=${ts},v1=${createHmac('sha256', secret).update(`${ts}.${b}`).digest('hex')}`;
    const post = (b: string, sig: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': sig },
        payload: b,
      });

    const b1 = body('paid');
    const forged = await post(b1, sign(b1, undefined, 'whsec_other'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('Firma del evento no válida');
    const old = await post(b1, sign(b1, Math.floor(Date.now() / 1000) - 301));
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe('El evento es demasiado antiguo o su fecha no es válida');
    const b2 = body('paid', 100);
    const mismatch = await post(b2, sign(b2));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().msg).toBe('El monto o la moneda del evento no coinciden con el pago');
    // Its retry answers the same, never "duplicate, fine".
    expect((await post(b2, sign(b2))).statusCode).toBe(422);
    const unknown = JSON.parse(b1);
    unknown.data.object.client_reference_id = '00000000-0000-4000-8000-000000000000';
    unknown.data.object.id = 'cs_unknown';
    const b3 = JSON.stringify(unknown);
    expect((await post(b3, sign(b3))).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/stripe',
          headers: { 'content-type': 'text/plain' },
          payload: 'no',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook/paypal',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(400);

    expect(await statusOf(s.paymentId)).toBe('pending');
    expect(settledFor(s.paymentId)).toEqual([]);
    const good = await post(b1, sign(b1));
    expect(good.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await post(b1, sign(b1))).json()).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('PayU: a confirmation with a bad sign or another amount is refused; a closed checkout page answers 409', async () => {
    await configure('payu');
    const s = await checkout('250000.00', 'COP');
    const { createHash } = await import('node:crypto');
    const confirmation = (value: string, state = '4', apiKey: string = P.apiKey, transactionId = 'tx-1') =>
      new URLSearchParams({
        merchant_id: P.merchantId,
        state_pol: state,
        reference_sale: s.paymentId,
        reference_pol: '7069375',
        value,
        currency: 'COP',
        transaction_id: transactionId,
        transaction_date: '2026-11-25 08:00:00',
        sign: createHash('md5')
          .update(`${apiKey}~${P.merchantId}~${s.paymentId}~${value.replace(/0$/, '')}~COP~${state}`)
          .digest('hex'),
      }).toString();
    const post = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/payu',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const forged = await post(confirmation('250000.00', '4', 'otra'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('Firma del evento no válida');
    const mismatch = await post(confirmation('1000.00', '4', P.apiKey, 'tx-0'));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().msg).toBe('El monto o la moneda del evento no coinciden con el pago');
    expect(await statusOf(s.paymentId)).toBe('pending');
    expect((await post(confirmation('250000.00'))).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await post(confirmation('250000.00'))).json()).toEqual({ received: true, outcome: 'duplicate' });
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/${s.paymentId}/checkout` });
    expect(page.statusCode).toBe(409);
    expect(page.json().msg).toBe('Este pago ya no se puede pagar: vuelve a la tienda');
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/no-existe/checkout' })).statusCode).toBe(404);
    // A pending payment whose hold expired is not offered to PayU any more.
    const late = await checkout('250000.00', 'COP');
    await t.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, late.paymentId));
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${late.paymentId}/checkout` })).statusCode).toBe(409);
  });

  it('Mercado Pago: a bad x-signature, an old ts and a notification pointed at another payment are refused', async () => {
    await configure('mercadopago');
    const a = await checkout('120000.00', 'COP');
    const b = await checkout('120000.00', 'COP');
    await pay('mercadopago', a.paymentId, 'approved', 0);
    await vi.waitFor(() => expect(settledFor(a.paymentId).map((e) => e.status)).toEqual(['approved']), { timeout: 30_000 });
    const [pa] = await t.database.db.select().from(payments).where(eq(payments.id, a.paymentId));
    const dataId = pa.gatewayReference ?? '';
    const { createHmac } = await import('node:crypto');
    const body = JSON.stringify({ action: 'payment.updated', api_version: 'v1', data: { id: dataId }, id: 555, type: 'payment' });
    const post = (paymentId: string, ts = Date.now(), secret: string = M.webhookSecret) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/webhook/mercadopago?payment_id=${paymentId}&data.id=${dataId}&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-request-id': 'req-1',
          'x-signature': `ts=${ts},v1=${createHmac('sha256', secret).update(`id:${dataId};request-id:req-1;ts:${ts};`).digest('hex')}`,
        },
        payload: body,
      });
    const forged = await post(a.paymentId, Date.now(), 'otro');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('Firma del evento no válida');
    expect((await post(a.paymentId, Date.now() - 26 * 3_600_000)).statusCode).toBe(400);
    // A genuine notification of payment A replayed with B's hint: the payment read names A, so B is untouched.
    const swapped = await post(b.paymentId);
    expect(swapped.statusCode).toBe(400);
    expect(await statusOf(b.paymentId)).toBe('pending');
    expect((await post(a.paymentId)).json()).toEqual({ received: true, outcome: 'ignored' });
    // Mercado Pago takes COP in whole pesos: its refusal is a 502 in Spanish and the payment ends in error.
    await expect(checkout('120000.50', 'COP')).rejects.toMatchObject({
      status: 502,
      message: 'La pasarela de pago respondió con un error',
    });
  });

  it('a checkout with an invalid amount or without an active gateway is refused in Spanish', async () => {
    await expect(checkout('10.005', 'USD')).rejects.toMatchObject({ status: 400, message: 'Monto no válido' });
    await expect(
      t.app.services.payments.startCheckout({
        whiteLabelId: wlB,
        agencyId: w.agencyB.id,
        orderId: 'o',
        amount: '10',
        currency: 'USD',
        customer: { email: 'a@b.co', fullName: 'A' },
        returnUrl: 'http://x.test',
        expiresAt: new Date(),
      }),
    ).rejects.toMatchObject({ status: 409, message: 'La marca blanca no tiene una pasarela de pago activa' });
  });
});

describe('gateways and the display currency (decision 0560)', () => {
  it('refuses a gateway that cannot charge in the white label currency when it is activated, and the currency when the white label is saved', async () => {
    const [wl] = await t.database.db
      .insert(whiteLabels)
      .values({ agencyId: w.agencyA.id, name: 'Tienda en dólares', slug: `dolares-${Date.now()}`, currency: 'USD' })
      .returning();
    const refused = 'Wompi no cobra en USD (solo en COP): cambia la moneda de la marca blanca o usa otra pasarela';
    const wompi = { gateway: 'wompi', mode: 'test', credentials: { test: { ...W } } };
    const activeAtOnce = await inject('POST', base(wl.id), w.headers.admin, { ...wompi, active: true });
    expect(activeAtOnce.statusCode).toBe(400);
    expect(activeAtOnce.json()).toMatchObject({ code: 'GATEWAY_CURRENCY_UNSUPPORTED', msg: refused, fields: { gateway: refused } });
    // Kept inactive it may be configured; activating it is refused the same way, and nothing is active.
    const kept = await inject('POST', base(wl.id), w.headers.admin, wompi);
    expect(kept.statusCode, kept.body).toBe(201);
    const activate = await inject('POST', `${base(wl.id)}/${kept.json()._id}/activate`, w.headers.admin);
    expect(activate.statusCode).toBe(400);
    expect(activate.json().msg).toBe(refused);
    expect((await inject('GET', base(wl.id), w.headers.admin)).json().some((g: { active: boolean }) => g.active)).toBe(false);

    // In pesos Wompi is accepted; saving the white label back in dollars is then refused, with the field named.
    const save = (currency: string) =>
      inject('PUT', `/api/whitelabels/${wl.id}`, w.headers.super, {
        name: wl.name,
        status: 'draft',
        slug: wl.slug,
        products: ['hotels-travesia'],
        currency,
        language: 'es',
        markupPercent: '0',
      });
    expect((await save('COP')).statusCode).toBe(200);
    expect((await inject('POST', `${base(wl.id)}/${kept.json()._id}/activate`, w.headers.admin)).statusCode).toBe(200);
    const back = await save('USD');
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ code: 'GATEWAY_CURRENCY_UNSUPPORTED', fields: { currency: refused } });
    expect((await t.database.db.select().from(whiteLabels).where(eq(whiteLabels.id, wl.id)))[0].currency).toBe('COP');

    // A checkout in a currency the active gateway cannot charge never reaches the gateway.
    const before = (await t.database.db.select().from(payments).where(eq(payments.whiteLabelId, wl.id))).length;
    await expect(
      t.app.services.payments.startCheckout({
        whiteLabelId: wl.id,
        agencyId: w.agencyA.id,
        orderId: 'o-usd',
        amount: '10.00',
        currency: 'USD',
        customer: { email: 'a@b.co', fullName: 'A' },
        returnUrl: 'http://x.test',
        expiresAt: new Date(Date.now() + 60_000),
      }),
    ).rejects.toMatchObject({ status: 400, message: refused });
    expect(await t.database.db.select().from(payments).where(eq(payments.whiteLabelId, wl.id))).toHaveLength(before);
  });
});
