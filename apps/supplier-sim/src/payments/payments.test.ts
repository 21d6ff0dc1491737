import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SANDBOX_CREDENTIALS } from './core.js';
import { type RunningPaymentSimulator, startPaymentSimulator } from './server.js';

/**
 * The payment simulator's PayU and Mercado Pago (decision 0520): their APIs, hosted pages and signed
 * events, received by a stand-in platform and checked here with the documented formulas (written again,
 * not imported from the simulator or the platform).
 */
const P = PAYMENT_SANDBOX_CREDENTIALS.payu;
const M = PAYMENT_SANDBOX_CREDENTIALS.mercadopago;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface Received {
  gateway: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams;
}

let sim: RunningPaymentSimulator;
let platform: FastifyInstance;
const received: Received[] = [];

beforeAll(async () => {
  platform = Fastify();
  platform.removeAllContentTypeParsers();
  platform.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  platform.post('/api/payments/webhook/:gateway', async (req) => {
    received.push({
      gateway: (req.params as { gateway: string }).gateway,
      body: String(req.body),
      headers: req.headers,
      query: new URLSearchParams(req.url.split('?')[1] ?? ''),
    });
    return { received: true };
  });
  await platform.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.server.address();
  sim = await startPaymentSimulator();
  sim.setPlatformUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
afterAll(async () => {
  await sim?.close();
  await platform?.close();
});

const simPay = (gateway: string, reference: string, scenario: string, delayMs = 0) =>
  fetch(`${sim.url}/_sim/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ gateway, reference, scenario, delayMs }),
  });
const of = (gateway: string, pick: (r: Received) => boolean) => received.filter((r) => r.gateway === gateway && pick(r));

describe('PayU', () => {
  const api = (path: string, body: object) =>
    fetch(`${sim.url}/payu${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const merchant = { apiLogin: P.apiLogin, apiKey: P.apiKey };

  async function webCheckout(reference: string, amount = '150000.00', signature?: string) {
    const fields = {
      merchantId: P.merchantId,
      accountId: P.accountId,
      description: 'Reserva',
      referenceCode: reference,
      amount,
      tax: '0',
      taxReturnBase: '0',
      currency: 'COP',
      signature: signature ?? md5(`${P.apiKey}~${P.merchantId}~${reference}~${amount}~COP`),
      test: '1',
      buyerEmail: 'viajera@example.com',
      responseUrl: 'http://tienda.test/gracias',
      confirmationUrl: 'http://tienda.test/api/payments/webhook/payu',
    };
    return fetch(`${sim.url}/payu/ppp-web-gateway-payu/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('answers PING with the merchant’s keys, and code ERROR (HTTP 200) with others', async () => {
    expect(await api('/reports-api/4.0/service.cgi', { command: 'PING', merchant, test: true })).toMatchObject({ code: 'SUCCESS' });
    expect(await api('/reports-api/4.0/service.cgi', { command: 'PING', merchant: { ...merchant, apiKey: 'x' } })).toMatchObject({
      code: 'ERROR',
    });
  });

  it('checks the WebCheckout signature and shows the page in Spanish', async () => {
    expect((await webCheckout('ref-bad', '150000.00', 'f'.repeat(32))).status).toBe(400);
    const ok = await webCheckout('ref-page');
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain('Pagar con PayU');
  });

  it('confirms an approval with the documented sign; the transaction is in the Queries API; a refund answers PENDING', async () => {
    await webCheckout('ref-ok');
    expect((await simPay('payu', 'ref-ok', 'approved')).status).toBe(200);
    await vi.waitFor(() => expect(of('payu', (r) => r.body.includes('reference_sale=ref-ok'))).toHaveLength(1));
    const [confirmation] = of('payu', (r) => r.body.includes('reference_sale=ref-ok'));
    expect(confirmation.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const f = new URLSearchParams(confirmation.body);
    expect(f.get('state_pol')).toBe('4');
    expect(f.get('value')).toBe('150000.00');
    expect(f.get('sign')).toBe(md5(`${P.apiKey}~${P.merchantId}~ref-ok~150000.0~COP~4`));
    const order = await api('/reports-api/4.0/service.cgi', {
      command: 'ORDER_DETAIL_BY_REFERENCE_CODE',
      merchant,
      details: { referenceCode: 'ref-ok' },
    });
    const payload = (order.result as { payload: { id: number; transactions: { id: string }[] }[] }).payload;
    expect(payload[0].transactions[0].id).toBe(f.get('transaction_id'));
    const refund = await api('/payments-api/4.0/service.cgi', {
      command: 'SUBMIT_TRANSACTION',
      merchant,
      transaction: { order: { id: String(payload[0].id) }, type: 'REFUND', reason: 'x', parentTransactionId: f.get('transaction_id') },
    });
    expect(refund).toMatchObject({ code: 'SUCCESS', transactionResponse: { state: 'PENDING' } });
  });

  it('reports only finished transactions, expiry as state 5, and a declined retry of the same reference after the approval', async () => {
    await webCheckout('ref-pending');
    await simPay('payu', 'ref-pending', 'pending-then-approved', 100);
    await vi.waitFor(() => expect(of('payu', (r) => r.body.includes('reference_sale=ref-pending'))).toHaveLength(1));
    expect(new URLSearchParams(of('payu', (r) => r.body.includes('reference_sale=ref-pending'))[0].body).get('state_pol')).toBe('4');

    await webCheckout('ref-exp');
    await simPay('payu', 'ref-exp', 'expired');
    await vi.waitFor(() => expect(of('payu', (r) => r.body.includes('reference_sale=ref-exp'))).toHaveLength(1));
    const expired = new URLSearchParams(of('payu', (r) => r.body.includes('reference_sale=ref-exp'))[0].body);
    expect(expired.get('state_pol')).toBe('5');
    expect(expired.get('sign')).toBe(md5(`${P.apiKey}~${P.merchantId}~ref-exp~150000.0~COP~5`));

    await webCheckout('ref-order');
    await simPay('payu', 'ref-order', 'out-of-order');
    await vi.waitFor(() => expect(of('payu', (r) => r.body.includes('reference_sale=ref-order'))).toHaveLength(2));
    const [first, second] = of('payu', (r) => r.body.includes('reference_sale=ref-order')).map((r) => new URLSearchParams(r.body));
    expect([first.get('state_pol'), second.get('state_pol')]).toEqual(['4', '6']);
    expect(second.get('transaction_id')).not.toBe(first.get('transaction_id'));

    await webCheckout('ref-dup', '99.26');
    await simPay('payu', 'ref-dup', 'duplicate');
    await vi.waitFor(() => expect(of('payu', (r) => r.body.includes('reference_sale=ref-dup'))).toHaveLength(2));
    const dup = of('payu', (r) => r.body.includes('reference_sale=ref-dup'));
    expect(dup[1].body).toBe(dup[0].body);
    expect(new URLSearchParams(dup[0].body).get('sign')).toBe(md5(`${P.apiKey}~${P.merchantId}~ref-dup~99.26~COP~4`));
  });
});

describe('Mercado Pago', () => {
  const call = (method: string, path: string, body?: object, token: string = M.accessToken) =>
    fetch(`${sim.url}/mercadopago${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const preference = (reference: string, unitPrice = 150000, expiresInMs = 600_000) =>
    call('POST', '/checkout/preferences', {
      items: [{ id: reference, title: 'Reserva', quantity: 1, unit_price: unitPrice, currency_id: 'COP' }],
      payer: { email: 'viajera@example.com' },
      external_reference: reference,
      notification_url: `http://tienda.test/api/payments/webhook/mercadopago?payment_id=${reference}`,
      back_urls: { success: 'http://tienda.test/gracias', pending: 'http://tienda.test/gracias', failure: 'http://tienda.test/gracias' },
      auto_return: 'approved',
      expires: true,
      expiration_date_to: new Date(Date.now() + expiresInMs).toISOString(),
    });

  it('answers /users/me with the access token, 401 without it; refuses COP with cents', async () => {
    expect((await call('GET', '/users/me')).status).toBe(200);
    expect((await call('GET', '/users/me', undefined, 'TEST-otro')).status).toBe(401);
    const cents = await preference('mp-cents', 150000.5);
    expect(cents.status).toBe(400);
    expect(((await cents.json()) as { message: string }).message).toContain('integer');
  });

  it('signs notifications as documented; the payment read names our reference; refunds approve', async () => {
    const pref = (await (await preference('mp-ok')).json()) as { init_point: string };
    expect((await fetch(pref.init_point)).status).toBe(200);
    await simPay('mercadopago', 'mp-ok', 'approved');
    await vi.waitFor(() => expect(of('mercadopago', (r) => r.query.get('payment_id') === 'mp-ok')).toHaveLength(1));
    const [n] = of('mercadopago', (r) => r.query.get('payment_id') === 'mp-ok');
    const dataId = n.query.get('data.id') ?? '';
    expect(JSON.parse(n.body)).toMatchObject({ type: 'payment', action: 'payment.created', data: { id: dataId } });
    const sig = String(n.headers['x-signature']);
    const ts = /ts=(\d+)/.exec(sig)?.[1];
    const manifest = `id:${dataId};request-id:${String(n.headers['x-request-id'])};ts:${ts};`;
    expect(sig).toBe(`ts=${ts},v1=${createHmac('sha256', M.webhookSecret).update(manifest).digest('hex')}`);
    const payment = (await (await call('GET', `/v1/payments/${dataId}`)).json()) as Record<string, unknown>;
    expect(payment).toMatchObject({ status: 'approved', external_reference: 'mp-ok', transaction_amount: 150000, currency_id: 'COP' });
    expect((await call('GET', `/v1/payments/${dataId}`, undefined, 'TEST-otro')).status).toBe(401);
    const refund = (await (await call('POST', `/v1/payments/${dataId}/refunds`, {})).json()) as Record<string, unknown>;
    expect(refund).toMatchObject({ status: 'approved' });
    expect(((await (await call('GET', `/v1/payments/${dataId}`)).json()) as Record<string, unknown>).status).toBe('refunded');
  });

  it('sends nothing for an expired preference (its page answers 410); duplicate and out-of-order notifications', async () => {
    const pref = (await (await preference('mp-exp')).json()) as { init_point: string };
    const before = sim.state.deliveries.length;
    await simPay('mercadopago', 'mp-exp', 'expired');
    expect((await fetch(pref.init_point)).status).toBe(410);
    expect(sim.state.deliveries.length).toBe(before);

    await preference('mp-dup');
    await simPay('mercadopago', 'mp-dup', 'duplicate');
    await vi.waitFor(() => expect(of('mercadopago', (r) => r.query.get('payment_id') === 'mp-dup')).toHaveLength(2));
    const dup = of('mercadopago', (r) => r.query.get('payment_id') === 'mp-dup');
    expect(dup[1].body).toBe(dup[0].body);

    await preference('mp-order');
    await simPay('mercadopago', 'mp-order', 'out-of-order');
    await vi.waitFor(() => expect(of('mercadopago', (r) => r.query.get('payment_id') === 'mp-order')).toHaveLength(2));
    const late = JSON.parse(of('mercadopago', (r) => r.query.get('payment_id') === 'mp-order')[1].body);
    expect(late.action).toBe('payment.created');
    const dataId = late.data.id;
    expect(((await (await call('GET', `/v1/payments/${dataId}`)).json()) as Record<string, unknown>).status).toBe('approved');
  });
});
