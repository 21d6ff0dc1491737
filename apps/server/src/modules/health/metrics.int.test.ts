import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** Issue 12, finding 13: /metrics is not public. With METRICS_TOKEN it needs that bearer token; without, it does not exist. */
const TOKEN = 'metrics-token-0123456789abcdef';
let withToken: TestApp;
let without: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  [withToken, without] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
  w = await makeWorld(withToken.app, withToken.database);
});
afterAll(() => Promise.all([withToken.close(), without.close()]));

const metrics = (t: TestApp, headers?: Record<string, string>, url = '/metrics') => t.app.inject({ method: 'GET', url, headers });

describe('GET /metrics', () => {
  it('without METRICS_TOKEN it is disabled (404), even for super', async () => {
    expect((await metrics(without)).statusCode).toBe(404);
    expect((await metrics(without, { authorization: 'Bearer anything-at-all-here' })).statusCode).toBe(404);
  });

  it('answers 401 with no token, a wrong token or a user session', async () => {
    for (const headers of [undefined, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, w.headers.super]) {
      const res = await metrics(withToken, headers);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('# HELP');
    }
  });

  it('case and encoding variants do not get around the token', async () => {
    for (const url of ['/METRICS', '/%6detrics', '/metrics/', '/Metrics']) {
      const res = await metrics(withToken, undefined, url);
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('# HELP');
    }
  });

  it('serves the Prometheus text with the right bearer token', async () => {
    const res = await metrics(withToken, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# HELP');
  });
});
