import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemo } from '../../composition/seeders.js';
import { DEMO_PASSWORD } from './demo-foundation.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ db: t.database.db, log: pino({ level: 'silent' }) });
  // The whole demo seed with every place: over a minute when the shared machine is loaded.
}, 300_000);
afterAll(() => t.close());

describe('demo vouchers', () => {
  it('fills two years of bookings for both demo agencies, every status, idempotently', async () => {
    const admin = await loginAs(t.app, 'agencia@travesia.example', DEMO_PASSWORD);
    const list = (await t.app.inject({ method: 'GET', url: '/api/voucher', headers: admin })).json();
    expect(list.totalDocs).toBeGreaterThan(1000);
    const superH = await loginAs(t.app, 'super@travesia.example', DEMO_PASSWORD);
    for (const status of ['confirmed', 'confirmed-paid', 'cancelled', 'on-request', 'quotation', 'pending-provider', 'pre-reserved']) {
      const res = (await t.app.inject({ method: 'GET', url: `/api/voucher/all?status=${status}&limit=1`, headers: superH })).json();
      expect(res.totalDocs, status).toBeGreaterThan(0);
    }
    const years = (await t.app.inject({ method: 'GET', url: '/api/dashboard/year/available', headers: admin })).json().years;
    expect(years.length).toBeGreaterThanOrEqual(2);
    const last = (await t.app.inject({ method: 'GET', url: '/api/dashboard/last-vouchers?limit=10', headers: admin })).json().docs;
    expect(last).toHaveLength(10);
    const report = (await t.app.inject({ method: 'GET', url: '/api/dashboard/voucher-yearly-report', headers: admin })).json();
    expect(Number(report.year.totalAmount)).toBeGreaterThan(0);

    await seedDemo({ db: t.database.db, log: pino({ level: 'silent' }) });
    const again = (await t.app.inject({ method: 'GET', url: '/api/voucher', headers: admin })).json();
    expect(again.totalDocs).toBe(list.totalDocs);
  }, 120_000);
});
