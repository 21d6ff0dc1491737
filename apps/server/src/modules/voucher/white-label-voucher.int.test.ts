import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { agencies, vouchers, whiteLabels } from '../../db/schema/index.js';

// A storefront booking keeps its white label by id (migration 1200, docs/decisions/0420): renaming the
// shop's slug or name keeps the channel and its name in the bookings list, the detail and the dashboard;
// the migration's backfill finds the white label of older bookings by the slug in the integrator.
// On PGlite and on PostgreSQL.

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const URL_ = '/api/whitelabels';
const body = (over: Record<string, unknown>) => ({
  name: 'Mar Azul',
  slug: 'mar-azul-id',
  products: ['hotels-travesia'],
  currency: 'COP',
  language: 'es',
  markupPercent: '0',
  ...over,
});
const get = (url: string, headers = w.headers.admin) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const modules = { 'hotels-travesia': true, 'white-labels': true };
  await t.database.db.update(agencies).set({ options: modules }).where(eq(agencies.id, w.agencyA.id));
  await t.database.db.update(agencies).set({ options: modules }).where(eq(agencies.id, w.agencyB.id));
});
afterAll(() => t?.close());

describe('a storefront booking after its white label is renamed', () => {
  it('keeps the channel, shown by the current name, in the list, the detail and the dashboard', async () => {
    const created = await t.app.inject({ method: 'POST', url: URL_, headers: w.headers.admin, payload: body({}) });
    expect(created.statusCode, created.body).toBe(201);
    const wl = created.json() as { _id: string };
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      integrator: 'storefront:mar-azul-id',
      whiteLabelId: wl._id,
      provider: 'hotelbeds',
      client: { name: 'Sofía', surname: 'Renombre', email: 'sofia@test.example' },
    });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${wl._id}`,
      headers: w.headers.admin,
      payload: body({ name: 'Mar Azul Caribe', slug: 'mar-azul-caribe' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const label = { kind: 'storefront', label: 'Mar Azul Caribe' };
    for (const query of ['channel=storefront', 'channel=storefront&q=renombre']) {
      const list = await get(`/api/voucher?${query}`);
      expect(list.statusCode, list.body).toBe(200);
      const docs = list.json().docs as Array<{ _id: string; channel: unknown }>;
      expect(docs.find((d) => d._id === voucher.id)?.channel).toEqual(label);
    }
    expect((await get('/api/voucher?channel=backoffice&q=renombre')).json().docs).toEqual([]);
    expect((await get(`/api/voucher/${voucher.id}`)).json().channel).toEqual(label);

    const last = await get('/api/dashboard/last-vouchers?limit=50&channel=storefront');
    expect(last.statusCode, last.body).toBe(200);
    expect((last.json().docs as Array<{ _id: string }>).map((d) => d._id)).toContain(voucher.id);
    const back = await get('/api/dashboard/last-vouchers?limit=50&channel=backoffice');
    expect((back.json().docs as Array<{ _id: string }>).map((d) => d._id)).not.toContain(voucher.id);
  });

  it('another agency never sees the white label name through a voucher', async () => {
    const list = await get('/api/voucher?channel=storefront', w.headers.adminB);
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().docs)).not.toContain('Mar Azul');
  });
});

describe('migration 1200: the backfill of older storefront bookings', () => {
  it('sets the white label of the voucher agency whose slug the integrator names, and nothing else', async () => {
    const db = t.database.db;
    const [own] = await db
      .insert(whiteLabels)
      .values({ agencyId: w.agencyA.id, name: 'Selva Verde', slug: 'selva-verde-bf', status: 'active' })
      .returning();
    // Recorded before the column existed: integrator only.
    const old = (await makeVoucher(t.app, { agencyId: w.agencyA.id, integrator: 'storefront:selva-verde-bf', provider: 'hotelbeds' }))
      .voucher;
    // Same slug in another agency's integrator: not that agency's white label, left alone.
    const foreign = (await makeVoucher(t.app, { agencyId: w.agencyB.id, integrator: 'storefront:selva-verde-bf', provider: 'hotelbeds' }))
      .voucher;
    const office = (await makeVoucher(t.app, { agencyId: w.agencyA.id, integrator: 'hotelbeds', provider: 'hotelbeds' })).voucher;

    const migration = await readFile(new URL('../../db/migrations/1200-voucher-white-label.sql', import.meta.url), 'utf8');
    const backfill = migration.match(/update vouchers[^;]+;/)?.[0];
    expect(backfill).toBeDefined();
    await db.execute(sql.raw(backfill as string));

    const rows = await db
      .select({ id: vouchers.id, whiteLabelId: vouchers.whiteLabelId })
      .from(vouchers)
      .where(sql`${vouchers.id} in (${old.id}, ${foreign.id}, ${office.id})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.whiteLabelId]))).toEqual({
      [old.id]: own.id,
      [foreign.id]: null,
      [office.id]: null,
    });
    expect((await get(`/api/voucher/${old.id}`)).json().channel).toEqual({ kind: 'storefront', label: 'Selva Verde' });
  });

  it('a deleted white label leaves the booking in the storefront channel, named by its slug', async () => {
    const db = t.database.db;
    const [gone] = await db
      .insert(whiteLabels)
      .values({ agencyId: w.agencyA.id, name: 'Cerrada', slug: 'cerrada-id', status: 'active' })
      .returning();
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      integrator: 'storefront:cerrada-id',
      whiteLabelId: gone.id,
      provider: 'hotelbeds',
    });
    await db.delete(whiteLabels).where(eq(whiteLabels.id, gone.id));
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row.whiteLabelId).toBeNull();
    expect(row.channel).toBe('storefront');
    expect((await get(`/api/voucher/${voucher.id}`)).json().channel).toEqual({ kind: 'storefront', label: 'Tienda online cerrada-id' });
  });
});
