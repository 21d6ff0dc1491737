import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let ids: Record<string, string>;
let seeAllH: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const seeAll = await makeUser(t.database, 'adviser', w.agencyA.id, { canSeeAllVouchers: true });
  seeAllH = await loginAs(t.app, seeAll.email);
  const a = w.agencyA.id;
  const [adviserOwn, adminOwn, resellerOwn, otherAgency, supplier] = await Promise.all([
    makeVoucher(t.app, {
      agencyId: a,
      userId: w.users.adviser.id,
      client: { name: 'Mariana', surname: 'Quintero', email: 'mariana@test.example' },
    }),
    makeVoucher(t.app, {
      agencyId: a,
      userId: w.users.admin.id,
      provider: 'hotelbeds',
      integrator: 'hotelbeds',
      price: { gross: '4500000', currency: 'COP' },
      usdRate: '0.00025',
    }),
    makeVoucher(t.app, { agencyId: a, userId: w.users.reseller.id, type: 'ticket', status: 'on-request' }),
    makeVoucher(t.app, { agencyId: w.agencyB.id, userId: w.users.adminB.id, client: { name: 'Mariana', surname: 'Otra' } }),
    makeVoucher(t.app, { agencyId: w.agencyB.id, userId: w.users.adminB.id, provider: 'juniper', integrator: 'juniper' }),
  ]);
  ids = {
    adviserOwn: adviserOwn.voucher.id,
    adminOwn: adminOwn.voucher.id,
    resellerOwn: resellerOwn.voucher.id,
    otherAgency: otherAgency.voucher.id,
    supplierB: supplier.voucher.id,
  };
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': 'vitest', ...headers } });
const idsOf = (res: { json(): { docs: Array<{ _id: string }> } }) =>
  res
    .json()
    .docs.map((d) => d._id)
    .sort();

describe('list scope (spec §6)', () => {
  it('super sees every agency through /all', async () => {
    const res = await get('/api/voucher/all', w.headers.super);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalDocs).toBe(5);
    expect(body).toMatchObject({
      limit: 20,
      page: 1,
      totalPages: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
      totalDocsCapped: false,
    });
  });
  it('/all is forbidden to everyone else', async () => {
    for (const h of [w.headers.admin, w.headers.adviser, w.headers.reseller, w.headers.loader])
      expect((await get('/api/voucher/all', h)).statusCode).toBe(403);
  });
  it('an agency admin and a reseller see the whole agency and nothing else', async () => {
    const want = [ids.adviserOwn, ids.adminOwn, ids.resellerOwn].sort();
    expect(idsOf(await get('/api/voucher', w.headers.admin))).toEqual(want);
    expect(idsOf(await get('/api/voucher', w.headers.reseller))).toEqual(want);
    expect(idsOf(await get('/api/voucher', w.headers.adminB))).toEqual([ids.otherAgency, ids.supplierB].sort());
  });
  it('an adviser sees only his own unless canSeeAllVouchers', async () => {
    expect(idsOf(await get('/api/voucher', w.headers.adviser))).toEqual([ids.adviserOwn]);
    expect(idsOf(await get('/api/voucher', seeAllH))).toHaveLength(3);
  });
  it('a product loader sees the own-inventory vouchers of every agency', async () => {
    expect(idsOf(await get('/api/voucher', w.headers.loader))).toEqual([ids.adviserOwn, ids.resellerOwn, ids.otherAgency].sort());
  });
  it('/user/{id} lists one user inside the caller scope; anything else is a 404', async () => {
    expect(idsOf(await get(`/api/voucher/user/${w.users.adviser.id}`, w.headers.adviser))).toEqual([ids.adviserOwn]);
    expect(idsOf(await get(`/api/voucher/user/${w.users.adviser.id}`, w.headers.admin))).toEqual([ids.adviserOwn]);
    expect((await get(`/api/voucher/user/${w.users.admin.id}`, w.headers.adviser)).statusCode).toBe(404);
    expect((await get(`/api/voucher/user/${w.users.adviser.id}`, w.headers.adminB)).statusCode).toBe(404);
    expect((await get(`/api/voucher/user/${randomUUID()}`, w.headers.super)).statusCode).toBe(404);
    expect(idsOf(await get(`/api/voucher/user/${w.users.adminB.id}`, w.headers.super))).toHaveLength(2);
  });
  it('needs a session', async () => {
    expect((await get('/api/voucher')).statusCode).toBe(401);
  });
});

describe('filters and pagination', () => {
  it('matches client name, reference, user name, agency name, price and currency case-insensitively', async () => {
    expect(idsOf(await get('/api/voucher?q=mARIANA', w.headers.admin))).toEqual([ids.adviserOwn]);
    expect(idsOf(await get('/api/voucher/all?q=mariana', w.headers.super))).toHaveLength(2);
    const ref = (await get(`/api/voucher/${ids.adminOwn}`, w.headers.admin)).json().externalBookingReference as string;
    expect(idsOf(await get(`/api/voucher?q=${ref.toLowerCase()}`, w.headers.admin))).toEqual([ids.adminOwn]);
    expect(idsOf(await get('/api/voucher?q=4500000', w.headers.admin))).toEqual([ids.adminOwn]);
    expect(idsOf(await get('/api/voucher?q=cop', w.headers.admin))).toEqual([ids.adminOwn]);
    expect(idsOf(await get(`/api/voucher?q=${encodeURIComponent(w.agencyA.name.toUpperCase())}`, w.headers.admin))).toHaveLength(3);
    expect(idsOf(await get('/api/voucher?q=prueba%20reseller', w.headers.admin))).toEqual([ids.resellerOwn]);
  });
  it('filters by status, provider, type and booking date', async () => {
    expect(idsOf(await get('/api/voucher?status=on-request', w.headers.admin))).toEqual([ids.resellerOwn]);
    expect(idsOf(await get('/api/voucher?provider=hotelbeds', w.headers.admin))).toEqual([ids.adminOwn]);
    expect(idsOf(await get('/api/voucher?type=ticket', w.headers.admin))).toEqual([ids.resellerOwn]);
    expect(idsOf(await get('/api/voucher?from=2000-01-01&to=2000-01-02', w.headers.admin))).toEqual([]);
    expect(idsOf(await get('/api/voucher?from=2000-01-01', w.headers.admin))).toHaveLength(3);
  });
  it('treats SQL and LIKE metacharacters as text', async () => {
    for (const q of ["%'; drop table vouchers; --", '_', '%', '\\', '(.*)+[', 'ñandú"']) {
      const res = await get(`/api/voucher?q=${encodeURIComponent(q)}`, w.headers.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().docs).toEqual([]);
    }
  });
  it('paginates', async () => {
    const res = await get('/api/voucher?limit=2&page=2', w.headers.admin);
    expect(res.json()).toMatchObject({
      totalDocs: 3,
      limit: 2,
      page: 2,
      totalPages: 2,
      hasPrevPage: true,
      hasNextPage: false,
      prevPage: 1,
      nextPage: null,
    });
    expect(res.json().docs).toHaveLength(1);
  });
  it('answers 400 with a Spanish message for bad input', async () => {
    const bad = [
      'page=0',
      'limit=10000',
      'limit=0',
      'page=abc',
      `q=${'x'.repeat(10_000)}`,
      'status=nope',
      'provider=x',
      'type=boat',
      'from=2025-13-45x',
      'from=2025-02-01&to=2025-01-01',
    ];
    for (const qs of bad) {
      const res = await get(`/api/voucher?${qs}`, w.headers.admin);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().msg).toMatch(/[a-záéíóú]/i);
    }
    expect((await get('/api/voucher?q=x', w.headers.admin)).statusCode).toBe(200);
  });
});

describe('one voucher', () => {
  it('answers the detail with status history, supplier references and money as strings', async () => {
    const res = await get(`/api/voucher/${ids.adminOwn}`, w.headers.admin);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      _id: ids.adminOwn,
      type: 'hotel',
      provider: 'hotelbeds',
      status: 'confirmed',
      price: { gross: '4500000.00', currency: 'COP' },
      usd: { price: '1125.00' },
      start: '2030-06-10',
      nights: 3,
      agency: { _id: w.agencyA.id, name: w.agencyA.name },
    });
    expect(v.externalBookingReference).toMatch(/^TRV[A-Z0-9]{9}$/);
    expect(v.events).toHaveLength(1);
    expect(v.events[0]).toMatchObject({ kind: 'created', toStatus: 'confirmed' });
  });
  it('is a 404 out of scope, for unknown ids and 400 for bad ids', async () => {
    expect((await get(`/api/voucher/${ids.otherAgency}`, w.headers.admin)).statusCode).toBe(404);
    expect((await get(`/api/voucher/${ids.adminOwn}`, w.headers.adviser)).statusCode).toBe(404);
    expect((await get(`/api/voucher/${ids.adminOwn}`, w.headers.loader)).statusCode).toBe(404);
    expect((await get(`/api/voucher/${ids.adminOwn}`, seeAllH)).statusCode).toBe(200);
    expect((await get(`/api/voucher/${ids.adviserOwn}`, w.headers.adviser)).statusCode).toBe(200);
    expect((await get(`/api/voucher/${randomUUID()}`, w.headers.super)).statusCode).toBe(404);
    expect((await get('/api/voucher/not-an-id', w.headers.super)).statusCode).toBe(400);
  });
  it('renders the voucher PDF on the server', async () => {
    const res = await get(`/api/voucher/${ids.adviserOwn}/pdf`, w.headers.adviser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/voucher/${ids.adviserOwn}/pdf`, w.headers.adminB)).statusCode).toBe(404);
  });
});

describe('recording (booking flow)', () => {
  it('never creates a second voucher for a retried idempotency key', async () => {
    const key = `reserve-${randomUUID()}`;
    const first = await makeVoucher(t.app, { agencyId: w.agencyB.id, idempotencyKey: key });
    const again = await t.app.services.vouchers.record({ ...(await sample()), agencyId: w.agencyB.id, idempotencyKey: key });
    expect(again.created).toBe(false);
    expect(again.voucher.id).toBe(first.voucher.id);
    // The same key in another agency is another booking.
    const other = await t.app.services.vouchers.record({ ...(await sample()), agencyId: w.agencyA.id, idempotencyKey: key });
    expect(other.created).toBe(true);
    await t.app.services.vouchers.cancel({ auth: await superAuth(), ip: null, userAgent: null }, other.voucher.id, {});
  });
  it('applies a supplier update with optimistic locking and records the status change', async () => {
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyB.id,
      status: 'pending-provider',
      provider: 'restel',
      integrator: 'restel',
    });
    const updated = await t.app.services.vouchers.applyUpdate(voucher.id, voucher.version, {
      status: 'confirmed',
      locator: 'RST-778',
      supplierReferences: ['778899'],
    });
    expect(updated).toMatchObject({ status: 'confirmed', locator: 'RST-778', version: voucher.version + 1 });
    await expect(t.app.services.vouchers.applyUpdate(voucher.id, voucher.version, { status: 'cancelled' })).rejects.toMatchObject({
      status: 409,
    });
    const detail = (await get(`/api/voucher/${voucher.id}`, w.headers.adminB)).json();
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'status']);
    expect(detail.events[1]).toMatchObject({ fromStatus: 'pending-provider', toStatus: 'confirmed' });
    expect(detail.reservation.locator).toBe('RST-778');
  });
});

/** The first mail to `to` containing `text`, waiting up to 5 s for it. */
async function mailTo(to: string, text: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = t.mail.messages.find((m) => m.to.includes(to) && m.raw.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function sample() {
  return {
    userId: null,
    type: 'hotel' as const,
    integrator: 'travesia',
    provider: 'travesia',
    status: 'confirmed' as const,
    client: { name: 'Reintento' },
    price: { gross: '10.00', currency: 'USD' },
    product: { name: 'Hotel' },
  };
}
async function superAuth() {
  const { loadSession } = await import('../../http/auth.js');
  const token = w.headers.super['x-access-token'];
  const auth = await loadSession(t.database.db, token);
  if (!auth) throw new Error('no session');
  return auth;
}

describe('approvals (spec §4)', () => {
  it('an external link shows the voucher without internal data and takes one decision', async () => {
    const { voucher, approvalKey } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.admin.id,
      status: 'quotation',
      requireApproval: { validHours: 24 },
    });
    expect(approvalKey).toMatch(/^[0-9a-f]{64}$/);
    const view = await get(`/api/voucher/ext/${voucher.id}-${approvalKey}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ _id: voucher.id, approval: { status: 'pending' }, price: { gross: '1200.00' } });
    expect(view.json()).not.toHaveProperty('cost');
    expect(view.json()).not.toHaveProperty('markups');

    const wrong = 'a'.repeat(64);
    expect((await get(`/api/voucher/ext/${voucher.id}-${wrong}`)).statusCode).toBe(404);
    expect((await post('/api/voucher/ext/approve', { id: voucher.id, key: wrong, approved: true })).statusCode).toBe(404);
    expect((await get(`/api/voucher/ext/${voucher.id}-short`)).statusCode).toBe(400);
    expect((await post('/api/voucher/ext/approve', { id: voucher.id, key: approvalKey })).statusCode).toBe(400);

    const ok = await post(
      '/api/voucher/ext/approve',
      { id: voucher.id, key: approvalKey, approved: true },
      { 'x-forwarded-for': '1.2.3.4' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, approval: { status: 'approved' } });
    // Reused key, and a second decision by anyone: 409.
    expect((await post('/api/voucher/ext/approve', { id: voucher.id, key: approvalKey, approved: false })).statusCode).toBe(409);
    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: false }, w.headers.admin)).statusCode).toBe(409);

    const detail = (await get(`/api/voucher/${voucher.id}`, w.headers.admin)).json();
    expect(detail.approval).toMatchObject({ status: 'approved', decision: { approved: true, channel: 'external', userAgent: 'vitest' } });
    expect(detail.approval.decision.ip).toBeTruthy();
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'approved',
      actor: { kind: 'client', name: 'Laura Restrepo' },
      userAgent: 'vitest',
    });
    expect(await mailTo(voucher.client.email as string, 'Subject: Reserva aprobada')).toBeTruthy();
  });
  it('an expired link is a 410', async () => {
    const { voucher, approvalKey } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      status: 'quotation',
      requireApproval: { validHours: 1 },
    });
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update vouchers set approval_key_expires_at = now() - interval '1 minute' where id = ${voucher.id}`,
    );
    expect((await get(`/api/voucher/ext/${voucher.id}-${approvalKey}`)).statusCode).toBe(410);
    expect((await post('/api/voucher/ext/approve', { id: voucher.id, key: approvalKey, approved: true })).statusCode).toBe(410);
  });
  it('a new link replaces the old one; internal approval needs the permission and the scope', async () => {
    const { voucher, approvalKey } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.adviser.id,
      status: 'quotation',
      requireApproval: { validHours: 24 },
    });
    const link = await post(`/api/voucher/${voucher.id}/approval-link`, { sendToClient: true }, w.headers.admin);
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`/booking/external/${voucher.id}-[0-9a-f]{64}$`));
    expect((await get(`/api/voucher/ext/${voucher.id}-${approvalKey}`)).statusCode).toBe(404);
    expect((await mailTo(voucher.client.email as string, link.json().url)).raw).toContain('Subject: Aprueba tu reserva');

    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.adviser)).statusCode).toBe(403);
    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.adminB)).statusCode).toBe(404);
    expect((await post('/api/voucher/int/approve', { id: 'nope', approved: true }, w.headers.admin)).statusCode).toBe(400);
    const res = await post('/api/voucher/int/approve', { id: voucher.id, approved: false }, w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().approval.status).toBe('rejected');
    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.super)).statusCode).toBe(409);
    const ext = (await get(`/api/voucher/ext/${link.json().url.split('/').at(-1)}`)).json();
    expect(ext.approval.status).toBe('rejected');
  });
  it('a cancelled voucher cannot be approved', async () => {
    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id, status: 'cancelled' });
    const res = await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.admin);
    expect(res.statusCode).toBe(409);
    expect((await post(`/api/voucher/${voucher.id}/approval-link`, {}, w.headers.admin)).statusCode).toBe(409);
  });
  it('a link issued before a cancellation cannot approve the cancelled voucher', async () => {
    const { voucher, approvalKey } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.admin.id,
      status: 'quotation',
      requireApproval: { validHours: 24 },
    });
    expect((await post(`/api/voucher/${voucher.id}/cancel`, {}, w.headers.admin)).statusCode).toBe(200);
    const res = await post('/api/voucher/ext/approve', { id: voucher.id, key: approvalKey, approved: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/cancelad/i);
    const detail = (await get(`/api/voucher/${voucher.id}`, w.headers.admin)).json();
    expect(detail).toMatchObject({ status: 'cancelled', approval: { status: 'pending', decision: null } });
  });
  it('a reseller reads the agency vouchers but may not approve; other agencies get a 404', async () => {
    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id, userId: w.users.admin.id, status: 'quotation' });
    expect((await get(`/api/voucher/${voucher.id}`, w.headers.reseller)).statusCode).toBe(200);
    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.reseller)).statusCode).toBe(403);
    expect((await post('/api/voucher/int/approve', { id: voucher.id, approved: true }, w.headers.adminB)).statusCode).toBe(404);
    expect((await post(`/api/voucher/${voucher.id}/approval-link`, {}, w.headers.adminB)).statusCode).toBe(404);
    expect((await post('/api/voucher/ext/approve', { id: voucher.id, key: 'b'.repeat(64), approved: true })).statusCode).toBe(404);
  });
});

describe('cancellation', () => {
  it('quotes and cancels an own-inventory voucher from its stored policy, once', async () => {
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.adviser.id,
      policies: [{ from: '2000-01-01T00:00:00Z', percent: '25', currency: 'USD' }],
    });
    const quote = await post(`/api/voucher/${voucher.id}/cancel-quote`, {}, w.headers.adviser);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      cancellable: true,
      source: 'policy',
      penalty: { penalty: '300.00', penaltyCurrency: 'USD', penaltyType: '%', penaltyValue: '25' },
    });
    expect((await post(`/api/voucher/${voucher.id}/cancel`, {}, w.headers.adminB)).statusCode).toBe(404);
    expect((await post(`/api/voucher/${voucher.id}/cancel`, { version: 99 }, w.headers.adviser)).statusCode).toBe(409);
    const res = await post(`/api/voucher/${voucher.id}/cancel`, { note: 'Cliente enfermo' }, w.headers.adviser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      penalty: { penalty: '300.00', penaltyCaused: { type: 'cancellation', timeType: 'hours' } },
    });
    expect((await post(`/api/voucher/${voucher.id}/cancel`, {}, w.headers.adviser)).statusCode).toBe(409);
    expect((await post(`/api/voucher/${voucher.id}/cancel-quote`, {}, w.headers.adviser)).statusCode).toBe(409);
    const detail = (await get(`/api/voucher/${voucher.id}`, w.headers.adviser)).json();
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'cancelled',
      fromStatus: 'confirmed',
      toStatus: 'cancelled',
      note: 'Cliente enfermo',
    });
    expect((await mailTo(voucher.client.email as string, 'Subject: Reserva cancelada')).raw).toContain('Penalidad: 300.00 USD');
    // The agency side hears of it too.
    expect(await mailTo(w.users.adviser.email, 'Subject: Reserva cancelada')).toBeTruthy();
  });
  it('a supplier voucher with no provider account or locator to cancel with: a clear 409, nothing changed', async () => {
    // Supplier cancellations go through the adapters (modules/booking/cancellation.ts, tested there).
    const res = await post(`/api/voucher/${ids.supplierB}/cancel`, {}, w.headers.adminB);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUPPLIER_NOT_CANCELLABLE');
    expect((await get(`/api/voucher/${ids.supplierB}`, w.headers.adminB)).json().status).toBe('confirmed');
  });
  it('a product loader may not cancel', async () => {
    expect((await post(`/api/voucher/${ids.adviserOwn}/cancel`, {}, w.headers.loader)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it('streams the filtered scope as CSV', async () => {
    const res = await get('/api/voucher/export?format=csv&q=mariana', w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Referencia');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Mariana Quintero');
  });
  it('streams XLSX', async () => {
    const res = await get('/api/voucher/export?format=xlsx', w.headers.adminB);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
  it('rejects a bad format', async () => {
    expect((await get('/api/voucher/export?format=pdf', w.headers.admin)).statusCode).toBe(400);
  });
});
