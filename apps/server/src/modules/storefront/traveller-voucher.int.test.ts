import { randomBytes } from 'node:crypto';
import { formatMoney } from '@travesia/contracts';
import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { RecordingPaymentPort } from '../../../test/payment-double.js';
import { pdfStreams, pdfText } from '../../../test/pdf-text.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { storefrontOrders, supplierDestinations, whiteLabels } from '../../db/schema/index.js';

/**
 * The traveller's voucher and confirmation e-mail in the white label's branding (issue 20 item 4, decision
 * 0603): the PDF of a booked order (its logo, name, colour, references, what was booked, travellers, total,
 * support), the same reference + e-mail rule as "mi reserva", and never the agency, cost or supplier.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const payments = new RecordingPaymentPort();
let admin: Record<string, string>;
let cartagena = '';
let whiteLabelId = '';
const SLUG = 'brisa';
const AGENCY = 'Agencia Secreta del Caribe';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const billing = {
  name: 'Laura',
  surname: 'Gómez',
  email: 'laura.brisa@example.com',
  phone: '+573001234567',
  document: { type: 'CC', number: '1020304050' },
};

async function uploadLogo(): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff6600' } })
    .png()
    .toBuffer();
  const boundary = `----travesia${randomBytes(8).toString('hex')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

async function order() {
  const s = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${SLUG}/hotels/search`,
    payload: { destination: cartagena, countryCode: 'CO', start: day(64), end: day(66), paxes: [{ adults: 2, children: [] }] },
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const option = items[0].options[0];
  const travellers = [
    [
      { name: 'Laura', surname: 'Gómez' },
      { name: 'Pedro', surname: 'Núñez' },
    ],
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storefront/${SLUG}/orders`,
    payload: { cacheId, optionId: option.optionId, price: option.price, travellers, billing },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.ref, res.json().response.orderRef));
  return row;
}

const voucher = (ref: string, email: string, slug = SLUG) =>
  t.app.inject({ method: 'GET', url: `/api/storefront/${slug}/orders/${ref}/voucher?email=${encodeURIComponent(email)}` });

async function mailTo(to: string, text: string) {
  await expect.poll(() => t.mail.messages.some((m) => m.to.includes(to) && m.raw.includes(text)), { timeout: 10_000 }).toBe(true);
  return t.mail.messages.find((m) => m.to.includes(to) && m.raw.includes(text)) as (typeof t.mail.messages)[number];
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url, storefrontPayments: payments });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([{ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' }]);
  const agency = await makeAgency(t.database, { name: AGENCY, modules: ['hotels-hotelbeds', 'white-labels'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  const [wl] = await t.database.db
    .insert(whiteLabels)
    .values({
      agencyId: agency.id,
      name: 'Brisa Viajes',
      slug: SLUG,
      status: 'active',
      products: ['hotels-hotelbeds'],
      markupPercent: '10',
    })
    .returning();
  whiteLabelId = wl.id;
  const logo = await uploadLogo();
  const draft = await t.app.inject({
    method: 'PUT',
    url: `/api/whitelabels/${whiteLabelId}/site/draft`,
    headers: admin,
    payload: { logo, primaryColor: '#ff6600', supportEmail: 'ayuda@brisa.example', supportPhone: '+573005550000' },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/whitelabels/${whiteLabelId}/site/publish`, headers: admin })).statusCode).toBe(
    200,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('the traveller voucher of a storefront booking', () => {
  it('is a PDF in the white label branding once booked, with the references, what was booked, travellers, total and help', async () => {
    const row = await order();
    const early = await voucher(row.ref, billing.email);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'VOUCHER_NOT_READY',
      msg: 'Tu reserva aún no está confirmada: el voucher estará disponible cuando lo esté',
    });

    await payments.fire(row.id, 'approved');
    const res = await voucher(row.ref, 'LAURA.brisa@example.com ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="voucher-${row.ref}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const booked = (await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, row.id)))[0];
    const mine = (await t.app.inject({ method: 'GET', url: `/api/storefront/${SLUG}/orders/${row.ref}?email=${billing.email}` })).json()
      .response;
    for (const shown of [
      'Brisa Viajes',
      'Voucher de tu reserva',
      row.ref,
      mine.voucher.reference,
      `Tu reserva en ${mine.hotel.name}`,
      'Pedro Núñez',
      formatMoney(booked.amount, booked.currency),
      'ayuda@brisa.example',
      '+573005550000',
      `/s/${SLUG}/mi-reserva?ref=${row.ref}`,
    ])
      expect(text, shown).toContain(shown);
    // The white label's colour, and its logo embedded as an image.
    expect(pdfStreams(res.rawPayload).some((s) => /1 0\.4 0 (rg|scn)/.test(s))).toBe(true);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    // Nothing the agency keeps: its name, the supplier, the cost.
    for (const hidden of [AGENCY, 'Hotelbeds', 'hotelbeds', 'Costo', 'Markup']) expect(text).not.toContain(hidden);
  });

  it('answers the same 404 to another e-mail, another shop or an unknown reference', async () => {
    const row = await order();
    await payments.fire(row.id, 'approved');
    for (const res of [
      await voucher(row.ref, 'otra@example.com'),
      await voucher('SF-NOEXISTE', billing.email),
      await voucher(row.ref, billing.email, 'otra-tienda'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await voucher(row.ref, 'otra@example.com')).json().msg).toBe('No encontramos una reserva con esa referencia y correo');
  });

  it('is linked from the confirmation e-mail, sent in the white label name and look', async () => {
    const row = await order();
    await payments.fire(row.id, 'approved');
    const mail = await mailTo(billing.email, row.ref);
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('Brisa Viajes');
    expect(raw).toContain(`/api/storefront/${SLUG}/orders/${row.ref}/voucher?email=laura.brisa%40example.com`);
    expect(raw).toContain('border-top:4px solid #ff6600');
    expect(raw).toMatch(/<img src="http:\/\/travesia\.test\/api\/file\/serve\/[0-9a-f]{32}\.webp"/);
    expect(raw).not.toContain(AGENCY);
  });
});
