import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { RecordingPaymentPort } from '../../../test/payment-double.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { storefrontOrders, supplierDestinations, whiteLabels } from '../../db/schema/index.js';

/**
 * The agency's view of its storefront's orders (decision 0602): every order, its status in the agency's
 * words, the voucher it made and why one was refunded or needs attention; scoped like the white-label admin.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const payments = new RecordingPaymentPort();
let cartagena = '';
let whiteLabelId = '';
const headers: Record<'admin' | 'adviser' | 'otherAdmin' | 'noModule' | 'super', Record<string, string>> = {
  admin: {},
  adviser: {},
  otherAdmin: {},
  noModule: {},
  super: {},
};
const ids: Record<'booked' | 'declined' | 'attention', string> = { booked: '', declined: '', attention: '' };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const billing = (surname: string) => ({
  name: 'Laura',
  surname,
  email: `${surname.toLowerCase()}@example.com`,
  phone: '+573001234567',
  document: { type: 'CC', number: '1020304050' },
});

async function order(surname: string) {
  const s = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/canal/hotels/search',
    payload: { destination: cartagena, countryCode: 'CO', start: day(60), end: day(62), paxes: [{ adults: 1, children: [] }] },
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const option = items[0].options[0];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/canal/orders',
    payload: {
      cacheId,
      optionId: option.optionId,
      price: option.price,
      travellers: [[{ name: 'Laura', surname }]],
      billing: billing(surname),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.ref, res.json().response.orderRef));
  return row;
}

const list = (who: Record<string, string>, query = '', id = whiteLabelId) =>
  t.app.inject({ method: 'GET', url: `/api/whitelabel/${id}/orders${query}`, headers: who });

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url, storefrontPayments: payments });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([{ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' }]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'white-labels'] });
  const other = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'white-labels'] });
  const plain = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  headers.admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  headers.adviser = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  headers.otherAdmin = await loginAs(t.app, (await makeUser(t.database, 'agency', other.id)).email);
  headers.noModule = await loginAs(t.app, (await makeUser(t.database, 'agency', plain.id)).email);
  headers.super = await loginAs(t.app, (await makeUser(t.database, 'super', null)).email);
  await createProviderAccount(t.app, headers.admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  const [wl] = await t.database.db
    .insert(whiteLabels)
    .values({
      agencyId: agency.id,
      name: 'Canal Viajes',
      slug: 'canal',
      status: 'active',
      products: ['hotels-hotelbeds'],
      markupPercent: '10',
    })
    .returning();
  whiteLabelId = wl.id;

  // One booked, one declined, one paid after its hold whose refund failed (left to the agency).
  const booked = await order('Reservada');
  await payments.fire(booked.id, 'approved');
  const declined = await order('Rechazada');
  await payments.fire(declined.id, 'declined');
  const attention = await order('Atencion');
  await t.database.db
    .update(storefrontOrders)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(storefrontOrders.id, attention.id));
  payments.failRefunds = true;
  try {
    await payments.fire(attention.id, 'approved');
  } finally {
    payments.failRefunds = false;
  }
  Object.assign(ids, { booked: booked.id, declined: declined.id, attention: attention.id });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('GET /api/whitelabel/{id}/orders', () => {
  it('lists every order newest first, with its status, product, payment, voucher and note, and no cost', async () => {
    const res = await list(headers.admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ totalDocs: 3, page: 1, totalPages: 1 });
    expect(page.docs.map((d: { _id: string }) => d._id)).toEqual([ids.attention, ids.declined, ids.booked]);
    const [attention, declined, booked] = page.docs;
    expect(attention).toMatchObject({
      status: 'needs-attention',
      statusLabel: 'Requiere atención',
      holder: { name: 'Laura', surname: 'Atencion' },
      email: 'atencion@example.com',
      gateway: 'wompi',
      voucher: null,
    });
    expect(attention.note).toContain('El pago se aprobó después de vencer el tiempo para pagar');
    expect(attention.note).toContain('El reembolso falló');
    expect(attention.product).toMatch(
      new RegExp(` · ${day(60).split('-').reverse().join('-')} a ${day(62).split('-').reverse().join('-')}$`),
    );
    expect(declined).toMatchObject({ status: 'declined', statusLabel: 'Pago rechazado', voucher: null });
    expect(booked).toMatchObject({ status: 'booked', statusLabel: 'Reservado', kind: 'hotel' });
    expect(booked.voucher).toMatchObject({ status: 'confirmed' });
    expect(booked.voucher.reference.length).toBeGreaterThan(3);
    expect(booked.price.currency).toBe('USD');
    // The traveller's price only: never the supplier cost, the rate or the markups.
    for (const hidden of ['exchange', 'cost', 'costCurrency', 'rate', 'markup', 'billing', 'travellers', 'option'])
      expect(res.body).not.toContain(`"${hidden}"`);
  });

  it('filters by status and pages', async () => {
    const attention = await list(headers.admin, '?status=needs-attention');
    expect(attention.json().docs.map((d: { _id: string }) => d._id)).toEqual([ids.attention]);
    const second = await list(headers.admin, '?limit=2&page=2');
    expect(second.json()).toMatchObject({ totalDocs: 3, page: 2, totalPages: 2, hasPrevPage: true });
    expect(second.json().docs.map((d: { _id: string }) => d._id)).toEqual([ids.booked]);
  });

  it('is the white label managers’ only: super sees any, another agency 404, staff 403, no module 403, no session 401', async () => {
    expect((await list(headers.super)).json().totalDocs).toBe(3);
    const other = await list(headers.otherAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('White label no encontrado');
    expect((await list(headers.adviser)).statusCode).toBe(403);
    const noModule = await list(headers.noModule);
    expect(noModule.statusCode).toBe(403);
    expect(noModule.json().msg).toBe('El módulo White Labels no está habilitado para tu agencia');
    expect((await list({})).statusCode).toBe(401);
  });

  it('answers bad input in Spanish, never a 500', async () => {
    const status = await list(headers.admin, '?status=perdido');
    expect(status.statusCode).toBe(400);
    expect(status.json().fields.status).toBe('Estado no válido');
    const limit = await list(headers.admin, '?limit=1000');
    expect(limit.statusCode).toBe(400);
    expect((await list(headers.admin, '', 'no-es-un-id')).statusCode).toBe(400);
    expect((await list(headers.admin, '', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
