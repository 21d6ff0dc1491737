import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { rowsOf } from '../../db/sql.js';
import { VoucherRepository, type VoucherScope, type ZonedFilter } from './repository.js';

// The text filter combined with the other list filters (issue 21, docs/decisions/0310): the window
// must stay one index-only walk of the scope's order index whatever the other filters are, and both
// text filter paths must answer the same. Checked on the plan's shape and the pages it reads (never
// on time), on PGlite and on PostgreSQL (`--project integration-postgres`).

const ROWS = 3000;
const WINDOW = 1000;
let t: TestApp;
let agencyId: string;
let userId: string;

const PROVIDERS = ['travesia', 'hotelbeds', 'juniper', 'restel'];
const TYPES = ['hotel', 'hotel', 'ticket', 'transfer'];
const STATUSES = ['confirmed', 'confirmed', 'cancelled', 'on-request', 'quotation'];
const SURNAMES = ['Restrepo', 'Gómez', 'Cárdenas', 'Ospina', 'Zapata'];

beforeAll(async () => {
  t = await createTestApp();
  const agency = await makeAgency(t.database, { name: 'Agencia Planes' });
  agencyId = agency.id;
  userId = (await makeUser(t.database, 'adviser', agencyId)).id;
  const seed = await makeVoucher(t.app, { agencyId, userId, client: { name: 'Semilla', surname: 'Uno' } });
  const res = await t.database.db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'vouchers' and is_generated = 'NEVER'
          and column_name not in ('id', 'external_booking_reference', 'idempotency_key', 'created_at', 'client',
                                  'status', 'provider', 'integrator', 'type')`,
  );
  const list = sql.raw(
    rowsOf<{ column_name: string }>(res)
      .map((r) => `"${r.column_name}"`)
      .join(', '),
  );
  const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);
  // ROWS bookings one hour apart: statuses, providers and types cycling at different periods, and
  // client surnames numbered so that "restrepo 7" is rare and "gomez" common.
  await t.database.db.execute(sql`
    insert into vouchers (${list}, external_booking_reference, created_at, client, status, provider, integrator, type)
    select ${list}, 'TRVPLAN' || g, '2030-01-01T00:00:00Z'::timestamptz - make_interval(hours => g),
           jsonb_build_object('name', 'Cliente', 'surname', (${arr(SURNAMES)})[g % 5 + 1] || ' ' || (g % 97)),
           (${arr(STATUSES)})[g % 5 + 1], (${arr(PROVIDERS)})[g % 4 + 1],
           case when g % 6 = 0 then 'storefront:tienda' else (${arr(PROVIDERS)})[g % 4 + 1] end,
           (${arr(TYPES)})[g % 7 % 4 + 1]
    from vouchers, generate_series(1, ${ROWS}) g where id = ${seed.voucher.id}`);
  // The visibility map must be set for index-only scans to skip the heap; statistics for the planner.
  await t.database.db.execute(sql`vacuum analyze vouchers`);
});
afterAll(() => t.close());

const COMBOS: Array<ZonedFilter & { q: string }> = [
  { q: 'restrepo 7', status: 'cancelled' },
  { q: 'restrepo 7', provider: 'restel' },
  { q: 'restrepo 7', type: 'ticket' },
  { q: 'restrepo 7', from: '2029-10-01', to: '2029-12-31' },
  { q: 'gomez', status: 'confirmed', provider: 'juniper', type: 'hotel' },
  { q: 'zzyzx', provider: 'hotelbeds' },
  // The sales channel (migration 1140, decision 0390): carried by the same order indexes.
  { q: 'restrepo 7', channel: 'storefront' },
  { q: 'gomez', channel: 'backoffice', status: 'confirmed' },
];

describe('text filter combined with other filters: the plan', () => {
  it('the window is an index-only walk of the order index, with no heap page read, for every combination', async () => {
    const repo = new VoucherRepository(t.database.db, { textWindow: WINDOW });
    const scopes: Array<[VoucherScope, string]> = [
      [{ kind: 'agency', agencyId }, 'vouchers_agency_created_filter_idx'],
      [{ kind: 'all' }, 'vouchers_created_filter_idx'],
      [{ kind: 'user', userId, agencyId }, 'vouchers_user_created_filter_idx'],
    ];
    const size = await t.database.db.execute<{ pages: number }>(
      sql`select (pg_relation_size('vouchers') / current_setting('block_size')::int)::int as pages`,
    );
    const heapPages = rowsOf<{ pages: number }>(size)[0].pages;
    expect(heapPages).toBeGreaterThan(50);
    for (const [scope, index] of scopes) {
      for (const filter of COMBOS) {
        const label = `${scope.kind} ${JSON.stringify(filter)}`;
        const plan = await repo.explainTextWindow(scope, filter);
        const onVouchers = plan.nodes.filter((n) => n.index?.startsWith('vouchers') || n.type.includes('Seq Scan'));
        expect(onVouchers, label).toEqual([{ type: 'Index Only Scan', index, heapFetches: 0 }]);
        expect(
          plan.nodes.map((n) => n.type),
          label,
        ).not.toContain('Bitmap Heap Scan');
        // The window reads at most WINDOW index entries: a fraction of the heap it no longer visits.
        expect(plan.sharedPages, label).toBeLessThan(heapPages / 2);
      }
    }
  });

  it('the window and the trigram path answer the same pages and counts for every combination', async () => {
    const windowOnly = new VoucherRepository(t.database.db, { textWindow: 100_000 });
    const small = new VoucherRepository(t.database.db, { textWindow: 200 });
    const scopes: VoucherScope[] = [{ kind: 'agency', agencyId }, { kind: 'all' }, { kind: 'user', userId, agencyId }];
    for (const scope of scopes) {
      for (const filter of COMBOS) {
        const label = `${scope.kind} ${JSON.stringify(filter)}`;
        const a = await windowOnly.list(scope, filter, 1, 20);
        const b = await small.list(scope, filter, 1, 20);
        expect(
          b.rows.map((r) => r.voucher.id),
          label,
        ).toEqual(a.rows.map((r) => r.voucher.id));
        expect({ total: b.total, capped: b.capped }, label).toEqual({ total: a.total, capped: a.capped });
        for (const r of a.rows) {
          if (filter.status) expect(r.voucher.status, label).toBe(filter.status);
          if (filter.provider) expect(r.voucher.provider, label).toBe(filter.provider);
          if (filter.type) expect(r.voucher.type, label).toBe(filter.type);
          if (filter.channel) expect(r.voucher.channel, label).toBe(filter.channel);
        }
      }
    }
    // The combinations do match something (the equalities above are not between empty answers).
    const found = await small.list({ kind: 'agency', agencyId }, { q: 'restrepo 7', provider: 'restel' }, 1, 20);
    expect(found.total).toBeGreaterThan(0);
    const shop = await small.list({ kind: 'agency', agencyId }, { q: 'restrepo 7', channel: 'storefront' }, 1, 20);
    expect(shop.total).toBeGreaterThan(0);
    const common = await small.list(
      { kind: 'agency', agencyId },
      { q: 'gomez', status: 'confirmed', provider: 'juniper', type: 'hotel' },
      1,
      20,
    );
    expect(common.total).toBeGreaterThan(0);
  });

  it('the list count of an agency or of the platform, whole or by status, comes from the daily stats', async () => {
    const repo = new VoucherRepository(t.database.db);
    const exact = async (where: string) =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from vouchers where ${where}`)))[0].n;
    const whole = await repo.list({ kind: 'agency', agencyId }, {}, 1, 20);
    expect(whole.total).toBe(await exact(`agency_id = '${agencyId}'`));
    const cancelled = await repo.list({ kind: 'agency', agencyId }, { status: 'cancelled' }, 1, 20);
    expect(cancelled.total).toBe(await exact(`agency_id = '${agencyId}' and status = 'cancelled'`));
    expect(cancelled.rows.every((r) => r.voucher.status === 'cancelled')).toBe(true);
    const all = await repo.list({ kind: 'all' }, { status: 'quotation' }, 1, 20);
    expect(all.total).toBe(await exact(`status = 'quotation'`));
  });
});
