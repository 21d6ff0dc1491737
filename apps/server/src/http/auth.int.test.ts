import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { listenOnFreePort, rawRequest } from '../../test/raw-http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWebDist } from '../../test/web-dist.js';
import { agencies } from '../db/schema/index.js';

/**
 * Issue 12, finding 1: authentication is decided from the matched route, not the raw URL. Every
 * spelling of an API path that the router (or the web fallback) could accept is tried over real HTTP,
 * with the built web present so the SPA fallback is in play too.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let port: number;
let removeWeb: () => Promise<void>;

beforeAll(async () => {
  const web = await makeWebDist();
  removeWeb = web.remove;
  t = await createTestApp({ WEB_DIST: web.dir });
  w = await makeWorld(t.app, t.database);
  port = await listenOnFreePort(t.app);
});
afterAll(async () => {
  await t.close();
  await removeWeb();
});

/** Spellings of GET /api/agency an attacker would try. */
const AGENCY_VARIANTS = [
  '/%61pi/agency',
  '/ap%69/agency',
  '/%61%70%69/agency',
  '/%61%70%69/%61gency',
  '/api/%61gency',
  '/API/agency',
  '/Api/agency',
  '/api/AGENCY',
  '/%41PI/agency',
  '/%2561pi/agency',
  '/%252561pi/agency',
  '/api//agency',
  '//api/agency',
  '/api/./agency',
  '/api/x/../agency',
  '/x/../api/agency',
  '/api/%2e%2e/api/agency',
  '/api%2Fagency',
  '/api/agency/',
  '/api/agency?x=1',
  '/api/agency;x=1',
  '/api/agency%00',
  '/api\\agency',
];

const agencyCount = async () => (await t.database.db.select({ n: count() }).from(agencies))[0]?.n ?? 0;

describe('anonymous callers never reach a private route, however the path is spelled', () => {
  it.each(AGENCY_VARIANTS)('GET %s answers 401 or 404, never data', async (path) => {
    const res = await rawRequest(port, 'GET', path);
    expect([400, 401, 404], `${path}: ${res.status} ${res.body.slice(0, 120)}`).toContain(res.status);
    expect(res.body).not.toContain('"docs"');
    expect(res.body).not.toContain('<div id="root">');
  });

  it('cannot create an agency through a percent-encoded path (the reported attack)', async () => {
    const before = await agencyCount();
    for (const path of ['/%61pi/agency', '/ap%69/agency', '/%61%70%69/agency', '/API/agency']) {
      const res = await rawRequest(port, 'POST', path, {}, JSON.stringify({ name: 'Hackeada' }));
      expect([401, 404], `${path}: ${res.status}`).toContain(res.status);
    }
    expect(await agencyCount()).toBe(before);
  });

  it('cannot deactivate another agency through an encoded path', async () => {
    const res = await rawRequest(port, 'PUT', `/%61pi/agency/${w.agencyA.id}`, {}, JSON.stringify({ active: false }));
    expect(res.status).toBe(401);
    const [row] = await t.database.db.select().from(agencies).limit(1);
    expect(row).toBeDefined();
    const detail = await t.app.inject({ method: 'GET', url: `/api/agency/${w.agencyA.id}`, headers: w.headers.super });
    expect(detail.json().active).toBe(true);
  });

  it('HEAD of an encoded path is refused as well', async () => {
    const res = await rawRequest(port, 'HEAD', '/%61pi/agency');
    expect(res.status).toBe(401);
  });

  it('an unknown API route is a 404 in the API error shape, even with a session', async () => {
    const res = await rawRequest(port, 'GET', '/api/no-such-route', w.headers.super);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: true, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('legitimate callers on encoded paths keep their session and their limits', () => {
  it('super reaches /%61pi/agency with a session', async () => {
    const res = await rawRequest(port, 'GET', '/%61pi/agency', w.headers.super);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).docs.length).toBeGreaterThanOrEqual(2);
  });

  it('an adviser on /%61pi/agency gets 403, as on /api/agency', async () => {
    expect((await rawRequest(port, 'GET', '/%61pi/agency', w.headers.adviser)).status).toBe(403);
    expect((await rawRequest(port, 'GET', '/api/agency', w.headers.adviser)).status).toBe(403);
  });

  it('the cookie carries the session on an encoded path too', async () => {
    const cookie = `adm-kd-token=${w.headers.admin['x-access-token']}`;
    const res = await rawRequest(port, 'GET', '/ap%69/user', { cookie });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).user.email).toBe(w.users.admin.email);
  });
});

describe('the web fallback serves the app, never an API route', () => {
  it('a client route gets index.html', async () => {
    const res = await rawRequest(port, 'GET', '/booking/list');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/API/agency', '/%2561pi/agency', '/Api', '/api', '/HEALTH/live', '/Metrics', '/%61pi', '/api/agency/x/y/z'])(
    '%s is a 404, not the app',
    async (path) => {
      const res = await rawRequest(port, 'GET', path);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    },
  );

  it('built files stay public (no session needed)', async () => {
    expect((await rawRequest(port, 'GET', '/favicon.svg')).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/assets/index-6winMaX_.js')).status).toBe(200);
  });
});
