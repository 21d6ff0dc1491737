import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';

/**
 * Issue 12, finding 2: the approval link hands the client's decision to whoever holds its raw key, so
 * only those who may approve (`vouchers:approve`, in their scope) may issue one; readers may not.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': 'vitest', ...headers } });
const detail = async (id: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/voucher/${id}`, headers })).json();
const quotation = async () =>
  (await makeVoucher(t.app, { agencyId: w.agencyA.id, userId: w.users.adviser.id, status: 'quotation' })).voucher;
const keyOf = (url: string) => url.split('/').at(-1)?.slice(37) ?? '';

describe('POST /api/voucher/{id}/approval-link', () => {
  it.each(['reseller', 'adviser', 'loader'] as const)('%s reads the voucher but gets 403 and no link', async (who) => {
    const v = await quotation();
    expect((await t.app.inject({ method: 'GET', url: `/api/voucher/${v.id}`, headers: w.headers[who] })).statusCode).toBe(200);
    const res = await post(`/api/voucher/${v.id}/approval-link`, { sendToClient: false }, w.headers[who]);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/[0-9a-f]{64}/);
    const after = await detail(v.id, w.headers.admin);
    expect(after.approval).toBeNull();
    expect(after.events.map((e: { kind: string }) => e.kind)).not.toContain('approval-requested');
  });

  it('an agency admin of another agency gets 404', async () => {
    const v = await quotation();
    expect((await post(`/api/voucher/${v.id}/approval-link`, {}, w.headers.adminB)).statusCode).toBe(404);
  });

  it('anonymous callers get 401', async () => {
    const v = await quotation();
    expect((await post(`/api/voucher/${v.id}/approval-link`, {})).statusCode).toBe(401);
  });

  it('the agency admin and super issue links; the client decision is recorded as the client, by link', async () => {
    const v = await quotation();
    expect((await post(`/api/voucher/${v.id}/approval-link`, {}, w.headers.super)).statusCode).toBe(200);
    const res = await post(`/api/voucher/${v.id}/approval-link`, { sendToClient: false }, w.headers.admin);
    expect(res.statusCode).toBe(200);
    const key = keyOf(res.json().url);
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/voucher/ext/approve',
      payload: { id: v.id, key, approved: true },
      headers: { 'user-agent': 'client-browser' },
    });
    expect(decided.statusCode).toBe(200);
    const d = await detail(v.id, w.headers.admin);
    expect(d.approval).toMatchObject({
      status: 'approved',
      decision: { approved: true, channel: 'external', by: { userId: null, name: 'Laura Restrepo' }, userAgent: 'client-browser' },
    });
    const kinds = d.events.map((e: { kind: string; actor: { kind: string; userId: string | null } }) => [
      e.kind,
      e.actor.kind,
      e.actor.userId,
    ]);
    expect(kinds).toContainEqual(['approval-requested', 'user', w.users.admin.id]);
    expect(kinds).toContainEqual(['approved', 'client', null]);
  });

  it('a reader cannot decide through the public endpoint: nothing it can read carries the key', async () => {
    const v = await quotation();
    const link = await post(`/api/voucher/${v.id}/approval-link`, {}, w.headers.admin);
    const key = keyOf(link.json().url);
    for (const who of ['reseller', 'adviser', 'loader'] as const) {
      const seen = await t.app.inject({ method: 'GET', url: `/api/voucher/${v.id}`, headers: w.headers[who] });
      expect(seen.body).not.toContain(key);
      const list = await t.app.inject({ method: 'GET', url: '/api/voucher', headers: w.headers[who] });
      expect(list.body).not.toContain(key);
    }
    const guessed = await post('/api/voucher/ext/approve', { id: v.id, key: 'a'.repeat(64), approved: true });
    expect(guessed.statusCode).toBe(404);
    expect((await detail(v.id, w.headers.admin)).approval.status).toBe('pending');
  });
});
