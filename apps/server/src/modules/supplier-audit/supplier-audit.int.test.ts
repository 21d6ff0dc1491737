import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { sandboxCredentials } from '../../../test/supplier-harness.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { ResolvedProviderAccount } from '../../suppliers/account.js';

/** The supplier audit log API (super only) and /metrics, fed by real adapter calls to the simulator. */
let t: TestApp;
let world: Awaited<ReturnType<typeof makeWorld>>;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const correlationId = randomUUID();
let account: ResolvedProviderAccount;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  t = await createTestApp({ SUPPLIER_SIM_URL: sim.url, METRICS_TOKEN: 'metrics-token-for-the-audit-test' });
  world = await makeWorld(t.app, t.database);
  const suppliers = t.app.services.suppliers;
  account = {
    id: randomUUID(),
    supplier: 'hotelbeds',
    name: 'Hotelbeds sandbox',
    mode: 'sandbox',
    credentials: sandboxCredentials('hotelbeds'),
    settings: { currency: 'USD', nationality: 'CO', language: 'es' },
    baseUrl: suppliers.baseUrlFor('hotelbeds', 'sandbox'),
  };
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const hotels = suppliers.registry.hotel(account);
  await hotels.search(
    { checkIn: day(20), checkOut: day(22), destination: 'MIA', rooms: [{ adults: 2, childrenAges: [] }] },
    { correlationId },
  );
  await hotels
    .search(
      { checkIn: day(20), checkOut: day(22), destination: 'MIA', rooms: [{ adults: 2, childrenAges: [] }] },
      { correlationId, simScenario: 'quota' },
    )
    .catch(() => undefined);
  await suppliers.audit.flush();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('GET /api/supplier-audit', () => {
  it('lists the exchanges of a search for super, newest first, without bodies', async () => {
    const res = await t.app.inject({ url: `/api/supplier-audit?correlationId=${correlationId}`, headers: world.headers.super });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalDocs).toBe(2);
    expect(body.docs[0]).toMatchObject({ supplier: 'hotelbeds', operation: 'hotel.search', accountId: account.id, correlationId });
    expect(body.docs[0]).not.toHaveProperty('requestBody');
    const errors = await t.app.inject({
      url: `/api/supplier-audit?correlationId=${correlationId}&outcome=error`,
      headers: world.headers.super,
    });
    expect(errors.json().docs.map((d: { errorCode: string; responseStatus: number }) => [d.errorCode, d.responseStatus])).toEqual([
      ['http:403', 403],
    ]);
    const ok = await t.app.inject({
      url: `/api/supplier-audit?supplier=hotelbeds&accountId=${account.id}&limit=1`,
      headers: world.headers.super,
    });
    expect(ok.json()).toMatchObject({ totalDocs: 2, limit: 1, totalPages: 2, hasNextPage: true });
  });

  it('shows one exchange with its masked bodies', async () => {
    const list = await t.app.inject({ url: `/api/supplier-audit?correlationId=${correlationId}`, headers: world.headers.super });
    const id = list.json().docs.find((d: { responseStatus: number }) => d.responseStatus === 200)._id;
    const res = await t.app.inject({ url: `/api/supplier-audit/${id}`, headers: world.headers.super });
    expect(res.statusCode).toBe(200);
    expect(res.json().requestBody).toContain('"stay"');
    expect(res.json().responseBody).toContain('"hotels"');
    expect(JSON.stringify(res.json())).not.toContain('sandbox');
  });

  it('refuses everyone but super', async () => {
    for (const who of ['admin', 'adviser', 'reseller', 'loader'] as const) {
      const res = await t.app.inject({ url: '/api/supplier-audit', headers: world.headers[who] });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/supplier-audit' })).statusCode).toBe(401);
  });

  it('validates filters in Spanish, and 404s unknown ids', async () => {
    const bad = await t.app.inject({ url: '/api/supplier-audit?supplier=acme&limit=1000&from=ayer', headers: world.headers.super });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ supplier: 'Proveedor no válido', limit: 'El límite máximo es 100' });
    const range = await t.app.inject({ url: '/api/supplier-audit?from=2026-05-02&to=2026-05-01', headers: world.headers.super });
    expect(range.statusCode).toBe(400);
    const missing = await t.app.inject({ url: `/api/supplier-audit/${randomUUID()}`, headers: world.headers.super });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/supplier-audit/not-a-uuid', headers: world.headers.super })).statusCode).toBe(400);
  });
});

describe('GET /metrics', () => {
  it('exposes supplier latency histograms and error counters in Prometheus text format', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-the-audit-test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/supplier_request_duration_seconds_bucket\{.*supplier="hotelbeds",operation="hotel.search",outcome="ok"/);
    expect(res.body).toMatch(/supplier_request_errors_total\{supplier="hotelbeds",operation="hotel.search",code="SUPPLIER_QUOTA"\} 1/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('audit log failures never break the supplier call', () => {
  it('a failing write is logged and counted, the search still answers', async () => {
    const { BatchingAuditSink } = await import('../../suppliers/http/audit.js');
    let dropped = 0;
    const errors: unknown[] = [];
    const sink = new BatchingAuditSink(
      async () => {
        throw new Error('database down');
      },
      { error: (o: unknown) => errors.push(o), warn: () => undefined } as never,
      { onDrop: (n) => (dropped += n), flushMs: 1 },
    );
    sink.write({
      accountId: 'a',
      supplier: 'restel',
      operation: 'hotel.search',
      correlationId: null,
      method: 'POST',
      url: 'x',
      attempt: 1,
      requestBody: null,
      responseStatus: 200,
      responseBody: null,
      durationMs: 1,
      errorCode: null,
      error: null,
      createdAt: new Date(),
    });
    await sink.flush();
    expect(dropped).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
