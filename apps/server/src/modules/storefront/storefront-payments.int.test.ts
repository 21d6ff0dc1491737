import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { PAYMENT_SANDBOX_CREDENTIALS, type RunningPaymentSimulator, startPaymentSimulator, startSimulator } from '@travesia/supplier-sim';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { exchangeRates, payments, storefrontOrders, supplierDestinations, vouchers, whiteLabels } from '../../db/schema/index.js';

/**
 * The storefront's order paid end to end with the real parts: the payment service, the Wompi adapter,
 * the payment simulator's signed webhooks over HTTP, and the supplier simulator behind the engine's
 * reserve (storefront.int.test.ts covers the order rules with a recording port). The shop sells in pesos (Wompi
 * charges COP only) what the supplier prices in dollars (decision 0560).
 */
let t: TestApp;
let suppliers: Awaited<ReturnType<typeof startSimulator>>;
let paySim: RunningPaymentSimulator;
let cartagena = '';
let whiteLabelId = '';
const SLUG = 'mar-azul';
const logLines: string[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const billing = {
  name: 'Laura',
  surname: 'Gómez',
  email: 'laura@example.com',
  phone: '+573001234567',
  document: { type: 'CC', number: '1020304050' },
};
const travellers = [
  [
    { name: 'Laura', surname: 'Gómez' },
    { name: 'Pedro', surname: 'Gómez' },
  ],
];

beforeAll(async () => {
  suppliers = await startSimulator({ port: 0, host: '127.0.0.1' });
  paySim = await startPaymentSimulator();
  // Warnings kept, so a refused webhook can be seen logged.
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { simulatorUrl: suppliers.url, paymentSimulatorUrl: paySim.url, log: pino({ level: 'warn' }, sink) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  paySim.setPlatformUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  const db = t.database.db;
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await db.insert(supplierDestinations).values([{ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' }]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'white-labels'] });
  const admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  const [wl] = await db
    .insert(whiteLabels)
    .values({
      agencyId: agency.id,
      name: 'Mar Azul',
      slug: SLUG,
      status: 'active',
      products: ['hotels-hotelbeds'],
      markupPercent: '8',
      currency: 'COP',
    })
    .returning();
  whiteLabelId = wl.id;
  await db.insert(exchangeRates).values([{ currency: 'COP', unitsPerUsd: '4012.5', validFrom: new Date('2020-01-01T00:00:00Z') }]);
  const gateway = await t.app.inject({
    method: 'POST',
    url: `/api/whitelabel/${wl.id}/payment-gateways`,
    headers: admin,
    payload: { gateway: 'wompi', mode: 'test', active: true, credentials: { test: { ...PAYMENT_SANDBOX_CREDENTIALS.wompi } } },
  });
  expect(gateway.statusCode, gateway.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await paySim?.close();
  await suppliers?.close();
});

/** Searches the shop and orders its first option: the order reference, its row and payment. */
async function placeOrder(startOffset: number) {
  const search = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${SLUG}/hotels/search`,
    payload: {
      destination: cartagena,
      countryCode: 'CO',
      start: day(startOffset),
      end: day(startOffset + 2),
      paxes: [{ adults: 2, children: [] }],
    },
  });
  expect(search.statusCode, search.body).toBe(200);
  const { cacheId, items } = search.json().response;
  const option = items[0].options[0];
  expect(option.price.currency).toBe('COP');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${SLUG}/orders`,
    payload: { cacheId, optionId: option.optionId, price: option.price, travellers, billing },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderRef, checkoutUrl } = res.json().response as { orderRef: string; checkoutUrl: string };
  expect(checkoutUrl.startsWith(paySim.url)).toBe(true);
  const [order] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.ref, orderRef));
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  // The gateway charges the pesos the traveller was shown: Wompi's amount in cents of the same amount.
  expect(payment).toMatchObject({ currency: 'COP', amountMinor: Number(option.price.amount) * 100 });
  expect(new Decimal(payment.amount).eq(order.amount)).toBe(true);
  const sent = new URL(checkoutUrl).searchParams;
  expect([sent.get('currency'), sent.get('amount-in-cents')]).toEqual(['COP', String(payment.amountMinor)]);
  // The traveller opens the hosted checkout (the simulator checks Wompi's integrity signature there).
  expect((await fetch(checkoutUrl)).status).toBe(200);
  return { orderRef, order, payment };
}

async function pay(paymentId: string, scenario: string) {
  const res = await fetch(`${paySim.url}/_sim/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ gateway: 'wompi', reference: paymentId, scenario, delayMs: 50 }),
  });
  expect(res.status).toBe(200);
}

const orderStatus = async (id: string) =>
  (await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, id)))[0].status;
const vouchersOfOrder = async (id: string) => {
  const [o] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, id));
  return o.voucherId ? t.database.db.select().from(vouchers).where(eq(vouchers.id, o.voucherId)) : [];
};

describe('a storefront order paid on the payment simulator', () => {
  it('is booked once when the signed approval arrives, even when the gateway sends it twice', async () => {
    const { order, payment, orderRef } = await placeOrder(50);
    expect(order.status).toBe('awaiting-payment');
    await pay(payment.id, 'duplicate');
    await expect.poll(() => orderStatus(order.id), { timeout: 60_000, interval: 200 }).toBe('booked');
    const booked = await vouchersOfOrder(order.id);
    expect(booked).toHaveLength(1);
    expect(['confirmed', 'on-request']).toContain(booked[0].status);
    // The voucher keeps its white label by id (decision 0420), not only by the slug in the integrator.
    expect(booked[0].whiteLabelId).toBe(whiteLabelId);
    expect(booked[0].integrator).toBe(`storefront:${SLUG}`);
    const sameKey = await t.database.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.idempotencyKey, booked[0].idempotencyKey as string));
    expect(sameKey).toHaveLength(1);
    const mine = await t.app.inject({ method: 'GET', url: `/api/storefront/${SLUG}/orders/${orderRef}?email=laura@example.com` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().response.status).toBe('booked');
  });

  it('books nothing when the payment is declined', async () => {
    const { order, payment } = await placeOrder(53);
    await pay(payment.id, 'declined');
    await expect.poll(() => orderStatus(order.id), { timeout: 60_000, interval: 200 }).toBe('declined');
    expect(await vouchersOfOrder(order.id)).toHaveLength(0);
  });

  it('refunds through Wompi a payment approved after the hold ended, told twice, and books nothing (decision 0600)', async () => {
    const { order, payment } = await placeOrder(62);
    // The hold ends before the traveller pays (the browser test waits a white label's 1-minute hold instead).
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(storefrontOrders.id, order.id));
    await pay(payment.id, 'duplicate');
    await expect.poll(() => orderStatus(order.id), { timeout: 60_000, interval: 200 }).toBe('refunded');
    const [row] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, order.id));
    expect(row.note).toBe('El pago se aprobó después de vencer el tiempo para pagar');
    expect(await vouchersOfOrder(order.id)).toHaveLength(0);
    await expect
      .poll(async () => (await t.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0].status, { timeout: 30_000 })
      .toBe('refunded');
    const booked = await t.database.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.idempotencyKey, `sf-${order.id}`));
    expect(booked).toHaveLength(0);
  });

  it('refuses a webhook whose signature does not verify and changes nothing', async () => {
    const { order } = await placeOrder(56);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/wompi',
      payload: {
        event: 'transaction.updated',
        data: { transaction: { id: 'forged', reference: order.id, status: 'APPROVED', amount_in_cents: 1, currency: 'COP' } },
        signature: { properties: ['transaction.id', 'transaction.status'], checksum: 'f'.repeat(64) },
        timestamp: Math.floor(Date.now() / 1000),
      },
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect(await orderStatus(order.id)).toBe('awaiting-payment');
  });
  it('refuses a replayed approval and one of another amount or currency: 4xx in Spanish, logged, nothing booked', async () => {
    const { order, payment } = await placeOrder(59);
    const W = PAYMENT_SANDBOX_CREDENTIALS.wompi;
    // A Wompi event signed with the right events secret (docs.wompi.co "Eventos": the properties, the timestamp, the secret).
    const event = (timestamp: number, over: { amount?: number; currency?: string } = {}) => {
      const tx = {
        id: `15113-${timestamp}-40000`,
        reference: payment.id,
        status: 'APPROVED',
        amount_in_cents: over.amount ?? payment.amountMinor,
        currency: over.currency ?? 'COP',
      };
      const checksum = createHash('sha256')
        .update(`${tx.id}${tx.status}${tx.amount_in_cents}${timestamp}${W.eventsSecret}`)
        .digest('hex')
        .toUpperCase();
      return {
        event: 'transaction.updated',
        data: { transaction: tx },
        environment: 'test',
        signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'], checksum },
        timestamp,
        sent_at: new Date(timestamp * 1000).toISOString(),
      };
    };
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/payments/webhook/wompi', payload });
    const now = Math.floor(Date.now() / 1000);

    // Replayed: a genuine signature on an event older than Wompi's retry window (25 h).
    const replayed = await post(event(now - 26 * 3600));
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      code: 'PAYMENT_WEBHOOK_TIMESTAMP',
      msg: 'El evento es demasiado antiguo o su fecha no es válida',
    });
    expect(
      logLines.some((l) => l.includes('payment webhook refused') && l.includes(payment.id) && l.includes('"reason":"timestamp"')),
    ).toBe(true);

    // Signed correctly, but for another amount, or another currency, than the hold.
    for (const over of [{ amount: payment.amountMinor - 100 }, { currency: 'USD' }]) {
      const other = await post(event(now, over));
      expect(other.statusCode, JSON.stringify(over)).toBe(422);
      expect(other.json()).toMatchObject({
        code: 'PAYMENT_WEBHOOK_MISMATCH',
        msg: 'El monto o la moneda del evento no coinciden con el pago',
      });
    }
    expect(logLines.some((l) => l.includes('payment webhook amount or currency mismatch') && l.includes(payment.id))).toBe(true);

    expect(await orderStatus(order.id)).toBe('awaiting-payment');
    expect(await vouchersOfOrder(order.id)).toHaveLength(0);
    const [still] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(still.status).toBe('pending');
  });
});
