import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody, hotelSearchBody, hotelSearchUrl } from '../../../../test/hotel-reserve.js';
import { pdfText } from '../../../../test/pdf-text.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 14: what the supplier asks to be shown on the voucher (Hotelbeds' "Payable through … VAT …
 * Reference" line — a certification requirement — and rate comments; Restel's hotel and confirmation
 * observations) is kept on the voucher, answered with it and printed on its PDF (docs/decisions/0180).
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let cartagena = '';
const acc: Record<string, string> = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, payload: payload as object });
}

async function book(integrator: 'hotelbeds' | 'restel', scenario?: string) {
  const s = await call('POST', hotelSearchUrl(integrator), admin, hotelSearchBody(acc[integrator], cartagena, day(50), day(52)));
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  // A 4-star Hotelbeds hotel carries rate comments in the simulator; any Restel hotel has observations.
  const item = items.find((i: { category?: string | null }) => /4|5/.test(String(i.category ?? ''))) ?? items[0];
  const q = await call('POST', '/api/hotel/quote', admin, { cacheId, optionId: item.options[0].optionId });
  expect(q.statusCode, q.body).toBe(200);
  const quote = q.json().response;
  const headers = { ...admin, 'idempotency-key': `rm-${randomUUID()}`, ...(scenario ? { 'x-sim-scenario': scenario } : {}) };
  return call('POST', '/api/voucher', headers, hotelReserveBody(quote, integrator));
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 4000 });
  t = await createTestApp({}, { simulatorUrl: sim.url, bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 0 } });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-restel'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  acc.restel = await createProviderAccount(t.app, admin, 'restel', {
    codigousu: 'TEST',
    clausu: 'sandbox',
    afiliacio: 'RS',
    secacc: 'sandbox',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('supplier remarks on the voucher', () => {
  it('Hotelbeds: "Payable through … VAT … Reference" first, then the rate comments; in the answer, the detail and the PDF', async () => {
    const res = await book('hotelbeds');
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().response;
    expect(booked.status).toBe('confirmed');
    const payable = `Payable through HOTELBEDS COLOMBIA S.A.S. (SIM), acting as agent for the service operating company, details of which can be provided upon request. VAT: 900123456-7 Reference: ${booked.locator}`;
    expect(booked.supplierRemarks[0]).toBe(payable);
    expect(booked.supplierRemarks.length).toBeGreaterThanOrEqual(2);

    const detail = (await call('GET', `/api/voucher/${booked._id}`, admin)).json();
    expect(detail.supplierRemarks).toEqual(booked.supplierRemarks);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, booked._id));
    expect(row.supplierRemarks).toEqual(booked.supplierRemarks);

    const pdf = await call('GET', `/api/voucher/${booked._id}/pdf`, admin);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Observaciones del proveedor');
    expect(text.replace(/\n/g, ' ')).toContain(`VAT: 900123456-7 Reference: ${booked.locator}`);
    expect(text).toContain('Payable through HOTELBEDS COLOMBIA');
  });

  it('Restel: hotel (24) and confirmation observations kept on the voucher', async () => {
    const res = await book('restel');
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().response;
    expect(booked.status).toBe('confirmed');
    expect(booked.supplierRemarks).toContain('Reserva confirmada. Presentar el bono en la recepción.');
    expect(booked.supplierRemarks.some((r: string) => r.includes('Check-in a partir de las 15:00'))).toBe(true);
    const detail = (await call('GET', `/api/voucher/${booked._id}`, admin)).json();
    expect(detail.supplierRemarks).toEqual(booked.supplierRemarks);
  });

  it('a lost reply recovered by the look-up keeps the remarks too', async () => {
    const res = await book('hotelbeds', 'lost-reply:book');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    expect(res.json().response.supplierRemarks).toEqual([]);
    await t.app.services.hotelBooking.recoverDue();
    const detail = (await call('GET', `/api/voucher/${id}`, admin)).json();
    expect(detail.status).toBe('confirmed');
    expect(detail.supplierRemarks[0]).toMatch(/^Payable through HOTELBEDS COLOMBIA S\.A\.S\. \(SIM\), .* VAT: 900123456-7 Reference: /);
  });
});
