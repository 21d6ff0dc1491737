import { VOUCHER_TEXT_COUNT_CAP } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { rowsOf } from '../../db/sql.js';
import { VoucherRepository } from './repository.js';

// The bookings list's text filter (docs/decisions/0052, 0056, 0057): accent folding, its two
// query paths (the newest-rows window and the trigram index) and the capped count, on PGlite and
// on PostgreSQL (`--project integration-postgres`).

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let ids: Record<string, string>;
let agencyC: string;
let adminC: Record<string, string>;

/** Copies voucher `id` `n` times with new references, one minute apart going back from `newest`. */
async function cloneVoucher(id: string, n: number, newest: string, client: Record<string, string>) {
  const res = await t.database.db.execute<{ column_name: string }>(
    sql`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'vouchers' and is_generated = 'NEVER'
          and column_name not in ('id', 'external_booking_reference', 'idempotency_key', 'created_at', 'client')`,
  );
  const cols = rowsOf<{ column_name: string }>(res).map((r) => `"${r.column_name}"`);
  const list = sql.raw(cols.join(', '));
  await t.database.db.execute(sql`
    insert into vouchers (${list}, external_booking_reference, created_at, client)
    select ${list}, 'TRVCLONE' || g || substr(md5(random()::text), 1, 6), ${newest}::timestamptz - make_interval(mins => g),
           ${JSON.stringify(client)}::jsonb
    from vouchers, generate_series(1, ${n}) g where id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const a = w.agencyA.id;
  const [accented, plain, upper, reseller] = await Promise.all([
    makeVoucher(t.app, { agencyId: a, userId: w.users.adviser.id, client: { name: 'José', surname: 'Gómez Peña' } }),
    makeVoucher(t.app, { agencyId: a, userId: w.users.admin.id, client: { name: 'jose', surname: 'gomez' } }),
    makeVoucher(t.app, { agencyId: a, userId: w.users.admin.id, client: { name: 'ANDRÉS', surname: 'GÓMEZ' } }),
    makeVoucher(t.app, { agencyId: a, userId: w.users.reseller.id, client: { name: 'Ana', surname: 'Gómez' } }),
  ]);
  const other = await makeVoucher(t.app, { agencyId: w.agencyB.id, userId: w.users.adminB.id, client: { name: 'Inés', surname: 'Gómez' } });
  ids = {
    accented: accented.voucher.id,
    plain: plain.voucher.id,
    upper: upper.voucher.id,
    reseller: reseller.voucher.id,
    other: other.voucher.id,
  };

  // A third agency with many bookings: 260 "Zoila Zúñiga" (dense), then one rare "Bárbara Ñústez"
  // older than all of them.
  const c = await makeAgency(t.database, { name: 'Agencia Múltiple' });
  agencyC = c.id;
  const admin = await makeUser(t.database, 'agency', agencyC);
  adminC = await loginAs(t.app, admin.email);
  const seed = await makeVoucher(t.app, { agencyId: agencyC, userId: admin.id, client: { name: 'Semilla', surname: 'Uno' } });
  await cloneVoucher(seed.voucher.id, 260, '2030-01-01T12:00:00Z', { name: 'Zoila', surname: 'Zúñiga' });
  await cloneVoucher(seed.voucher.id, 1, '2020-01-01T12:00:00Z', { name: 'Bárbara', surname: 'Ñústez' });
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const idsOf = (res: { json(): { docs: Array<{ _id: string }> } }) =>
  res
    .json()
    .docs.map((d) => d._id)
    .sort();

describe('accent- and case-insensitive text filter', () => {
  it('"gomez" finds "Gómez", "GÓMEZ" finds "gomez", in the caller scope only', async () => {
    const agencyA = [ids.accented, ids.plain, ids.upper, ids.reseller].sort();
    for (const q of ['gomez', 'GÓMEZ', 'Gómez', 'gÓmEz']) {
      const res = await get(`/api/voucher?q=${encodeURIComponent(q)}`, w.headers.admin);
      expect(res.statusCode, q).toBe(200);
      expect(idsOf(res), q).toEqual(agencyA);
      expect(res.json().totalDocs, q).toBe(4);
    }
    expect(idsOf(await get('/api/voucher/all?q=gomez', w.headers.super))).toEqual([...agencyA, ids.other].sort());
  });
  it('folds accents of every letter the unaccent dictionary knows (ñ, é, É) both ways', async () => {
    expect(idsOf(await get(`/api/voucher?q=${encodeURIComponent('jose gomez pena')}`, w.headers.admin))).toEqual([ids.accented]);
    expect(idsOf(await get(`/api/voucher?q=${encodeURIComponent('JOSÉ')}`, w.headers.admin))).toEqual([ids.accented, ids.plain].sort());
    expect(idsOf(await get(`/api/voucher?q=${encodeURIComponent('andres')}`, w.headers.admin))).toEqual([ids.upper]);
    expect(idsOf(await get(`/api/voucher?q=${encodeURIComponent('peña')}`, w.headers.admin))).toEqual([ids.accented]);
  });
  it('keeps every scope rule with a text filter: adviser, canSeeAllVouchers, reseller, other agency, /user/{id}', async () => {
    expect(idsOf(await get('/api/voucher?q=gomez', w.headers.adviser))).toEqual([ids.accented]);
    const seeAll = await makeUser(t.database, 'adviser', w.agencyA.id, { canSeeAllVouchers: true });
    expect(idsOf(await get('/api/voucher?q=gomez', await loginAs(t.app, seeAll.email)))).toHaveLength(4);
    expect(idsOf(await get('/api/voucher?q=gomez', w.headers.reseller))).toHaveLength(4);
    expect(idsOf(await get('/api/voucher?q=gomez', w.headers.adminB))).toEqual([ids.other]);
    expect(idsOf(await get(`/api/voucher/user/${w.users.reseller.id}?q=GOMEZ`, w.headers.admin))).toEqual([ids.reseller]);
    expect((await get(`/api/voucher/user/${w.users.reseller.id}?q=gomez`, w.headers.adminB)).statusCode).toBe(404);
    // The product loader sees own-inventory vouchers (the factory's default provider) of every agency.
    expect(idsOf(await get('/api/voucher?q=gomez', w.headers.loader))).toEqual([...Object.values(ids)].sort());
  });
  it('exports what the filter finds', async () => {
    const res = await get('/api/voucher/export?format=csv&q=GOMEZ', w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/Gómez|gomez|GÓMEZ/g)).toHaveLength(4);
  });
});

describe('text filter paths and counts', () => {
  it('a dense term: pages newest first and a count capped at VOUCHER_TEXT_COUNT_CAP', async () => {
    const first = (await get('/api/voucher?q=zuniga&limit=100', adminC)).json();
    expect(first).toMatchObject({ totalDocs: VOUCHER_TEXT_COUNT_CAP, totalDocsCapped: true, page: 1, hasNextPage: true });
    expect(first.docs).toHaveLength(100);
    const times = first.docs.map((d: { createdAt: string }) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe('2030-01-01T11:59:00.000Z');
    const second = (await get('/api/voucher?q=zuniga&limit=100&page=2', adminC)).json();
    expect(second.docs).toHaveLength(100);
    expect(second.docs[0].createdAt).toBe('2030-01-01T10:19:00.000Z');
    // Beyond the capped count: an empty page, never a deep scan.
    expect((await get('/api/voucher?q=zuniga&limit=100&page=3', adminC)).json().docs).toEqual([]);
  });
  it('a rare term older than the window is found with an exact count', async () => {
    const res = (await get(`/api/voucher?q=${encodeURIComponent('BARBARA ÑUSTEZ')}`, adminC)).json();
    expect(res).toMatchObject({ totalDocs: 1, totalDocsCapped: false });
    expect(res.docs[0].client).toMatchObject({ name: 'Bárbara', surname: 'Ñústez' });
    expect((await get('/api/voucher?q=inexistente', adminC)).json()).toMatchObject({ totalDocs: 0, docs: [] });
  });
  it('the window and the trigram path answer the same pages and counts', async () => {
    const scope = { kind: 'agency' as const, agencyId: agencyC };
    const small = new VoucherRepository(t.database.db, { textWindow: 50 });
    const big = new VoucherRepository(t.database.db);
    for (const [q, page, limit] of [
      ['zuniga', 1, 20],
      ['zúñiga', 3, 50],
      ['ñustez', 1, 20],
      ['zoila', 10, 20],
      ['uno', 1, 20],
    ] as const) {
      const a = await small.list(scope, { q }, page, limit);
      const b = await big.list(scope, { q }, page, limit);
      expect(
        a.rows.map((r) => r.voucher.id),
        q,
      ).toEqual(b.rows.map((r) => r.voucher.id));
      expect({ total: a.total, capped: a.capped }, q).toEqual({ total: b.total, capped: b.capped });
    }
    const combined = await small.list(scope, { q: 'zuniga', status: 'cancelled' }, 1, 20);
    expect(combined).toMatchObject({ rows: [], total: 0, capped: false });
    // With other filters the coverage check reads the daily stats (status, dates) or counts (provider, type).
    for (const [filter, total] of [
      [{ q: 'zuniga', status: 'confirmed' }, 200],
      [{ q: 'zuniga', from: '2030-01-01', to: '2030-01-01' }, 200],
      [{ q: 'zuniga', from: '2030-01-02' }, 0],
      [{ q: 'zuniga', provider: 'travesia' }, 200],
      [{ q: 'zuniga', type: 'ticket' }, 0],
      [{ q: 'ñustez', to: '2020-01-01' }, 1],
    ] as const) {
      const a = await small.list(scope, filter, 1, 20);
      const b = await big.list(scope, filter, 1, 20);
      expect(a.total, JSON.stringify(filter)).toBe(total);
      expect(a.rows.map((r) => r.voucher.id)).toEqual(b.rows.map((r) => r.voucher.id));
      expect({ total: a.total, capped: a.capped }).toEqual({ total: b.total, capped: b.capped });
    }
  });
  it('bounded answers for long, odd and hostile filters', async () => {
    for (const q of ['%', '_', '\\', "'; select pg_sleep(10); --", '(.*)+[', 'ñ'.repeat(100), 'a'.repeat(100)]) {
      const res = await get(`/api/voucher?q=${encodeURIComponent(q)}`, adminC);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().docs, q).toEqual([]);
    }
    const long = await get(`/api/voucher?q=${'x'.repeat(10_000)}`, adminC);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toMatch(/100/);
  });
});
