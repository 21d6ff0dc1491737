import { randomBytes } from 'node:crypto';
import { SETTINGS_MESSAGES } from '@travesia/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { pdfStreams, pdfText } from '../../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const APP = '/api/configuration/app';
const LOOK = '/api/configuration/appearance';

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

const appBody = (over: Record<string, unknown> = {}) => ({
  legalName: 'Viajes A S.A.S.',
  tradeName: 'Viajes A',
  taxId: '900123456-7',
  address: 'Calle 10 # 20-30',
  city: 'Bogotá',
  country: 'CO',
  phone: '+57 601 555 0000',
  website: 'https://viajes-a.example',
  billingEmail: 'Facturas@Viajes-A.example',
  defaultCurrency: 'COP',
  language: 'es',
  timeZone: 'America/Bogota',
  defaultNationality: 'CO',
  defaultAdults: 2,
  defaultChildren: 0,
  notificationEmails: { bookings: [], cancellations: [], approvals: [], deadlines: [] },
  deadlineShiftDays: 2,
  ...over,
});

function multipart(data: Buffer) {
  const boundary = `----travesia${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(data: Buffer, headers = w.headers.admin) {
  const body = multipart(data);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('permissions of /api/configuration/app and /appearance', () => {
  it('refuses advisers, resellers and product loaders; asks for a session', async () => {
    for (const url of [APP, LOOK]) {
      for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
        expect((await t.app.inject({ url, headers: h })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'PUT', url, headers: h, payload: {} })).statusCode).toBe(403);
      }
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('keeps an agency admin to their own agency, whatever the query says', async () => {
    const res = await t.app.inject({ url: `${APP}?agencyId=${w.agencyB.id}`, headers: w.headers.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agencyId: w.agencyA.id, timeZone: 'America/Bogota', updatedAt: null });
    const put = await t.app.inject({ method: 'PUT', url: `${APP}?agencyId=${w.agencyB.id}`, headers: w.headers.admin, payload: appBody() });
    expect(put.statusCode).toBe(200);
    expect(put.json().agencyId).toBe(w.agencyA.id);
    expect((await t.app.inject({ url: APP, headers: w.headers.adminB })).json()).toMatchObject({ agencyId: w.agencyB.id, legalName: null });
  });

  it('makes super name an existing agency', async () => {
    const none = await t.app.inject({ url: APP, headers: w.headers.super });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(SETTINGS_MESSAGES.agencyRequired);
    const unknown = await t.app.inject({ url: `${LOOK}?agencyId=00000000-0000-4000-8000-000000000000`, headers: w.headers.super });
    expect(unknown.statusCode).toBe(404);
    const b = await t.app.inject({
      method: 'PUT',
      url: `${APP}?agencyId=${w.agencyB.id}`,
      headers: w.headers.super,
      payload: appBody({ tradeName: 'B' }),
    });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ agencyId: w.agencyB.id, tradeName: 'B' });
  });
});

describe('/configuration/app', () => {
  it('saves and answers the profile, defaults and notification addresses', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: APP,
      headers: w.headers.admin,
      payload: appBody({
        notificationEmails: { bookings: ['Reservas@Viajes-A.example'], cancellations: [], approvals: [], deadlines: [] },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legalName: 'Viajes A S.A.S.',
      billingEmail: 'facturas@viajes-a.example',
      defaultCurrency: 'COP',
      deadlineShiftDays: 2,
      notificationEmails: { bookings: ['reservas@viajes-a.example'] },
    });
    expect((await t.app.inject({ url: APP, headers: w.headers.admin })).json()).toEqual(res.json());
  });

  it('answers a Spanish 400 per field for bad input and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', SETTINGS_MESSAGES['timeZone.invalid']],
      [{ timeZone: '+05:00' }, 'timeZone', SETTINGS_MESSAGES['timeZone.invalid']],
      [{ timeZone: 42 }, 'timeZone', SETTINGS_MESSAGES['timeZone.invalid']],
      [{ deadlineShiftDays: 31 }, 'deadlineShiftDays', SETTINGS_MESSAGES['shift.invalid']],
      [{ deadlineShiftDays: 1.5 }, 'deadlineShiftDays', SETTINGS_MESSAGES['shift.invalid']],
      [{ website: 'javascript:alert(1)' }, 'website', SETTINGS_MESSAGES['website.invalid']],
      [{ country: 'Colombia' }, 'country', SETTINGS_MESSAGES['country.invalid']],
      [{ defaultCurrency: 'XXX' }, 'defaultCurrency', SETTINGS_MESSAGES['currency.invalid']],
    ];
    for (const [over, field, msg] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: APP, headers: w.headers.admin, payload: appBody(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().msg, JSON.stringify(over)).toBe(msg);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: APP,
      headers: w.headers.admin,
      payload: appBody({ notificationEmails: { bookings: ['no es correo'], cancellations: [], approvals: [], deadlines: [] } }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: APP, headers: w.headers.admin })).json()).toMatchObject({
      timeZone: 'America/Bogota',
      deadlineShiftDays: 2,
    });
  });

  it('shows the agency in its zone: session, voucher PDF, dashboard and list days', async () => {
    // 23:30 UTC on 31 May is 18:30 in Bogotá (31 May) and 01:30 in Madrid (1 June); the agency's
    // deadline shift of 2 days (decision 0300) shows it on 29 May at 18:30, then 30 May at 01:30.
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      policies: [{ from: '2030-05-31T23:30:00Z', percent: '50', currency: 'USD' }],
    });
    const pdfOf = async () => pdfText((await t.app.inject({ url: `/api/voucher/${voucher.id}/pdf`, headers: w.headers.admin })).rawPayload);
    const bogota = await pdfOf();
    expect(bogota).toContain('Desde 29-05-2030 18:30 se cobra el 50% del total');
    expect(bogota).toContain('Cancelación gratis hasta 29-05-2030 18:29');

    const res = await t.app.inject({ method: 'PUT', url: APP, headers: w.headers.admin, payload: appBody({ timeZone: 'Europe/Madrid' }) });
    expect(res.statusCode).toBe(200);
    expect(await pdfOf()).toContain('Desde 30-05-2030 01:30 se cobra el 50% del total');
    const me = (await t.app.inject({ url: '/api/user', headers: w.headers.adviser })).json();
    expect(me.branding).toMatchObject({ timeZone: 'Europe/Madrid', deadlineShiftDays: 2 });
    const report = (await t.app.inject({ url: '/api/dashboard/voucher-yearly-report', headers: w.headers.admin })).json();
    expect(report.timeZone).toBe('Europe/Madrid');
    // Another agency keeps the default zone.
    expect((await t.app.inject({ url: '/api/dashboard/voucher-yearly-report', headers: w.headers.adminB })).json().timeZone).toBe(
      'America/Bogota',
    );
  });

  it('the CSV export writes "Creada" in the agency\'s zone, the zone the screens show (issue 15)', async () => {
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyB.id,
      client: { name: 'Zoe', surname: 'Husohorario', email: 'zoe-husohorario@test.example' },
    });
    await t.database.db.execute(
      `update vouchers set created_at = '2029-03-10T02:00:00Z' where id = '${voucher.id}'` as unknown as Parameters<
        typeof t.database.db.execute
      >[0],
    );
    const created = async () => {
      const res = await t.app.inject({ url: '/api/voucher/export?format=csv&q=husohorario', headers: w.headers.adminB });
      expect(res.statusCode).toBe(200);
      const [head, row] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      return row.split(',')[head.split(',').indexOf('Creada')];
    };
    const zone = (timeZone: string) =>
      t.app.inject({ method: 'PUT', url: `${APP}?agencyId=${w.agencyB.id}`, headers: w.headers.super, payload: appBody({ timeZone }) });
    await zone('America/Bogota');
    expect(await created()).toBe('09-03-2029 21:00:00');
    const session = (await t.app.inject({ url: '/api/user', headers: w.headers.adminB })).json();
    expect(session.branding.timeZone).toBe('America/Bogota');
    try {
      await zone('Europe/Madrid');
      expect(await created()).toBe('10-03-2029 03:00:00');
      expect((await t.app.inject({ url: '/api/user', headers: w.headers.adminB })).json().branding.timeZone).toBe('Europe/Madrid');
    } finally {
      await zone('America/Bogota');
    }
  });

  it('recounts the dashboard days of the agency when its zone changes', async () => {
    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyB.id });
    // Created at 02:00 UTC: the previous day in Bogotá, the same day in Madrid.
    await t.database.db.execute(
      `update vouchers set created_at = '2029-03-10T02:00:00Z' where id = '${voucher.id}'` as unknown as Parameters<
        typeof t.database.db.execute
      >[0],
    );
    const march = async () =>
      (await t.app.inject({ url: '/api/dashboard/voucher-by-month-chart?month=3&year=2029', headers: w.headers.adminB })).json()
        .data as Array<{
        day: number;
        count: number;
      }>;
    expect((await march()).find((d) => d.count > 0)?.day).toBe(9);
    await t.app.inject({
      method: 'PUT',
      url: `${APP}?agencyId=${w.agencyB.id}`,
      headers: w.headers.super,
      payload: appBody({ timeZone: 'Europe/Madrid' }),
    });
    expect((await march()).find((d) => d.count > 0)?.day).toBe(10);
  });
});

describe('/configuration/appearance', () => {
  it('refuses a colour that is not a colour and an image name never uploaded', async () => {
    for (const primaryColor of ['red', '#12345', 'rgb(0,0,0)', '#gggggg']) {
      const res = await t.app.inject({ method: 'PUT', url: LOOK, headers: w.headers.admin, payload: { primaryColor } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.primaryColor).toBe(SETTINGS_MESSAGES['color.invalid']);
    }
    const traversal = await t.app.inject({
      method: 'PUT',
      url: LOOK,
      headers: w.headers.admin,
      payload: { logoLight: '../../etc/passwd' },
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().fields.logoLight).toBe(SETTINGS_MESSAGES['image.invalid']);
    const missing = await t.app.inject({
      method: 'PUT',
      url: LOOK,
      headers: w.headers.admin,
      payload: { favicon: `${'a'.repeat(32)}.webp` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.favicon).toBe(SETTINGS_MESSAGES['image.missing']);
  });

  it('uploads through the file module: not an image 415, over 5 MB 413, in Spanish', async () => {
    const text = await upload(Buffer.from('esto no es una imagen'));
    expect(text.statusCode).toBe(415);
    expect(text.json().msg).toMatch(/imagen|formato/i);
    const big = await upload(Buffer.concat([await png('#ffffff'), randomBytes(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
  });

  it('saves logo, colour, theme and voucher texts; the session, the PDF and the mails show them', async () => {
    const logo = (await upload(await png('#ff0000'))).json().file as string;
    const dark = (await upload(await png('#000000'))).json().file as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: LOOK,
      headers: w.headers.admin,
      payload: {
        theme: 'ocean',
        primaryColor: '#1A6FB0',
        logoLight: logo,
        logoDark: dark,
        favicon: logo,
        voucherHeader: 'Viajes A · RNT 12345',
        voucherFooter: 'Gracias por viajar con Viajes A',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      theme: 'ocean',
      primaryColor: '#1a6fb0',
      logoLight: logo,
      voucherFooter: 'Gracias por viajar con Viajes A',
    });

    const me = (await t.app.inject({ url: '/api/user', headers: w.headers.adviser })).json();
    expect(me.agency).toMatchObject({ theme: 'ocean', logo: `/api/file/serve/${logo}` });
    expect(me.branding).toMatchObject({ primaryColor: '#1a6fb0', logoLight: logo, logoDark: dark, favicon: logo });
    // The logo is public now: mails and the external approval page show it to anyone.
    expect((await t.app.inject({ url: `/api/file/serve/${logo}` })).statusCode).toBe(200);

    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id });
    const pdf = (await t.app.inject({ url: `/api/voucher/${voucher.id}/pdf`, headers: w.headers.admin })).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('Viajes A · RNT 12345');
    expect(text).toContain('Gracias por viajar con Viajes A');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    // The primary colour #1a6fb0 = rgb(26, 111, 176) fills the PDF's headings (0.102 0.435 0.69 scn).
    const colourOp = /0\.10196\d* 0\.43529\d* 0\.69019\d* scn/;
    expect(pdfStreams(pdf).some((c) => colourOp.test(c))).toBe(true);

    const mail = await t.mail.waitFor(voucher.client.email as string);
    expect(mail.raw).toContain(`http://travesia.test/api/file/serve/${logo}`);
    expect(mail.raw).toContain('Gracias por viajar con Viajes A');
    expect(mail.raw).toContain('border-top:4px solid #1a6fb0');

    const cleared = await t.app.inject({ method: 'PUT', url: LOOK, headers: w.headers.admin, payload: { theme: 'default' } });
    expect(cleared.json()).toMatchObject({ theme: 'default', primaryColor: null, logoLight: null });
    expect((await t.app.inject({ url: '/api/user', headers: w.headers.admin })).json().agency.logo).toBeNull();
  });
});

describe("the agency's mail sender (decision 0262)", () => {
  it('voucher mails go out under its sender name with its reply-to; another agency keeps the platform sender', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/integrations/mail',
      headers: w.headers.admin,
      payload: { senderName: 'Reservas Viajes A', replyTo: 'reservas@viajes-a.example' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const clientEmail = `cliente-${Date.now()}@test.example`;
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      client: { name: 'Laura', surname: 'Gómez', email: clientEmail },
    });
    const mail = await t.mail.waitFor(clientEmail);
    expect(mail.raw).toContain(voucher.externalBookingReference);
    expect(mail.raw).toMatch(/From: "?Reservas Viajes A"? </i);
    expect(mail.raw).toMatch(/Reply-To: reservas@viajes-a\.example/i);

    const otherEmail = `cliente-b-${Date.now()}@test.example`;
    await makeVoucher(t.app, { agencyId: w.agencyB.id, client: { name: 'Luis', surname: 'Pérez', email: otherEmail } });
    const other = await t.mail.waitFor(otherEmail);
    expect(other.raw).not.toContain('Reservas Viajes A');
    expect(other.raw).not.toMatch(/Reply-To:/i);
  });
});

describe('who gets an agency mail', () => {
  it('adds the agency addresses of the kind and leaves out users who turned it off', async () => {
    const mailCtx = t.app.services.agencyMail;
    await t.app.inject({
      method: 'PUT',
      url: APP,
      headers: w.headers.admin,
      payload: appBody({
        notificationEmails: { bookings: [], cancellations: ['anulaciones@viajes-a.example'], approvals: [], deadlines: [] },
      }),
    });
    const before = await mailCtx.recipients(w.agencyA.id, w.users.adviser.id, 'cancellations');
    expect(before).toEqual(expect.arrayContaining([w.users.adviser.email, w.users.admin.email, 'anulaciones@viajes-a.example']));
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: w.headers.admin,
      payload: { profile: w.users.admin.profile, notifications: { cancellations: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = await mailCtx.recipients(w.agencyA.id, w.users.adviser.id, 'cancellations');
    expect(after).not.toContain(w.users.admin.email);
    expect(after).toContain('anulaciones@viajes-a.example');
    expect(await mailCtx.recipients(w.agencyA.id, w.users.adviser.id, 'bookings')).toContain(w.users.admin.email);
  });
});
