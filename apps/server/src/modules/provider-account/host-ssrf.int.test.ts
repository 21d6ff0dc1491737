import { PROVIDER_MESSAGES } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { ConnectionTester } from './connection-tester.js';

/**
 * Issue 12 #8 through the API: hosts typed into provider accounts and templates are refused when
 * they lead to this machine, a private network or a non-supplier port; the connection test answers
 * non-super users without latency or transport detail, and is throttled. No request leaves the
 * machine: the tester is a fake that reports a refused or a filtered port.
 */
let failure = 'El proveedor no está disponible en este momento. Inténtalo más tarde.';
const tester: ConnectionTester = { testConnection: async () => ({ ok: false, message: failure, latencyMs: 3 }) };

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: 'ab'.repeat(32) }, { connectionTester: tester });
  w = await makeWorld(t.app, t.database);
});
afterAll(() => t?.close());

const BAD_HOSTS = [
  'http://[::7f00:1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[fd00:ec2::254]/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://127.1:8080/',
  'http://100.100.100.200/',
  'http://192.0.0.170/',
  'http://localhost./',
  'http://intranet.local/',
  'https://xml.proveedor.com:22/',
  'https://xml.proveedor.com:6379/',
];

describe('supplier hosts typed by users', () => {
  it.each(BAD_HOSTS)('refuses %s in an agency account and in a template', async (host) => {
    const credentials = { email: 'xml@agencia.example', password: 'Clave-123456', host };
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/provider-account',
      headers: w.headers.admin,
      payload: { supplier: 'juniper', name: 'Juniper', credentials },
    });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().fields['credentials.host']).toBe(PROVIDER_MESSAGES.hostInvalid);
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/provider-template',
      headers: w.headers.super,
      payload: { supplier: 'juniper', name: 'Plantilla Juniper', credentials },
    });
    expect(template.statusCode, template.body).toBe(400);
    expect(template.json().fields['credentials.host']).toBe(PROVIDER_MESSAGES.hostInvalid);
  });

  it('accepts a public supplier host on a supplier port', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provider-account',
      headers: w.headers.admin,
      payload: {
        supplier: 'juniper',
        name: 'Juniper pública',
        credentials: { email: 'x@y.co', password: 'Clave-1', host: 'https://xml.proveedor.com:8443/ws' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the connection test', () => {
  let accountId: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provider-account',
      headers: w.headers.admin,
      payload: { supplier: 'hotelbeds', name: 'Hotelbeds', credentials: { hotelsApiKey: 'k', hotelsSecret: 's' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    accountId = res.json()._id;
  });
  const test = (headers: Record<string, string>, url = `/api/provider-account/${accountId}/test`) =>
    t.app.inject({ method: 'POST', url, headers });

  it('answers the agency admin the same for a refused and a filtered port, without latency', async () => {
    failure = 'El proveedor no está disponible en este momento. Inténtalo más tarde.';
    const refused = (await test(w.headers.admin)).json();
    failure = 'El proveedor tardó demasiado en responder. Inténtalo de nuevo.';
    const filtered = (await test(w.headers.admin)).json();
    expect(refused).toEqual(filtered);
    expect(refused).toMatchObject({ ok: false, msg: PROVIDER_MESSAGES.testFailed, latencyMs: null });
  });

  it('gives super the detail', async () => {
    failure = 'El proveedor tardó demasiado en responder. Inténtalo de nuevo.';
    const res = await test(w.headers.super, `/api/agency/${w.agencyA.id}/provider-account/${accountId}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, msg: failure, latencyMs: 3 });
  });

  it('throttles a user after 10 tests in 10 minutes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await test(w.headers.admin)).statusCode);
    // Two tests were already run above by this admin.
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    const last = await test(w.headers.admin);
    expect(last.statusCode).toBe(429);
    expect(last.json().msg).toBe(PROVIDER_MESSAGES.testThrottled);
  });
});
