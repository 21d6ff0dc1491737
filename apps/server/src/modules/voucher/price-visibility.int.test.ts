import { randomUUID } from 'node:crypto';
import { formatMoney, type PriceBreakdown } from '@travesia/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';

/**
 * Issue 12 #5: every answer that carries a voucher's money follows the one visibility rule
 * (price-visibility.ts; decisions 0073, 0140) — JSON detail and lists, the cancel answer, CSV and XLSX
 * exports, the PDF and the public approval page.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let voucherId: string;
let approvalRef: string;

const platformRule = randomUUID();
const agencyRule = randomUUID();
/** Figures only super may see: the supplier's cost, the rate, the platform's margin and its rule. */
const SUPPLIER_SECRETS = ['987.65', '1067.75', '1067.66', '1.0811', '111.11', platformRule];
/** Figures the agency admin may also see, but not its staff: what the agency pays, its markup and rule. */
const AGENCY_SECRETS = ['1178.77', '77.77', agencyRule];

const breakdown: PriceBreakdown = {
  cost: '987.65',
  costCurrency: 'EUR',
  rate: '1.0811',
  convertedCost: '1067.66',
  steps: [
    { ruleId: platformRule, scope: 'platform', kind: 'fixed', value: '111.11', valueCurrency: 'USD', basis: null, amount: '111.11' },
    { ruleId: agencyRule, scope: 'agency', kind: 'fixed', value: '77.77', valueCurrency: 'USD', basis: null, amount: '77.77' },
    { ruleId: null, scope: 'commission', kind: 'fixed', value: '22.22', valueCurrency: 'USD', basis: null, amount: '22.22' },
  ],
  agencyCost: '1178.77',
  netPrice: '1256.54',
  price: '1278.76',
  currency: 'USD',
  commission: { mode: 'on-top', type: 'fixed', value: '22.22', amount: '22.22', source: 'agency' },
  usdEquivalent: '1278.76',
  usdRate: '1',
  belowCost: false,
};

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  // Own inventory (provider travesia) so every user type, the product loader too, has it in scope.
  const { voucher, approvalKey } = await makeVoucher(t.app, {
    agencyId: w.agencyA.id,
    userId: w.users.adviser.id,
    client: { name: 'Visible', surname: 'Cliente' },
    price: { gross: '1278.76', currency: 'USD' },
    cost: { net: '987.65', currency: 'EUR' },
    costUsdRate: '1.0811',
    markups: [
      { name: `platform:${platformRule}`, type: 'fixed', value: '111.11', amount: '111.11', currency: 'USD' },
      { name: `agency:${agencyRule}`, type: 'fixed', value: '77.77', amount: '77.77', currency: 'USD' },
    ],
    commission: { amount: '22.22', currency: 'USD' },
    payments: { client: { amount: '1278.76', currency: 'USD' } },
    product: { name: 'Hotel Visibilidad', destination: 'Cartagena', breakdown },
    requireApproval: { validHours: 24 },
  });
  voucherId = voucher.id;
  approvalRef = `${voucher.id}-${approvalKey}`;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const roles = ['admin', 'adviser', 'reseller', 'loader'] as const;
const hiddenFor = (role: (typeof roles)[number] | 'super') =>
  role === 'super' ? [] : role === 'admin' ? SUPPLIER_SECRETS : [...SUPPLIER_SECRETS, ...AGENCY_SECRETS];

describe('voucher JSON answers', () => {
  it('gives super the whole picture', async () => {
    const v = (await get(`/api/voucher/${voucherId}`, w.headers.super)).json();
    expect(v.view).toBe('full');
    expect(v.cost).toEqual({ net: '987.65', currency: 'EUR' });
    expect(v.usd.cost).toBe('1067.75');
    expect(v.agencyCost).toEqual({ amount: '1178.77', currency: 'USD' });
    expect(v.markups.map((m: { scope: string }) => m.scope)).toEqual(['platform', 'agency']);
    expect(v.product.breakdown.cost).toBe('987.65');
  });

  it('gives the agency admin its own cost and markup, never the supplier cost or the platform margin', async () => {
    const v = (await get(`/api/voucher/${voucherId}`, w.headers.admin)).json();
    expect(v.view).toBe('agency');
    expect(v).not.toHaveProperty('cost');
    expect(v.usd).not.toHaveProperty('cost');
    expect(v.agencyCost).toEqual({ amount: '1178.77', currency: 'USD' });
    expect(v.markups).toEqual([
      { name: `agency:${agencyRule}`, scope: 'agency', type: 'fixed', value: '77.77', amount: '77.77', currency: 'USD' },
    ]);
    expect(Object.keys(v.product.breakdown)).not.toEqual(expect.arrayContaining(['cost']));
    for (const key of ['cost', 'costCurrency', 'rate', 'convertedCost']) expect(v.product.breakdown).not.toHaveProperty(key);
    expect(v.product.breakdown.steps.map((s: { scope: string }) => s.scope)).toEqual(['agency', 'commission']);
  });

  it.each(['adviser', 'reseller', 'loader'] as const)('gives the %s the price and the commission only', async (role) => {
    const v = (await get(`/api/voucher/${voucherId}`, w.headers[role])).json();
    expect(v.view).toBe('staff');
    for (const key of ['cost', 'agencyCost', 'markups']) expect(v).not.toHaveProperty(key);
    expect(v.usd).not.toHaveProperty('cost');
    expect(v.price).toEqual({ gross: '1278.76', currency: 'USD' });
    expect(v.commission).toEqual({ amount: '22.22', currency: 'USD' });
    for (const key of ['cost', 'costCurrency', 'rate', 'convertedCost', 'agencyCost']) expect(v.product.breakdown).not.toHaveProperty(key);
    expect(v.product.breakdown.steps.map((s: { scope: string }) => s.scope)).toEqual(['commission']);
  });

  it.each(roles)('never puts a hidden figure anywhere in the detail or the lists for %s', async (role) => {
    const urls = [`/api/voucher/${voucherId}`, '/api/voucher?limit=100'];
    // The product loader's scope is own inventory, not other users' lists.
    if (role !== 'loader') urls.push(`/api/voucher/user/${w.users.adviser.id}`);
    for (const url of urls) {
      const res = await get(url, w.headers[role]);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body).toContain('Hotel Visibilidad');
      for (const secret of hiddenFor(role)) expect(res.body, `${role} ${url} shows ${secret}`).not.toContain(secret);
    }
  });

  it('keeps the public approval page free of any cost or breakdown', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/voucher/ext/${approvalRef}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).not.toHaveProperty('breakdown');
    for (const secret of [...SUPPLIER_SECRETS, ...AGENCY_SECRETS]) expect(res.body).not.toContain(secret);
  });
});

describe('exports and PDF', () => {
  const csvOf = async (headers: Record<string, string>) => {
    const res = await get('/api/voucher/export?format=csv&q=visible', headers);
    expect(res.statusCode).toBe(200);
    return { text: res.body, rows: parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>> };
  };

  it('writes the supplier cost columns for super only', async () => {
    const { rows } = await csvOf(w.headers.super);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Costo: '987.65', 'Moneda costo': 'EUR', 'Costo agencia': '1178.77', Precio: '1278.76' });
  });

  it('writes what the agency pays for the agency admin, never the supplier cost', async () => {
    const { rows, text } = await csvOf(w.headers.admin);
    expect(Object.keys(rows[0])).not.toContain('Costo');
    expect(Object.keys(rows[0])).not.toContain('Moneda costo');
    expect(rows[0]['Costo agencia']).toBe('1178.77');
    for (const secret of SUPPLIER_SECRETS) expect(text).not.toContain(secret);
  });

  it.each(['adviser', 'reseller', 'loader'] as const)('writes no cost column at all for the %s', async (role) => {
    const { rows, text } = await csvOf(w.headers[role]);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).filter((k) => k.startsWith('Costo') || k === 'Moneda costo')).toEqual([]);
    expect(rows[0].Precio).toBe('1278.76');
    for (const secret of hiddenFor(role)) expect(text).not.toContain(secret);
  });

  it.each(roles)('leaves the hidden columns out of the XLSX for %s', async (role) => {
    const res = await get('/api/voucher/export?format=xlsx&q=visible', w.headers[role]);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Reservas');
    if (!sheet) throw new Error('the export has no Reservas sheet');
    const cells = (sheet.getRow(1).values as unknown[]).concat(sheet.getRow(2).values as unknown[]).map(String);
    expect(cells).toContain('1278.76');
    expect(cells).not.toContain('Costo');
    expect(cells).not.toContain('987.65');
    if (role !== 'admin') expect(cells).not.toContain('Costo agencia');
  });

  it.each([...roles, 'super'] as const)('prints no hidden figure on the PDF for %s', async (role) => {
    const res = await get(`/api/voucher/${voucherId}/pdf`, w.headers[role]);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Hotel Visibilidad');
    expect(text).toContain(formatMoney('1278.76', 'USD'));
    const formatted = ['987.65', '1067.75', '1178.77', '77.77', '111.11'].flatMap((a) => [formatMoney(a, 'USD'), formatMoney(a, 'EUR')]);
    for (const secret of [...SUPPLIER_SECRETS, ...AGENCY_SECRETS, ...formatted]) expect(text).not.toContain(secret);
  });
});

describe('the dashboard', () => {
  it.each(roles)('reports prices only, no cost, for %s', async (role) => {
    const res = await get('/api/dashboard/last-vouchers?limit=50', w.headers[role]);
    if (res.statusCode === 403) return;
    expect(res.statusCode).toBe(200);
    for (const secret of [...SUPPLIER_SECRETS, ...AGENCY_SECRETS]) expect(res.body).not.toContain(secret);
  });
});

describe('CSV formula injection through the export (issue 12 #6)', () => {
  it('neutralises formulas in client, user and product names and keeps negative amounts numeric', async () => {
    await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.admin.id,
      client: { name: '=HYPERLINK("http://evil.example","Clic")', surname: 'Inyeccion' },
      product: { name: "@SUM(1+1)*cmd|' /C calc'!A0", destination: 'Cartagena' },
      payments: { client: { amount: '-15.50', currency: 'USD' } },
    });
    const res = await get('/api/voucher/export?format=csv&q=inyeccion', w.headers.admin);
    expect(res.statusCode).toBe(200);
    const [row] = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(row.Cliente).toBe('\'=HYPERLINK("http://evil.example","Clic") Inyeccion');
    expect(row.Producto).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(row['Pago cliente']).toBe('-15.50');
  });
});
