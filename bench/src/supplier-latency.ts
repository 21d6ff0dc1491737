/**
 * Supplier search latency through the real adapters against the simulator with per-supplier latency
 * (default hotelbeds 300 ms, juniper 800 ms, restel 1500 ms, santsg 500 ms).
 * Run: node --import tsx bench/src/supplier-latency.ts [rounds]
 */
import { randomUUID } from 'node:crypto';
import type { SupplierId } from '@travesia/contracts';
import { SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import pino from 'pino';
import { supplierBaseUrl } from '../../apps/server/src/suppliers/account.js';
import { MemoryAuditSink } from '../../apps/server/src/suppliers/http/audit.js';
import { SupplierMetrics } from '../../apps/server/src/suppliers/http/metrics.js';
import { SupplierHttp } from '../../apps/server/src/suppliers/http/supplier-http.js';
import { createSupplierRegistry } from '../../apps/server/src/suppliers/registry.js';

const rounds = Number(process.argv[2] ?? 10);
const latencyMs = { hotelbeds: 300, juniper: 800, restel: 1500, santsg: 500 };
const sim = await startSimulator({ port: 0, latencyMs });
const http = new SupplierHttp({
  audit: new MemoryAuditSink(),
  metrics: new SupplierMetrics(),
  log: pino({ level: 'silent' }),
  trustedOrigins: [sim.url],
});
const registry = createSupplierRegistry(http);
const creds: Record<SupplierId, Record<string, string>> = {
  hotelbeds: { hotelsApiKey: 'bench', hotelsSecret: SANDBOX_SECRET },
  juniper: { email: 'bench@x.test', password: SANDBOX_SECRET },
  restel: { codigousu: 'bench', clausu: SANDBOX_SECRET, afiliacio: 'RS', secacc: SANDBOX_SECRET },
  santsg: { agency: 'B', user: 'bench', password: SANDBOX_SECRET },
};
const account = (supplier: SupplierId) => ({
  id: randomUUID(),
  supplier,
  name: supplier,
  mode: 'sandbox' as const,
  credentials: creds[supplier],
  settings: { currency: 'USD', nationality: 'CO', language: 'es' },
  baseUrl: supplierBaseUrl(supplier, 'sandbox', sim.url),
});
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const rooms = [{ adults: 2, childrenAges: [] }];
const runs: [string, () => Promise<unknown>][] = [
  [
    'hotelbeds hotel.search CTG',
    () => registry.hotel(account('hotelbeds')).search({ checkIn: day(30), checkOut: day(33), rooms, destination: 'CTG' }),
  ],
  [
    'juniper hotel.search 49001',
    () => registry.hotel(account('juniper')).search({ checkIn: day(30), checkOut: day(33), rooms, destination: '49001' }),
  ],
  [
    'restel hotel.search COBOL',
    () => registry.hotel(account('restel')).search({ checkIn: day(30), checkOut: day(33), rooms, destination: 'COBOL' }),
  ],
  [
    'santsg flight.search BOG-MIA RT',
    () =>
      registry.flight(account('santsg')).search({
        serviceType: 'round-trip',
        legs: [{ from: { code: 'BOG', type: 'airport' }, to: { code: 'MIA', type: 'airport' }, date: day(30) }],
        returnDate: day(37),
        passengers: { adults: 2, children: 0, infants: 0 },
      }),
  ],
];
const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log(`rounds=${rounds} simulated latency ${JSON.stringify(latencyMs)}`);
for (const [name, fn] of runs) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  console.log(`${name.padEnd(34)} p50 ${pct(times, 50).toFixed(0).padStart(5)} ms  p95 ${pct(times, 95).toFixed(0).padStart(5)} ms`);
}
await sim.close();
