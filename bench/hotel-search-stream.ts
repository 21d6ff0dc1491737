/**
 * One hotel search across every supplier, streamed (issue 6): the whole app on a fresh database
 * (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), the supplier simulator with latencies
 * Hotelbeds 300 ms, Juniper 800 ms, Restel 1,500 ms (BENCH_LATENCIES="300,800,1500"), plus our own
 * inventory, searched over real HTTP by an agency user. The simulator runs in its own process, as a
 * remote supplier would (BENCH_SIM=inprocess shares the API's process and CPU instead). Measures when each `result` event reaches the
 * client, the first and the last one, and `done` (which carries the merged cacheId), then pages the
 * merged search. `npm run bench:hotel-stream`. Targets: last result within 50 ms of the slowest
 * supplier, first supplier result within 50 ms of the fastest.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startSimulator } from '@travesia/supplier-sim';
import { supplierDestinations } from '../apps/server/src/db/schema/index.js';
import { loginAs, makeAgency, makeUser } from '../apps/server/test/factories.js';
import { insertPlace } from '../apps/server/test/places.js';
import { createTestApp } from '../apps/server/test/test-app.js';
import { simulatorProcess } from './simulator-process.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const [hbMs, jpMs, rsMs] = (process.env.BENCH_LATENCIES ?? '300,800,1500').split(',').map(Number);
const latency = { hotelbeds: hbMs, juniper: jpMs, restel: rsMs };

const sim =
  process.env.BENCH_SIM === 'inprocess'
    ? await startSimulator({ port: 0, host: '127.0.0.1', latencyMs: latency })
    : await simulatorProcess(latency);
const t = await createTestApp({}, { simulatorUrl: sim.url });
const db = t.database.db;

const co = await insertPlace(t.database, 'Colombia', 'country', null);
const bol = await insertPlace(t.database, 'Bolívar', 'state', co);
const ctg = await insertPlace(t.database, 'Cartagena de Indias', 'city', bol);
await db.insert(supplierDestinations).values([
  { supplier: 'hotelbeds', placeId: ctg.id, code: 'CTG' },
  { supplier: 'juniper', placeId: ctg.id, code: '49000' },
  { supplier: 'restel', placeId: ctg.id, code: 'COBOL' },
]);
const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel', 'hotels-travesia'] });
const admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
const loader = await loginAs(t.app, (await makeUser(t.database, 'product-loader', null)).email);
const inject = async (url: string, headers: Record<string, string>, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
for (const [supplier, credentials] of [
  ['hotelbeds', { hotelsApiKey: 'bench-hotels', hotelsSecret: 'sandbox' }],
  ['juniper', { email: 'bench@demo.com', password: 'sandbox' }],
  ['restel', { codigousu: 'BENCH', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' }],
] as const)
  await inject('/api/provider-account', admin, { supplier, name: `${supplier} ${randomUUID().slice(0, 6)}`, credentials });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const hotel = await inject('/api/product/hotel', loader, {
  name: 'Hotel Casa Travesía',
  placeId: ctg.id,
  address: 'Calle del Arsenal 10',
  stars: 4,
  category: 'moderate',
  currency: 'USD',
  boards: ['RO', 'BB'],
  policy: { nonRefundable: false, rules: [], noShow: null },
  roomTypes: [{ name: 'Doble estándar', maxAdults: 3 }],
});
await inject('/api/product/hotel/avail/bulk', loader, {
  roomTypeId: hotel.roomTypes[0]._id,
  from: day(30),
  to: day(50),
  allotment: 5,
  price2: '100',
});

const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
const body = JSON.stringify({ destination: ctg.id, countryCode: 'CO', start: day(40), end: day(42), paxes: [{ adults: 2, children: [] }] });

/** One streamed search over HTTP: ms since the request of each event's arrival. */
async function run() {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/hotel/search/stream`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const at: Record<string, number> = {};
  let cacheId = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const [ev, data] = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
      const event = ev.replace('event: ', '');
      const payload = JSON.parse(data.replace('data: ', ''));
      const ms = performance.now() - t0;
      if (event === 'result') at[payload.supplier] = ms;
      if (event === 'failure') throw new Error(`${payload.supplier} failed: ${payload.code}`);
      if (event === 'done') {
        at.done = ms;
        cacheId = payload.cacheId;
      }
    }
  }
  const p0 = performance.now();
  const page = await fetch(`${base}/api/hotel/search/${cacheId}?limit=20&sort=-price`, { headers: admin });
  await page.json();
  at.page = performance.now() - p0;
  return at;
}

await run(); // warm-up: connections, JIT, the Juniper login
await run();
const runs: Record<string, number>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await run());

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const suppliers = ['travesia', 'hotelbeds', 'juniper', 'restel'] as const;
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${q(xs, 0.5).toFixed(0).padStart(5)} ms   p95 ${q(xs, 0.95).toFixed(0).padStart(5)} ms   max ${Math.max(...xs)
      .toFixed(0)
      .padStart(5)} ms`,
  );
console.log(
  `runs=${RUNS} simulated latencies: hotelbeds ${hbMs} ms, juniper ${jpMs} ms, restel ${rsMs} ms; + own inventory; simulator ${process.env.BENCH_SIM === 'inprocess' ? 'in process' : 'own process'}`,
);
for (const s of suppliers)
  line(
    `result ${s}`,
    runs.map((r) => r[s]),
  );
const fastest = Math.min(hbMs, jpMs, rsMs);
const slowest = Math.max(hbMs, jpMs, rsMs);
const firstSupplier = runs.map((r) => Math.min(r.hotelbeds, r.juniper, r.restel));
const first = runs.map((r) => Math.min(...suppliers.map((s) => r[s])));
const last = runs.map((r) => Math.max(...suppliers.map((s) => r[s])));
line('first result (any, own inventory)', first);
line('first supplier result', firstSupplier);
line('last result', last);
line(
  'done (merged cacheId)',
  runs.map((r) => r.done),
);
line(
  'page of the merged search (HTTP)',
  runs.map((r) => r.page),
);
const firstOver = q(firstSupplier, 0.95) - fastest;
const lastOver = q(last, 0.95) - slowest;
console.log(`first supplier result p95 − fastest (${fastest} ms): ${firstOver.toFixed(0)} ms ${firstOver <= 50 ? '✓' : '✗'} (target ≤ 50)`);
console.log(`last result p95 − slowest (${slowest} ms): ${lastOver.toFixed(0)} ms ${lastOver <= 50 ? '✓' : '✗'} (target ≤ 50)`);

await t.close();
await sim.close();
