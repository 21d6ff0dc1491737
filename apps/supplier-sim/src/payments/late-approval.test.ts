import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDelayMs, PAGE_DELAY_MS, PAYMENT_SANDBOX_CREDENTIALS } from './core.js';
import { type RunningPaymentSimulator, startPaymentSimulator } from './server.js';

/**
 * "Payment arriving after the hold expired" (issue 20): the hosted page's late approval lands after the
 * checkout's expiration time, and every event is dated and signed when it is sent, as the gateways do
 * (decisions 0332, 0600). Checked with the documented formulas, written again here.
 */
const W = PAYMENT_SANDBOX_CREDENTIALS.wompi;
const S = PAYMENT_SANDBOX_CREDENTIALS.stripe;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let sim: RunningPaymentSimulator;
let platform: FastifyInstance;
const received: Array<{ gateway: string; body: string; headers: Record<string, string | string[] | undefined>; at: number }> = [];

beforeAll(async () => {
  platform = Fastify();
  platform.removeAllContentTypeParsers();
  platform.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  platform.post('/api/payments/webhook/:gateway', async (req) => {
    received.push({ gateway: (req.params as { gateway: string }).gateway, body: String(req.body), headers: req.headers, at: Date.now() });
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

describe('the late approval a hosted page plays', () => {
  it('waits until just after the checkout expires; other scenarios, and checkouts without an expiry, wait the page delay', () => {
    const now = 1_800_000_000_000;
    expect(defaultDelayMs({ expiresAt: now + 60_000 }, 'late-approval', now)).toBe(62_000);
    expect(defaultDelayMs({ expiresAt: now + 1_000 }, 'late-approval', now)).toBe(PAGE_DELAY_MS);
    expect(defaultDelayMs({ expiresAt: now - 60_000 }, 'late-approval', now)).toBe(PAGE_DELAY_MS);
    expect(defaultDelayMs({ expiresAt: Number.POSITIVE_INFINITY }, 'late-approval', now)).toBe(PAGE_DELAY_MS);
    expect(defaultDelayMs({ expiresAt: now + 60_000 }, 'pending-then-approved', now)).toBe(PAGE_DELAY_MS);
    expect(defaultDelayMs({ expiresAt: now + 60_000 }, 'approved', now)).toBe(PAGE_DELAY_MS);
  });

  it('Wompi: paid on the page before the expiration time, approved after it, the event dated when sent', async () => {
    const reference = `late-${Date.now()}`;
    const expiration = new Date(Date.now() + 4_000).toISOString();
    const q = new URLSearchParams({
      'public-key': W.publicKey,
      currency: 'COP',
      'amount-in-cents': '3500000',
      reference,
      'signature:integrity': sha256(`${reference}3500000COP${expiration}${W.integritySecret}`),
      'redirect-url': 'https://tienda.example/pedido/1',
      'expiration-time': expiration,
    });
    const page = await fetch(`${sim.url}/wompi/checkout/p/?${q}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Aprobación tardía (llega después de vencer el plazo de pago)');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const paid = await fetch(`${sim.url}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242&scenario=late-approval',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const mine = () => received.filter((r) => r.gateway === 'wompi' && r.body.includes(reference));
    // Nothing before the expiration; the approval once it passed (the page's delay is at least 5 s).
    expect(mine()).toHaveLength(0);
    await expect.poll(() => mine().length, { timeout: 30_000, interval: 250 }).toBe(1);
    const [event] = mine();
    expect(event.at).toBeGreaterThan(Date.parse(expiration));
    const body = JSON.parse(event.body);
    expect(body.data.transaction).toMatchObject({ reference, status: 'APPROVED', amount_in_cents: 3500000 });
    // Dated when the transaction was approved, after the expiration, and signed as documented.
    expect(body.timestamp * 1000).toBeGreaterThanOrEqual(Math.floor(Date.parse(expiration) / 1000) * 1000);
    const tx = body.data.transaction;
    expect(body.signature.checksum).toBe(
      sha256(`${tx.id}${tx.status}${tx.amount_in_cents}${body.timestamp}${W.eventsSecret}`).toUpperCase(),
    );
  });

  it('Stripe: a delayed event is created and signed when it is sent, so its signature is fresh', async () => {
    const created = await fetch(`${sim.url}/stripe/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${S.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'payment',
        client_reference_id: `late-${Date.now()}`,
        success_url: 'https://tienda.example/ok',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '12050',
        'line_items[0][price_data][product_data][name]': 'Hotel',
      }).toString(),
    });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string };
    const before = Math.floor(Date.now() / 1000);
    const pay = await fetch(`${sim.url}/_sim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'stripe', sessionId: session.id, scenario: 'late-approval', delayMs: 1_200 }),
    });
    expect(pay.status).toBe(200);
    const mine = () => received.filter((r) => r.gateway === 'stripe' && r.body.includes(session.id));
    await expect.poll(() => mine().length, { timeout: 30_000, interval: 250 }).toBe(1);
    const [event] = mine();
    const body = JSON.parse(event.body) as { created: number; type: string };
    expect(body.type).toBe('checkout.session.completed');
    expect(body.created).toBeGreaterThan(before);
    const header = String(event.headers['stripe-signature']);
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(t).toBeGreaterThan(before);
    expect(header).toContain(`v1=${createHmac('sha256', S.webhookSecret).update(`${t}.${event.body}`).digest('hex')}`);
  });
});
