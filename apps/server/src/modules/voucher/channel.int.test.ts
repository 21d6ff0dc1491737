import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { whiteLabels } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';

// Storefront bookings as the agency sees them (issue 20 item 5, docs/decisions/0390): the bookings
// list's "Canal" filter (with and without the text filter), the white label's name as channel, the
// storefront payments in the detail, the dashboard cut by channel; on PGlite and on PostgreSQL.

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};
const SLUG = 'mar-azul-canal';
const payment = { gateway: 'wompi', reference: '15113-1700000000-12345', amount: '1380.00', currency: 'USD', status: 'approved' };

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const listIds = async (query: string, headers = w.headers.admin) => {
  const res = await get(`/api/voucher?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { docs: Array<{ _id: string; channel: { kind: string; label: string } }>; totalDocs: number };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const A = w.agencyA.id;
  const [wl] = await t.database.db
    .insert(whiteLabels)
    .values({ agencyId: A, name: 'Mar Azul Viajes', slug: SLUG, status: 'active' })
    .returning();
  ids.office = (
    await makeVoucher(t.app, { agencyId: A, userId: w.users.admin.id, integrator: 'hotelbeds', provider: 'hotelbeds' })
  ).voucher.id;
  ids.shop = (
    await makeVoucher(t.app, {
      agencyId: A,
      integrator: `storefront:${SLUG}`,
      whiteLabelId: wl.id,
      provider: 'hotelbeds',
      client: { name: 'Camila', surname: 'Tienda', email: 'camila@test.example' },
      price: { gross: '1380.00', currency: 'USD' },
      payments: { storefront: [payment] },
    })
  ).voucher.id;
  // A white label that no longer exists: the channel still says storefront, by its slug.
  ids.gone = (await makeVoucher(t.app, { agencyId: A, integrator: 'storefront:cerrada', provider: 'hotelbeds' })).voucher.id;
  // The other agency's storefront booking never shows in agency A's list.
  ids.other = (await makeVoucher(t.app, { agencyId: w.agencyB.id, integrator: 'storefront:otra', provider: 'hotelbeds' })).voucher.id;
});
afterAll(() => t.close());

describe('bookings list: channel filter', () => {
  it('the channel column is derived from the integrator', async () => {
    const res = await t.database.db.execute<{ id: string; channel: string }>(
      sql`select id, channel from vouchers where id in (${ids.office}, ${ids.shop})`,
    );
    expect(Object.fromEntries(rowsOf<{ id: string; channel: string }>(res).map((r) => [r.id, r.channel]))).toEqual({
      [ids.office]: 'backoffice',
      [ids.shop]: 'storefront',
    });
  });

  it('Tienda online lists the agency storefront bookings only, named by the white label', async () => {
    const page = await listIds('channel=storefront');
    expect(page.docs.map((d) => d._id).sort()).toEqual([ids.shop, ids.gone].sort());
    expect(page.totalDocs).toBe(2);
    const shop = page.docs.find((d) => d._id === ids.shop);
    expect(shop?.channel).toEqual({ kind: 'storefront', label: 'Mar Azul Viajes' });
    expect(page.docs.find((d) => d._id === ids.gone)?.channel).toEqual({ kind: 'storefront', label: 'Tienda online cerrada' });
  });

  it('Back office lists the other bookings, labelled Back office', async () => {
    const page = await listIds('channel=backoffice');
    expect(page.docs.map((d) => d._id)).toEqual([ids.office]);
    expect(page.docs[0].channel).toEqual({ kind: 'backoffice', label: 'Back office' });
    expect((await listIds('')).totalDocs).toBe(3);
  });

  it('combines with the text filter on both of its paths', async () => {
    expect((await listIds('channel=storefront&q=camila')).docs.map((d) => d._id)).toEqual([ids.shop]);
    expect((await listIds('channel=backoffice&q=camila')).docs).toEqual([]);
    const superPage = await listIds('channel=storefront&q=restrepo', w.headers.super);
    expect(superPage.docs.map((d) => d._id).sort()).toEqual([ids.gone, ids.other].sort());
  });

  it('a channel that does not exist is a 400 in Spanish', async () => {
    const res = await get('/api/voucher?channel=telefono', w.headers.admin);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Canal no válido');
  });
});

describe('voucher detail: storefront payments', () => {
  it('answers the payments and the channel to every role that sees the voucher, with no cost to the agency', async () => {
    for (const headers of [w.headers.admin, w.headers.super]) {
      const res = await get(`/api/voucher/${ids.shop}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json();
      expect(v.payments.storefront).toEqual([payment]);
      expect(v.channel).toEqual({ kind: 'storefront', label: 'Mar Azul Viajes' });
    }
    const agencyView = (await get(`/api/voucher/${ids.shop}`, w.headers.admin)).json();
    expect(agencyView.view).toBe('agency');
    expect(agencyView).not.toHaveProperty('cost');
    expect((await get(`/api/voucher/${ids.shop}`, w.headers.adminB)).statusCode).toBe(404);
  });

  it('prints the voucher PDF of a storefront booking', async () => {
    const res = await get(`/api/voucher/${ids.shop}/pdf`, w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('dashboard: channel filter', () => {
  it('the latest vouchers and the status chart follow the channel', async () => {
    // The agency's current month and year, as the dashboard itself cuts them (its zone).
    const report = await get('/api/dashboard/voucher-yearly-report?channel=storefront', w.headers.admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().year.count).toBe(2);
    expect(report.json().today.count).toBe(2);
    const { month } = report.json().month as { month: number };
    const { year } = report.json().year as { year: number };
    const last = async (channel: string) =>
      (
        (await get(`/api/dashboard/last-vouchers?limit=10&channel=${channel}`, w.headers.admin)).json() as { docs: Array<{ _id: string }> }
      ).docs
        .map((d) => d._id)
        .sort();
    expect(await last('storefront')).toEqual([ids.shop, ids.gone].sort());
    expect(await last('backoffice')).toEqual([ids.office]);
    const total = async (query: string) => {
      const res = await get(`/api/dashboard/voucher-by-status-chart?month=${month}&year=${year}${query}`, w.headers.admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Array<{ count: number }> }).data.reduce((n, d) => n + d.count, 0);
    };
    expect(await total('')).toBe(3);
    expect(await total('&channel=storefront')).toBe(2);
    expect(await total('&channel=backoffice')).toBe(1);
    expect((await get('/api/dashboard/year/available?channel=otro', w.headers.admin)).statusCode).toBe(400);
  });
});
