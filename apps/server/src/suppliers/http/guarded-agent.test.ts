import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedProviderAccount } from '../account.js';
import { MemoryAuditSink } from './audit.js';
import { guardedLookup, type ResolveAll } from './guarded-agent.js';
import { SupplierMetrics } from './metrics.js';
import { SupplierHttp } from './supplier-http.js';

/**
 * Issue 12 #8: supplier hosts typed by users reach public addresses on supplier ports only, checked
 * when the connection is made. Every refused case here is refused before any packet leaves the
 * machine; the only server contacted is a local one standing in for the platform's simulator.
 */
const dns: Record<string, string[]> = {
  'localhost.': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'app.localtest.me': ['127.0.0.1', '::1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['8.8.8.8', '10.0.0.5'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'public.example.com': ['93.184.215.14'],
};
let rebindCalls = 0;
const fakeResolve: ResolveAll = async (name) => {
  // DNS rebinding: a public answer first (what a save-time check sees), loopback afterwards.
  if (name === 'rebind.example.com') return [{ address: rebindCalls++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
  const found = dns[name];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let server: Server;
let simUrl: string;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  simUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function layer() {
  const audit = new MemoryAuditSink();
  const http = new SupplierHttp({
    audit,
    metrics: new SupplierMetrics(),
    log: pino({ level: 'silent' }),
    retryDelayMs: 1,
    trustedOrigins: [simUrl],
    resolveAll: fakeResolve,
  });
  return { http, audit };
}
const account: ResolvedProviderAccount = {
  id: 'acc-1',
  supplier: 'juniper',
  name: 'Juniper',
  mode: 'production',
  credentials: {},
  settings: { currency: 'USD', nationality: 'CO', language: 'es' },
  baseUrl: 'https://example.com',
};
const call = (http: SupplierHttp, url: string) =>
  http.request({ account, operation: 'hotel.search', method: 'GET', url, idempotent: true }).then(
    () => 'reached',
    (err: { code?: string }) => err.code,
  );

describe('the guarded supplier connection', () => {
  it.each([
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://localhost.:8080/',
    'http://127.0.0.1.nip.io/',
    'http://app.localtest.me/',
    'http://metadata.example.com/',
    'http://mixed.example.com/',
    'http://mapped.example.com/',
    'http://8.8.8.8:3306/',
    'http://public.example.com:6379/',
  ])('refuses %s without retrying it', async (url) => {
    const { http, audit } = layer();
    expect(await call(http, url)).toBe('SUPPLIER_HOST_FORBIDDEN');
    expect(audit.entries).toHaveLength(1);
    await http.close();
  });

  it('connects to the address it checked, so a name rebound to loopback after validation is refused', async () => {
    rebindCalls = 0;
    // The save-time check (provider accounts) sees the public answer…
    expect(await fakeResolve('rebind.example.com')).toEqual([{ address: '93.184.215.14', family: 4 }]);
    const { http } = layer();
    // …the connection resolves again, sees loopback, and stops there.
    expect(await call(http, 'http://rebind.example.com/')).toBe('SUPPLIER_HOST_FORBIDDEN');
    await http.close();
  });

  it('lets the platform-configured simulator origin through (sandbox keeps working)', async () => {
    const { http } = layer();
    const before = hits;
    expect(await call(http, `${simUrl}/juniper`)).toBe('reached');
    expect(hits).toBe(before + 1);
    await http.close();
  });

  it('does not trust the simulator port on another loopback spelling', async () => {
    const { http } = layer();
    const port = new URL(simUrl).port;
    const before = hits;
    expect(await call(http, `http://localhost.:${port}/juniper`)).toBe('SUPPLIER_HOST_FORBIDDEN');
    expect(await call(http, `http://[::ffff:127.0.0.1]:${port}/juniper`)).toBe('SUPPLIER_HOST_FORBIDDEN');
    expect(hits).toBe(before);
    await http.close();
  });
});

describe('guardedLookup', () => {
  const lookup = guardedLookup(fakeResolve);
  const run = (name: string, all: boolean) =>
    new Promise<unknown>((resolve) =>
      lookup(name, { all }, (err, address, family) => resolve(err ? (err as Error).name : { address, family })),
    );

  it('hands the socket the addresses it checked', async () => {
    expect(await run('public.example.com', false)).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await run('public.example.com', true)).toEqual({ address: [{ address: '93.184.215.14', family: 4 }], family: undefined });
  });
  it('refuses a name when any of its addresses is not public', async () => {
    expect(await run('mixed.example.com', true)).toBe('ForbiddenDestinationError');
    expect(await run('app.localtest.me', false)).toBe('ForbiddenDestinationError');
  });
  it('passes resolution errors on', async () => {
    expect(await run('nowhere.example.com', false)).toBe('Error');
  });
});
