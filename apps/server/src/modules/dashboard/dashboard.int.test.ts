import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { loadSession } from '../../http/auth.js';
import { DashboardRepository } from './repository.js';
import { DashboardService } from './service.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let seeAllH: Record<string, string>;

/** Records a voucher and moves its booking instant (the stats trigger follows the update). */
async function at(instant: string, over: Parameters<typeof makeVoucher>[1]) {
  const { voucher } = await makeVoucher(t.app, over);
  await t.database.db.execute(sql`update vouchers set created_at = ${instant}::timestamptz where id = ${voucher.id}`);
  return voucher.id;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const seeAll = await makeUser(t.database, 'adviser', w.agencyA.id, { canSeeAllVouchers: true });
  seeAllH = await loginAs(t.app, seeAll.email);
  const A = w.agencyA.id;
  const usd = (gross: string) => ({ price: { gross, currency: 'USD' } });
  await at('2024-03-05T15:00:00Z', { agencyId: A, userId: w.users.adviser.id, ...usd('100.00') });
  await at('2024-03-05T16:00:00Z', { agencyId: A, userId: w.users.admin.id, status: 'cancelled', ...usd('50.00') });
  await at('2024-03-20T12:00:00Z', {
    agencyId: A,
    userId: w.users.admin.id,
    status: 'confirmed-paid',
    price: { gross: '400000', currency: 'COP' },
    usdRate: '0.00025',
  });
  // 23:30 in Bogotá on 31 March is already 1 April in UTC: it belongs to 31 March.
  await at('2024-04-01T04:30:00Z', { agencyId: A, userId: w.users.adviser.id, ...usd('10.00') });
  await at('2024-02-10T15:00:00Z', { agencyId: A, userId: w.users.admin.id, ...usd('50.00') });
  await at('2023-12-10T15:00:00Z', { agencyId: A, userId: w.users.admin.id, status: 'on-request', ...usd('70.00') });
  await at('2024-03-05T17:00:00Z', { agencyId: w.agencyB.id, userId: w.users.adminB.id, ...usd('999.00') });
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const day = (body: { data: Array<{ day: number; totalAmount: string; count: number }> }, d: number) => body.data.find((x) => x.day === d);

describe('voucher-by-month-chart', () => {
  it('gives the agency its daily sales in USD for every day of the month, by business day', async () => {
    const res = await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', w.headers.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ month: 3, year: 2024, currency: 'USD' });
    expect(body.data).toHaveLength(31);
    expect(day(body, 5)).toEqual({ date: '2024-03-05', day: 5, totalAmount: '100.00', count: 1 });
    expect(day(body, 20)).toMatchObject({ totalAmount: '100.00', count: 1 });
    expect(day(body, 31)).toMatchObject({ totalAmount: '10.00', count: 1 });
    expect(day(body, 1)).toMatchObject({ totalAmount: '0.00', count: 0 });
  });
  it('scopes: super sees the platform, an adviser his own, canSeeAllVouchers the agency', async () => {
    expect(day((await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', w.headers.super)).json(), 5)?.totalAmount).toBe(
      '1099.00',
    );
    const adviser = (await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', w.headers.adviser)).json();
    expect(day(adviser, 20)?.totalAmount).toBe('0.00');
    expect(day(adviser, 31)?.totalAmount).toBe('10.00');
    expect(day((await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', seeAllH)).json(), 20)?.totalAmount).toBe('100.00');
    expect(day((await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', w.headers.adminB)).json(), 5)?.totalAmount).toBe(
      '999.00',
    );
  });
  it('rejects bad months and years, and the product loader', async () => {
    for (const qs of [
      'month=0&year=2024',
      'month=13&year=2024',
      'month=3',
      'month=3&year=abc',
      'month=3&year=99999',
      'month=1.5&year=2024',
    ]) {
      expect((await get(`/api/dashboard/voucher-by-month-chart?${qs}`, w.headers.admin)).statusCode, qs).toBe(400);
    }
    expect((await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', w.headers.loader)).statusCode).toBe(403);
    expect((await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024')).statusCode).toBe(401);
  });
});

describe('voucher-by-status-chart', () => {
  it('groups statuses into Pendientes, Canceladas and Aprobadas', async () => {
    const res = await get('/api/dashboard/voucher-by-status-chart?month=3&year=2024', w.headers.admin);
    expect(res.json().data).toEqual([
      { key: 'pending', label: 'Pendientes', count: 0 },
      { key: 'cancelled', label: 'Canceladas', count: 1 },
      { key: 'approved', label: 'Aprobadas', count: 3 },
    ]);
    const dec = (await get('/api/dashboard/voucher-by-status-chart?month=12&year=2023', w.headers.admin)).json();
    expect(dec.data[0]).toMatchObject({ key: 'pending', count: 1 });
  });
  it('follows status changes made after booking (the stats trigger)', async () => {
    const id = await at('2024-03-06T15:00:00Z', { agencyId: w.agencyB.id, userId: w.users.adminB.id });
    const before = (await get('/api/dashboard/voucher-by-status-chart?month=3&year=2024', w.headers.adminB)).json();
    expect(before.data[2].count).toBe(2);
    await t.app.inject({ method: 'POST', url: `/api/voucher/${id}/cancel`, headers: w.headers.adminB, payload: {} });
    const after = (await get('/api/dashboard/voucher-by-status-chart?month=3&year=2024', w.headers.adminB)).json();
    expect(after.data.map((d: { count: number }) => d.count)).toEqual([0, 1, 1]);
  });
});

describe('available years and months, last vouchers', () => {
  it('lists years with vouchers (and the current one) and the months of a year', async () => {
    const current = new Date().getUTCFullYear();
    const years = (await get('/api/dashboard/year/available', w.headers.admin)).json().years as number[];
    expect(years).toEqual(expect.arrayContaining([2024, 2023]));
    expect(years.some((y) => Math.abs(y - current) <= 1)).toBe(true);
    expect((await get('/api/dashboard/month/available?year=2024', w.headers.admin)).json()).toEqual({ year: 2024, months: [2, 3] });
    expect((await get('/api/dashboard/month/available?year=2024', w.headers.adviser)).json().months).toEqual([3]);
    expect((await get('/api/dashboard/month/available', w.headers.admin)).statusCode).toBe(400);
  });
  it('answers the latest vouchers of the scope with a short id', async () => {
    const res = await get('/api/dashboard/last-vouchers?limit=2&year=2024', w.headers.admin);
    expect(res.statusCode).toBe(200);
    const docs = res.json().docs;
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ shortId: docs[0]._id.slice(-6), totalUsd: '10.00', status: 'confirmed' });
    expect(docs[1].price).toEqual({ gross: '400000.00', currency: 'COP' });
    const adviser = (await get('/api/dashboard/last-vouchers?year=2024', w.headers.adviser)).json().docs;
    expect(adviser).toHaveLength(2);
    expect((await get('/api/dashboard/last-vouchers?year=2023', w.headers.adminB)).json().docs).toEqual([]);
    expect((await get('/api/dashboard/last-vouchers?limit=1000', w.headers.admin)).statusCode).toBe(400);
  });
});

describe('voucher-yearly-report', () => {
  it('answers the four indicators in USD with growth against the same stretch before', async () => {
    const res = await get('/api/dashboard/voucher-yearly-report', w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'USD', timeZone: 'America/Bogota' });
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['today', 'month', 'quarter', 'year']));
  });
  it('computes today, month, quarter and year at a given moment', async () => {
    const auth = await loadSession(t.database.db, w.headers.admin['x-access-token']);
    if (!auth) throw new Error('no session');
    const svc = new DashboardService(
      new DashboardRepository(t.database.db),
      t.app.services.vouchers,
      () => new Date('2024-03-20T20:00:00Z'),
    );
    const r = await svc.yearlyReport(auth);
    expect(r.today).toMatchObject({ totalAmount: '100.00', count: 1, percentageChange: null, from: '2024-03-20' });
    // March 1–20: 100 + 100; February 1–20: 50.
    expect(r.month).toMatchObject({ month: 3, totalAmount: '200.00', count: 2, percentageChange: 300 });
    expect(r.quarter).toMatchObject({ quarter: 1, totalAmount: '250.00', count: 3, percentageChange: null });
    expect(r.year).toMatchObject({ year: 2024, totalAmount: '250.00', count: 3, from: '2024-01-01', to: '2024-03-20' });
  });
});

describe('every figure follows the list scope (spec §6)', () => {
  // Runs after the status-change test above: Agencia B has 999.00 confirmed and one cancelled in March 2024.
  it('super, agency admin, reseller, adviser with and without canSeeAllVouchers, other agency', async () => {
    const svc = new DashboardService(
      new DashboardRepository(t.database.db),
      t.app.services.vouchers,
      () => new Date('2024-03-20T20:00:00Z'),
    );
    const cases: Array<[string, Record<string, string>, { year: string; count: number; donut: number[]; march5: string }]> = [
      ['super', w.headers.super, { year: '1249.00', count: 4, donut: [0, 2, 4], march5: '1099.00' }],
      ['agency admin', w.headers.admin, { year: '250.00', count: 3, donut: [0, 1, 3], march5: '100.00' }],
      ['reseller', w.headers.reseller, { year: '250.00', count: 3, donut: [0, 1, 3], march5: '100.00' }],
      ['adviser with canSeeAllVouchers', seeAllH, { year: '250.00', count: 3, donut: [0, 1, 3], march5: '100.00' }],
      ['adviser', w.headers.adviser, { year: '100.00', count: 1, donut: [0, 0, 2], march5: '100.00' }],
      ['other agency', w.headers.adminB, { year: '999.00', count: 1, donut: [0, 1, 1], march5: '999.00' }],
    ];
    for (const [who, headers, want] of cases) {
      const auth = await loadSession(t.database.db, headers['x-access-token']);
      if (!auth) throw new Error(`no session for ${who}`);
      expect(await svc.yearlyReport(auth), who).toMatchObject({ year: { totalAmount: want.year, count: want.count } });
      const donut = (await get('/api/dashboard/voucher-by-status-chart?month=3&year=2024', headers)).json();
      expect(
        donut.data.map((d: { count: number }) => d.count),
        who,
      ).toEqual(want.donut);
      const chart = (await get('/api/dashboard/voucher-by-month-chart?month=3&year=2024', headers)).json();
      expect(day(chart, 5)?.totalAmount, who).toBe(want.march5);
    }
  });
});
