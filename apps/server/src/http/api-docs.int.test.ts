import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 12, finding 13: the API description shows each caller only what it may call (decision 0111):
 * anonymous callers see the public operations, signed-in users those their type is allowed, super all.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t.close());

type Doc = { paths: Record<string, Record<string, { security?: unknown[] }>> };
const docFor = async (headers?: Record<string, string>, url = '/api/docs/json') => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
};
const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));

describe('/api/docs', () => {
  it('anonymous callers get the UI and a document with the public operations only', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    for (const url of ['/api/docs/json', '/%61pi/docs/json']) {
      const doc = await docFor(undefined, url);
      const ops = operations(doc);
      expect(ops).toContain('POST /api/user/login');
      expect(ops).toContain('POST /api/voucher/ext/approve');
      expect(ops.some((o) => o.includes('/api/agency'))).toBe(false);
      expect(ops.some((o) => o.includes('/api/provider-template'))).toBe(false);
      expect(ops.some((o) => o.includes('/api/supplier-audit'))).toBe(false);
      for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.security).toEqual([]);
    }
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/api/user/login');
    expect(yaml.body).not.toContain('/api/agency');
  });

  it('an adviser sees the booking operations but no admin ones', async () => {
    const ops = operations(await docFor(w.headers.adviser));
    expect(ops).toContain('GET /api/voucher');
    expect(ops).toContain('GET /api/user');
    expect(ops).not.toContain('GET /api/agency');
    expect(ops).not.toContain('POST /api/voucher/{id}/approval-link');
    expect(ops).not.toContain('GET /api/provider-template');
  });

  it('super sees every operation, each marked with what it needs', async () => {
    const full = t.app.swagger() as Doc;
    const ops = operations(await docFor(w.headers.super));
    expect(ops.sort()).toEqual(operations(full).sort());
    const agencyList = full.paths['/api/agency']?.get as Record<string, unknown>;
    expect(agencyList['x-permission']).toBe('agencies:manage');
    expect(full.paths['/api/user/login']?.post?.security).toEqual([]);
  });
});
