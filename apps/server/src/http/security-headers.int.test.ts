import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWebDist } from '../../test/web-dist.js';

/**
 * Issue 12, finding 9: browser security headers on the app, the API, the assets, the docs and the
 * 404s; hashed assets cached for a year, index.html never; HSTS only when the browser is on https.
 */
let plain: TestApp;
let secure: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let removeWeb: () => Promise<void>;
let asset: string;

beforeAll(async () => {
  const web = await makeWebDist();
  removeWeb = web.remove;
  asset = web.asset;
  [plain, secure] = await Promise.all([
    createTestApp({ WEB_DIST: web.dir }),
    createTestApp({ WEB_DIST: web.dir, PUBLIC_URL: 'https://reservas.example.com', CSP_IMG_SRC: 'http://tiles.internal:8080' }),
  ]);
  w = await makeWorld(plain.app, plain.database);
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close()]);
  await removeWeb();
});

const get = (t: TestApp, url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** The headers every answer carries, whatever served it. */
function expectBrowserHeaders(res: Awaited<ReturnType<typeof get>>) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it.each([
    ['the app shell', '/'],
    ['a client route', '/booking/list'],
    ['a hashed asset', '/assets/index-6winMaX_.js'],
    ['a public file', '/favicon.svg'],
    ['an anonymous API call', '/api/user'],
    ['an unknown API route', '/api/nope'],
    ['the API docs', '/api/docs/json'],
    ['a health check', '/health/live'],
  ])('on %s (%s)', async (_what, url) => {
    const res = await get(plain, url);
    expect(res.statusCode).toBeLessThan(500);
    expectBrowserHeaders(res);
  });

  it('images from any https host (photos, map tiles), the hosts of CSP_IMG_SRC and the simulator (sandbox photos)', async () => {
    const imgSrc = (res: Awaited<ReturnType<typeof get>>) =>
      /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1].split(' ') ?? [];
    const sim = (t: TestApp) => new URL(t.app.services.suppliers.simulatorUrl).origin;
    expect(sim(plain)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(imgSrc(await get(plain, '/'))).toEqual(["'self'", 'data:', 'blob:', 'https:', sim(plain)]);
    expect(imgSrc(await get(secure, '/'))).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://tiles.internal:8080', sim(secure)]);
  });

  it('on a signed-in API answer', async () => {
    const res = await get(plain, '/api/agency', w.headers.super);
    expect(res.statusCode).toBe(200);
    expectBrowserHeaders(res);
  });

  it('resources are same-origin only, except served images (agency logos are shown in mails)', async () => {
    expect((await get(plain, '/api/user')).headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await get(plain, asset)).headers['cross-origin-resource-policy']).toBe('same-origin');
    const image = await get(plain, `/api/file/serve/${'c'.repeat(64)}.webp`);
    expect(image.statusCode).toBeLessThan(500);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('no HSTS and no upgrade-insecure-requests on plain http', async () => {
    const res = await get(plain, '/');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    for (const url of ['/', asset, '/api/user']) {
      const res = await get(secure, url);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expectBrowserHeaders(res);
    }
  });
});

describe('caching of the built web', () => {
  it('hashed assets are immutable for a year', async () => {
    const res = await get(plain, asset);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html (direct, at / and through the client-route fallback) is never cached', async () => {
    for (const url of ['/', '/index.html', '/booking/list']) {
      const res = await get(plain, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('assets are sent as their build-time brotli or gzip copy when the browser takes it, still immutable (decision 0381)', async () => {
    const identity = await get(plain, asset, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await get(plain, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 5);
    const gz = await get(plain, asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
  });

  it('a visitor with a session cookie gets the signed-in app and its shell preloaded; one without, the small sign-in page', async () => {
    const signedOut = await get(plain, '/dashboard');
    expect(signedOut.body).not.toContain('modulepreload');
    const signedIn = await get(plain, '/dashboard', { cookie: 'adm-kd-token=abc' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
    const preloaded = [...signedIn.body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    // Each chunk once, and not the entry the page already loads.
    expect(preloaded.sort()).toEqual(['/assets/admin-layout-Ty56Ui78.js', '/assets/antd-Zx98Cv76.js', '/assets/mount-app-Qw12Er34.js']);
  });

  it('files without a content hash are revalidated', async () => {
    expect((await get(plain, '/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});
