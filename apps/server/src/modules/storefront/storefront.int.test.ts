import { formatMoney } from '@travesia/contracts';
import { startSimulator } from '@travesia/supplier-sim';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { RecordingPaymentPort } from '../../../test/payment-double.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  exchangeRates,
  outbox,
  providerAccounts,
  storefrontOrders,
  supplierDestinations,
  vouchers,
  whiteLabels,
} from '../../db/schema/index.js';

let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const payments = new RecordingPaymentPort();
let admin: Record<string, string>;
let accountId = '';
let cartagena = '';
let agencyId = '';

const COP_RATE = '3987.25';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const criteria = { destination: '', countryCode: 'CO', start: day(40), end: day(42), paxes: [{ adults: 2, children: [] }] };
const billing = {
  name: 'Laura',
  surname: 'Gómez',
  email: 'Laura@Example.com',
  phone: '+573001234567',
  document: { type: 'CC', number: '1020304050' },
};
const travellers = [
  [
    { name: 'Laura', surname: 'Gómez' },
    { name: 'Pedro', surname: 'Gómez' },
  ],
];

async function search(slug: string) {
  return t.app.inject({ method: 'POST', url: `/api/storefront/${slug}/hotels/search`, payload: { ...criteria, destination: cartagena } });
}

/** Searches the shop, picks the cheapest option and orders it: the order row and the checkout answer. */
async function order(slug = 'playa', options: { start?: string; end?: string } = {}) {
  const s = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${slug}/hotels/search`,
    payload: { ...criteria, ...options, destination: cartagena },
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const option = items[0].options[0];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${slug}/orders`,
    payload: { cacheId, optionId: option.optionId, price: option.price, travellers, billing },
  });
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json().response as { orderRef: string; checkoutUrl: string; holdExpiresAt: string };
  const [row] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.ref, answer.orderRef));
  return { answer, row, option };
}

const orderRow = async (id: string) => (await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, id)))[0];
const vouchersOf = (key: string) => t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key));

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url, storefrontPayments: payments });
  const db = t.database.db;
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await db.insert(supplierDestinations).values([{ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' }]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'tickets-hotelbeds'] });
  agencyId = agency.id;
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  accountId = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  await db.insert(whiteLabels).values([
    { agencyId, name: 'Playa Viajes', slug: 'playa', status: 'active', products: ['hotels-hotelbeds'], markupPercent: '10' },
    { agencyId, name: 'Borrador', slug: 'borrador', status: 'draft', products: ['hotels-hotelbeds'] },
    { agencyId, name: 'Solo tickets', slug: 'solo-tickets', status: 'active', products: ['tickets-hotelbeds'] },
    // Display currencies other than the supplier's (Cartagena answers in USD): pesos have a rate, euros none.
    {
      agencyId,
      name: 'Pesos Viajes',
      slug: 'pesos',
      status: 'active',
      products: ['hotels-hotelbeds'],
      currency: 'COP',
      markupPercent: '10',
    },
    { agencyId, name: 'Euro Viajes', slug: 'euros', status: 'active', products: ['hotels-hotelbeds'], currency: 'EUR' },
  ]);
  await db.insert(exchangeRates).values([{ currency: 'COP', unitsPerUsd: COP_RATE, validFrom: new Date('2020-01-01T00:00:00Z') }]);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('storefront hotel search', () => {
  it("answers the agency's price plus the storefront markup, and only the traveller's price", async () => {
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/hotel/hotelbeds/avail',
      headers: admin,
      payload: { ...criteria, destination: cartagena, provider_id: accountId },
    });
    expect(back.statusCode, back.body).toBe(200);
    const shop = await search('playa');
    expect(shop.statusCode, shop.body).toBe(200);
    const page = shop.json().response;
    expect(page.itemsFound).toBeGreaterThan(0);
    const agencyPrice = new Map<string, string>(
      back.json().response.items.map((h: { code: string; minPrice: { amount: string } }) => [h.code, h.minPrice.amount]),
    );
    for (const h of page.items) {
      const base = agencyPrice.get(h.code);
      expect(base, h.code).toBeDefined();
      expect(h.minPrice.amount).toBe(new Decimal(base as string).mul('1.10').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    }
    for (const field of ['breakdown', 'cost', 'markups', 'commission', 'supplier', 'accountId', 'netPrice'])
      expect(shop.body).not.toContain(`"${field}"`);
    // Paging the storefront's own search works; another storefront can't read it.
    const again = await t.app.inject({ method: 'GET', url: `/api/storefront/playa/hotels/search/${page.cacheId}?page=1&limit=5` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().response.items.length).toBeLessThanOrEqual(5);
    const other = await t.app.inject({ method: 'GET', url: `/api/storefront/solo-tickets/hotels/search/${page.cacheId}` });
    expect(other.statusCode).toBe(403);
  });

  it('refuses a storefront that is not active, or a product it does not sell, in Spanish', async () => {
    for (const slug of ['borrador', 'no-existe']) {
      const res = await search(slug);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('Tienda no encontrada');
    }
    const notSold = await search('solo-tickets');
    expect(notSold.statusCode).toBe(403);
    expect(notSold.json().msg).toBe('Esta tienda no vende este producto');
    // Quoting or ordering another shop's hotel option there is refused the same way, before any hold or payment.
    const { cacheId, items } = (await search('playa')).json().response;
    const option = items[0].options[0];
    const checkoutsBefore = payments.checkouts.length;
    for (const [path, payload] of [
      ['hotels/quote', { cacheId, optionId: option.optionId }],
      ['orders', { cacheId, optionId: option.optionId, price: option.price, travellers, billing }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/storefront/solo-tickets/${path}`, payload });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().msg).toBe('Esta tienda no vende este producto');
    }
    expect(payments.checkouts.length).toBe(checkoutsBefore);
    const soloTickets = await t.database.db.select().from(whiteLabels).where(eq(whiteLabels.slug, 'solo-tickets'));
    expect(await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.whiteLabelId, soloTickets[0].id))).toHaveLength(0);
  });

  it('quotes an option at storefront prices without the agency breakdown', async () => {
    const s = (await search('playa')).json().response;
    const option = s.items[0].options[0];
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/playa/hotels/quote',
      payload: { cacheId: s.cacheId, optionId: option.optionId },
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response).toMatchObject({ priceChanged: false, price: option.price });
    expect(q.body).not.toContain('"breakdown"');
  });
});

describe('storefront destination search', () => {
  it('finds active places without a session, and limits how often one client asks', async () => {
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/storefront/playa/places', payload: { keyword: 'Cartagena' }, remoteAddress: '10.9.9.9' });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().response).toEqual([
      { id: cartagena, name: 'Cartagena de Indias', type: 'city', label: expect.stringContaining('Bolívar') },
    ]);
    let last = first;
    for (let i = 0; i < 60 && last.statusCode === 200; i++) last = await ask();
    expect(last.statusCode).toBe(429);
    const other = await t.app.inject({ method: 'POST', url: '/api/storefront/borrador/places', payload: { keyword: 'Cartagena' } });
    expect(other.statusCode).toBe(404);
  });
});

describe('storefront orders', () => {
  it('holds the quoted price, opens the checkout and books once when the approved payment is told twice at once', async () => {
    const { answer, row, option } = await order();
    expect(answer.checkoutUrl).toMatch(/^https:\/\/checkout\.payments\.test\//);
    expect(Date.parse(answer.holdExpiresAt)).toBeGreaterThan(Date.now());
    expect(row).toMatchObject({ status: 'awaiting-payment', amount: option.price.amount, currency: option.price.currency });
    const checkout = payments.checkoutOf(row.id);
    expect(checkout).toMatchObject({ amount: row.amount, currency: row.currency, agencyId });
    expect(checkout.returnUrl).toContain(`/s/playa/pedido/${row.ref}`);

    await Promise.all([payments.fire(row.id, 'approved'), payments.fire(row.id, 'approved')]);
    await payments.fire(row.id, 'approved');
    const booked = await orderRow(row.id);
    expect(booked.status).toBe('booked');
    const list = await vouchersOf(`sf-${row.id}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: booked.voucherId, status: 'confirmed', integrator: 'storefront:playa', userId: null, agencyId });
    expect(list[0].payments).toEqual({
      storefront: [
        { gateway: 'wompi', reference: `wompi-${checkout.paymentId}`, amount: row.amount, currency: row.currency, status: 'approved' },
      ],
    });
    // A stale "declined" arriving after the approval changes nothing.
    await payments.fire(row.id, 'declined');
    expect((await orderRow(row.id)).status).toBe('booked');
    // The confirmation e-mail is queued in the white label's name.
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'storefront.confirmation'));
    expect(jobs.some((j) => (j.payload as { orderId: string }).orderId === row.id)).toBe(true);
  });

  it("holds for the white label's own time to pay, else the platform's, and opens the checkout until then (decision 0601)", async () => {
    const minutes = async () => {
      const { row } = await order();
      const checkout = payments.checkoutOf(row.id);
      expect(checkout.expiresAt.getTime()).toBe(row.holdExpiresAt.getTime());
      return Math.round((row.holdExpiresAt.getTime() - row.createdAt.getTime()) / 60_000);
    };
    // The platform's 15 minutes, cut to the engine's quote (10 minutes at most).
    const platform = await minutes();
    expect(platform).toBeGreaterThan(3);
    expect(platform).toBeLessThanOrEqual(15);
    await t.database.db.update(whiteLabels).set({ holdMinutes: 3 }).where(eq(whiteLabels.slug, 'playa'));
    try {
      expect(await minutes()).toBe(3);
    } finally {
      await t.database.db.update(whiteLabels).set({ holdMinutes: null }).where(eq(whiteLabels.slug, 'playa'));
    }
  });

  it('books nothing for a declined or expired payment', async () => {
    const declined = (await order()).row;
    await payments.fire(declined.id, 'declined');
    expect((await orderRow(declined.id)).status).toBe('declined');
    const expired = (await order()).row;
    await payments.fire(expired.id, 'expired');
    expect((await orderRow(expired.id)).status).toBe('expired');
    expect(await vouchersOf(`sf-${declined.id}`)).toHaveLength(0);
    expect(await vouchersOf(`sf-${expired.id}`)).toHaveLength(0);
  });

  it('never books a payment whose amount or currency differs from the hold: it is refunded', async () => {
    const { row } = await order();
    await payments.fire(row.id, 'approved', { amount: new Decimal(row.amount).minus(1).toFixed(2) });
    expect((await orderRow(row.id)).status).toBe('refunded');
    expect(await vouchersOf(`sf-${row.id}`)).toHaveLength(0);
    const other = (await order()).row;
    await payments.fire(other.id, 'approved', { currency: other.currency === 'USD' ? 'EUR' : 'USD' });
    expect((await orderRow(other.id)).status).toBe('refunded');
    expect(payments.refunds.map((r) => r.paymentId)).toEqual(
      expect.arrayContaining([payments.checkoutOf(row.id).paymentId, payments.checkoutOf(other.id).paymentId]),
    );
  });

  it('refunds a payment approved after the hold ended, even at the same price, and books nothing (decision 0600)', async () => {
    const { row } = await order();
    const refundsBefore = payments.refunds.length;
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, row.id));
    await payments.fire(row.id, 'approved');
    // Told again (the port's retry, a duplicate): still one refund, never a booking.
    await payments.fire(row.id, 'approved');
    const after = await orderRow(row.id);
    expect(after.status).toBe('refunded');
    expect(after.note).toBe('El pago se aprobó después de vencer el tiempo para pagar');
    expect(payments.refunds.slice(refundsBefore).map((r) => r.paymentId)).toEqual([payments.checkoutOf(row.id).paymentId]);
    expect(await vouchersOf(`sf-${row.id}`)).toHaveLength(0);

    // The refund failing leaves it to the agency, still unbooked.
    const other = (await order()).row;
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, other.id));
    payments.failRefunds = true;
    try {
      await payments.fire(other.id, 'approved');
    } finally {
      payments.failRefunds = false;
    }
    const stuck = await orderRow(other.id);
    expect(stuck.status).toBe('needs-attention');
    expect(stuck.note).toContain('El reembolso falló');
    expect(await vouchersOf(`sf-${other.id}`)).toHaveLength(0);
  });

  it('books a payment approved within the hold but told after it when the price is the same', async () => {
    const { row } = await order();
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, row.id));
    await payments.fire(row.id, 'approved', { occurredAt: new Date(Date.now() - 120_000) });
    expect((await orderRow(row.id)).status).toBe('booked');
    expect(await vouchersOf(`sf-${row.id}`)).toHaveLength(1);
  });

  it('refunds a payment approved within the hold but told after it when the price changed', async () => {
    const { row } = await order();
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, row.id));
    await t.database.db.update(whiteLabels).set({ markupPercent: '25' }).where(eq(whiteLabels.slug, 'playa'));
    try {
      await payments.fire(row.id, 'approved', { occurredAt: new Date(Date.now() - 120_000) });
    } finally {
      await t.database.db.update(whiteLabels).set({ markupPercent: '10' }).where(eq(whiteLabels.slug, 'playa'));
    }
    const after = await orderRow(row.id);
    expect(after.status).toBe('refunded');
    expect(after.note).toContain('cambiaron');
    expect(await vouchersOf(`sf-${row.id}`)).toHaveLength(0);
  });

  it('refunds when the booking fails, and leaves the order to the agency when the refund fails too', async () => {
    const first = (await order()).row;
    const second = (await order()).row;
    await t.database.db.update(providerAccounts).set({ active: false }).where(eq(providerAccounts.id, accountId));
    try {
      await payments.fire(first.id, 'approved');
      payments.failRefunds = true;
      await payments.fire(second.id, 'approved');
    } finally {
      payments.failRefunds = false;
      await t.database.db.update(providerAccounts).set({ active: true }).where(eq(providerAccounts.id, accountId));
    }
    expect((await orderRow(first.id)).status).toBe('refunded');
    const stuck = await orderRow(second.id);
    expect(stuck.status).toBe('needs-attention');
    expect(stuck.note).toContain('El reembolso falló');
  });

  it('asks to accept a changed price before holding anything', async () => {
    const s = (await search('playa')).json().response;
    const option = s.items[0].options[0];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/playa/orders',
      payload: { cacheId: s.cacheId, optionId: option.optionId, price: { ...option.price, amount: '1.00' }, travellers, billing },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED', fields: { price: `${option.price.amount} ${option.price.currency}` } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/playa/orders',
      payload: {
        cacheId: s.cacheId,
        optionId: option.optionId,
        price: option.price,
        travellers,
        billing: { ...billing, phone: '3001234567' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('formato internacional');
  });
});

describe('mi reserva', () => {
  it('shows the order to the e-mail that made it, and the same 404 to anyone else', async () => {
    const { row } = await order();
    await payments.fire(row.id, 'approved');
    const ok = await t.app.inject({ method: 'GET', url: `/api/storefront/playa/orders/${row.ref}?email=laura@example.com` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().response).toMatchObject({ orderRef: row.ref, status: 'booked', holder: { name: 'Laura', surname: 'Gómez' } });
    expect(ok.json().response.voucher.status).toBe('confirmed');
    expect(ok.body).not.toContain('"cost"');
    const wrong = await t.app.inject({ method: 'GET', url: `/api/storefront/playa/orders/${row.ref}?email=otra@example.com` });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/storefront/playa/orders/SF-NOPE1234?email=laura@example.com' });
    const otherShop = await t.app.inject({ method: 'GET', url: `/api/storefront/solo-tickets/orders/${row.ref}?email=laura@example.com` });
    for (const r of [wrong, unknown, otherShop]) {
      expect(r.statusCode).toBe(404);
      expect(r.json().msg).toBe('No encontramos una reserva con esa referencia y correo');
    }
  });
});

/** The traveller's price in pesos of a supplier cost in dollars: converted (no decimals), then the shop's 10 %. */
function pesos(usd: string, rate = COP_RATE) {
  const converted = new Decimal(usd).mul(rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return converted.plus(converted.mul('0.10').toDecimalPlaces(0, Decimal.ROUND_HALF_UP)).toFixed(0);
}

/** The first mail to `to` containing `text`, waiting up to 5 s for it. */
async function mailTo(to: string, text: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = t.mail.messages.find((m) => m.to.includes(to) && m.raw.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a storefront selling in its display currency (decision 0560)', () => {
  it('searches, quotes, holds, charges and books in pesos; the order and the voucher keep the supplier cost and the rate', async () => {
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/hotel/hotelbeds/avail',
      headers: admin,
      payload: { ...criteria, destination: cartagena, provider_id: accountId },
    });
    expect(back.statusCode, back.body).toBe(200);
    const agencyPrice = new Map<string, { amount: string; currency: string }>(
      back.json().response.items.map((h: { code: string; minPrice: { amount: string; currency: string } }) => [h.code, h.minPrice]),
    );
    const shop = await search('pesos');
    expect(shop.statusCode, shop.body).toBe(200);
    const page = shop.json().response;
    expect(page.itemsFound).toBeGreaterThan(0);
    for (const h of page.items) {
      const base = agencyPrice.get(h.code);
      expect(base?.currency, h.code).toBe('USD');
      expect(h.minPrice).toEqual({ amount: pesos(base?.amount as string), currency: 'COP' });
      for (const o of h.options) expect(o.price.currency).toBe('COP');
    }
    for (const field of ['breakdown', 'cost', 'rate', 'markups', 'commission', 'netPrice']) expect(shop.body).not.toContain(`"${field}"`);

    const { row, option, answer } = await order('pesos');
    expect(option.price.amount).toMatch(/^\d+$/);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/pesos/hotels/quote',
      payload: { cacheId: page.cacheId, optionId: page.items[0].options[0].optionId },
    });
    expect(quote.json().response.price).toEqual(page.items[0].options[0].price);
    // The hold, the rate fixed on the order, and the payment session: the same pesos.
    expect(row).toMatchObject({ status: 'awaiting-payment', currency: 'COP' });
    expect(new Decimal(row.amount).eq(option.price.amount)).toBe(true);
    expect(row.exchange?.parts).toEqual([{ cost: expect.any(String), costCurrency: 'USD', rate: COP_RATE }]);
    expect(pesos(row.exchange?.parts[0].cost as string)).toBe(option.price.amount);
    const checkout = payments.checkoutOf(row.id);
    expect(checkout).toMatchObject({ amount: option.price.amount, currency: 'COP' });

    await payments.fire(row.id, 'approved');
    const booked = await orderRow(row.id);
    expect(booked.status, booked.note ?? '').toBe('booked');
    const [voucher] = await vouchersOf(`sf-${row.id}`);
    expect(voucher).toMatchObject({ priceCurrency: 'COP', costCurrency: 'USD', costNet: expect.any(String) });
    expect(new Decimal(voucher.priceGross).eq(option.price.amount)).toBe(true);
    expect(new Decimal(voucher.costNet as string).eq(row.exchange?.parts[0].cost as string)).toBe(true);
    expect((voucher.product as unknown as { breakdown: { rate: string; currency: string } }).breakdown).toMatchObject({
      rate: COP_RATE,
      currency: 'COP',
    });
    expect((voucher.payments as { storefront: unknown[] }).storefront).toEqual([
      expect.objectContaining({ amount: option.price.amount, currency: 'COP', status: 'approved' }),
    ]);
    const mine = await t.app.inject({ method: 'GET', url: `/api/storefront/pesos/orders/${answer.orderRef}?email=laura@example.com` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().response.price).toEqual({ amount: option.price.amount, currency: 'COP' });
    expect(mine.body).not.toContain('"exchange"');
    const mail = await mailTo('laura@example.com', answer.orderRef);
    expect(mail.raw).toContain(`Total pagado: ${formatMoney(option.price.amount, 'COP')}`);
  });

  it('answers a Spanish 422 for a display currency without a rate, never a price in the wrong currency', async () => {
    const res = await search('euros');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'EXCHANGE_RATE_MISSING',
      msg: 'Por ahora no podemos mostrar precios en EUR: falta la tasa de cambio. Inténtalo más tarde.',
    });
    const orders = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.currency, 'EUR'));
    expect(orders).toHaveLength(0);
  });

  it('keeps the rate of the quote when it changes before the payment; a payment after the hold at another price is refunded', async () => {
    const held = await order('pesos', { start: day(44), end: day(46) });
    const late = await order('pesos', { start: day(47), end: day(49) });
    await t.database.db.insert(exchangeRates).values([{ currency: 'COP', unitsPerUsd: '4100', validFrom: new Date() }]);
    // Within the hold: booked at the held pesos, with the quote's rate.
    await payments.fire(held.row.id, 'approved');
    expect((await orderRow(held.row.id)).status).toBe('booked');
    const [voucher] = await vouchersOf(`sf-${held.row.id}`);
    expect(new Decimal(voucher.priceGross).eq(held.option.price.amount)).toBe(true);
    expect((voucher.product as unknown as { breakdown: { rate: string } }).breakdown.rate).toBe(COP_RATE);
    // Approved within the hold but told after it: quoted again at the new rate, another price, so refunded and never booked.
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, late.row.id));
    await payments.fire(late.row.id, 'approved', { occurredAt: new Date(Date.now() - 120_000) });
    const refunded = await orderRow(late.row.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.note).toContain('cambiaron');
    expect(await vouchersOf(`sf-${late.row.id}`)).toHaveLength(0);
  });
});
