/**
 * Where a supplier hotel search spends its time (issue 6, the stream bench's "+N ms over the
 * latency"): the Cartagena search of bench/hotel-search-stream.ts against Hotelbeds, Juniper and
 * Restel, through the real adapters and SupplierHttp, without the app or a database. The simulator
 * runs in its own process (`npm run sim`'s entry) with BENCH_LATENCIES (default "0,0,0": then the
 * HTTP time is the simulator's own work plus the transport). For each supplier it reports, per search:
 * the whole adapter call; the HTTP exchange as `fetch` sees it (to the headers, to the last byte);
 * and, timed apart on the same reply, the audit masking of the reply and the XML/JSON parse. Then
 * the three searches at once, as the streamed search sends them.
 * `node --import tsx bench/supplier-call-split.ts` (BENCH_RUNS, default 20).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SupplierId } from '@travesia/contracts';
import pino from 'pino';
import { supplierBaseUrl } from '../apps/server/src/suppliers/account.js';
import { MemoryAuditSink } from '../apps/server/src/suppliers/http/audit.js';
import { maskBody, secretValuesOf } from '../apps/server/src/suppliers/http/mask.js';
import { SupplierMetrics } from '../apps/server/src/suppliers/http/metrics.js';
import { SupplierHttp } from '../apps/server/src/suppliers/http/supplier-http.js';
import { createSupplierRegistry } from '../apps/server/src/suppliers/registry.js';
import { parseXml, xmlParser } from '../apps/server/src/suppliers/xml.js';
import { simulatorProcess } from './simulator-process.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const [hbMs, jpMs, rsMs] = (process.env.BENCH_LATENCIES ?? '0,0,0').split(',').map(Number);
const latency = { hotelbeds: hbMs, juniper: jpMs, restel: rsMs };

const sim = await simulatorProcess(latency);
const simUrl = sim.url;

/** fetch as SupplierHttp calls it, timed: to the response headers and to the last body byte. */
const marks: { headers: number; body: number; bytes: number }[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const t0 = performance.now();
  const res = await realFetch(input, init);
  const headersAt = performance.now() - t0;
  const buf = await res.arrayBuffer();
  marks.push({ headers: headersAt, body: performance.now() - t0, bytes: buf.byteLength });
  return new Response(buf, { status: res.status, headers: res.headers });
};

const audit = new MemoryAuditSink();
const http = new SupplierHttp({ audit, metrics: new SupplierMetrics(), log: pino({ level: 'silent' }), trustedOrigins: [simUrl] });
const registry = createSupplierRegistry(http);
const credentials: Record<string, Record<string, string>> = {
  hotelbeds: { hotelsApiKey: 'bench-hotels', hotelsSecret: 'sandbox' },
  juniper: { email: 'bench@demo.com', password: 'sandbox' },
  restel: { codigousu: 'BENCH', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' },
};
const destination: Record<string, string> = { hotelbeds: 'CTG', juniper: '49000', restel: 'COBOL' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const input = { checkIn: day(40), checkOut: day(42), rooms: [{ adults: 2, childrenAges: [] }] };

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const fmt = (xs: number[]) => `${q(xs, 0.5).toFixed(1).padStart(6)} / ${q(xs, 0.95).toFixed(1).padStart(6)}`;

console.log(`runs=${RUNS} simulator in its own process, latencies ${JSON.stringify(latency)}; ms p50 / p95`);
for (const supplier of ['hotelbeds', 'juniper', 'restel'] as const satisfies SupplierId[]) {
  const account = {
    id: randomUUID(),
    supplier,
    name: supplier,
    mode: 'sandbox' as const,
    credentials: credentials[supplier],
    settings: { currency: 'USD', nationality: 'CO', language: 'es' },
    baseUrl: supplierBaseUrl(supplier, 'sandbox', simUrl),
  };
  const adapter = registry.hotel(account);
  const search = () => adapter.search({ ...input, destination: destination[supplier] });
  await search(); // warm-up: connection, JIT, Juniper's login
  await search();
  const total: number[] = [];
  const headers: number[] = [];
  const body: number[] = [];
  let offers = 0;
  let reply: string;
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    marks.length = 0;
    const t0 = performance.now();
    const res = await search();
    total.push(performance.now() - t0);
    const last = marks[marks.length - 1];
    headers.push(last.headers);
    body.push(last.body);
    bytes = last.bytes;
    offers = res.offers.length;
  }
  // The last search's reply as the audit log kept it (masked; sandbox replies carry no secrets, so it is the raw text).
  const entry = audit.entries[audit.entries.length - 1];
  reply = entry.responseBody ?? '';
  const secrets = secretValuesOf(account);
  const mask: number[] = [];
  const parse: number[] = [];
  const parser = xmlParser(['HotelResult', 'HotelOption', 'hot', 'hab', 'reg', 'lin']);
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    maskBody(reply, secrets);
    mask.push(performance.now() - t0);
    t0 = performance.now();
    if (supplier === 'hotelbeds') JSON.parse(reply);
    else parseXml(parser, reply);
    parse.push(performance.now() - t0);
  }
  console.log(
    `${supplier.padEnd(10)} ${offers} offers, reply ${(bytes / 1024).toFixed(0)} KB\n` +
      `  adapter search total        ${fmt(total)}\n` +
      `  fetch: to headers           ${fmt(headers)}\n` +
      `  fetch: to last byte         ${fmt(body)}\n` +
      `  after fetch (total - fetch) ${fmt(total.map((x, i) => x - body[i]))}\n` +
      `  mask reply (audit)          ${fmt(mask)}\n` +
      `  parse reply                 ${fmt(parse)}`,
  );
}

// The three at once, as the streamed search sends them: ms from the common start to each adapter's answer.
const together = (['hotelbeds', 'juniper', 'restel'] as const).map((supplier) => {
  const adapter = registry.hotel({
    id: randomUUID(),
    supplier,
    name: supplier,
    mode: 'sandbox',
    credentials: credentials[supplier],
    settings: { currency: 'USD', nationality: 'CO', language: 'es' },
    baseUrl: supplierBaseUrl(supplier, 'sandbox', simUrl),
  });
  return { supplier, search: () => adapter.search({ ...input, destination: destination[supplier] }), ms: [] as number[] };
});
for (let i = -2; i < RUNS; i++) {
  const t0 = performance.now();
  await Promise.all(
    together.map(async (s) => {
      await s.search();
      if (i >= 0) s.ms.push(performance.now() - t0); // two warm-up rounds
    }),
  );
}
console.log('all three at once (adapter answers, ms from the common start):');
for (const s of together) console.log(`  ${s.supplier.padEnd(10)} ${fmt(s.ms)}`);
await sim.close();
process.exit(0);
