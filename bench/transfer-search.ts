/**
 * One transfer search across the three sources, streamed (issue 18): the whole app on a fresh
 * database (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), the supplier simulator in its
 * own process (BENCH_SIM=inprocess shares the API's) with latencies Hotelbeds Transfers 300 ms and
 * Juniper 800 ms (BENCH_LATENCIES="300,800"), plus our own transfers; a round trip Cartagena airport ↔
 * hotel searched through `POST /api/transfer/search/stream` over real HTTP by an agency user.
 * `npm run bench:transfers`. Targets as for hotels: first supplier result within 50 ms of the fastest,
 * last result within 50 ms of the slowest (p50 and p95).
 */
import { startSimulator } from '@travesia/supplier-sim';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../apps/server/test/factories.js';
import { placeAdder } from '../apps/server/test/places.js';
import { createTestApp } from '../apps/server/test/test-app.js';
import { simulatorProcess } from './simulator-process.js';
import { runStreamBench } from './src/stream-bench.js';

// 40 runs: with 15, the "p95" was the single slowest run (index 14 of 15), one pause deciding the line.
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const [hbMs, jpMs] = (process.env.BENCH_LATENCIES ?? '300,800').split(',').map(Number);
const latency = { hotelbeds: hbMs, juniper: jpMs };
const sim =
  process.env.BENCH_SIM === 'inprocess'
    ? await startSimulator({ port: 0, host: '127.0.0.1', latencyMs: latency })
    : await simulatorProcess(latency);
const t = await createTestApp({}, { simulatorUrl: sim.url });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inject = async (url: string, headers: Record<string, string>, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

// Our places (own transfers go between them): Cartagena and its airport, a van each way.
const ids: Record<string, string> = {};
const superUser = await loginAs(t.app, (await makeUser(t.database, 'super', null)).email);
const loader = await loginAs(t.app, (await makeUser(t.database, 'product-loader', null)).email);
const add = placeAdder(t.app, superUser, ids);
await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
await add('air', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG' }, 'ctg');
for (const [name, originId, destinationId] of [
  ['Aeropuerto → Cartagena', ids.air, ids.ctg],
  ['Cartagena → Aeropuerto', ids.ctg, ids.air],
]) {
  const product = await inject('/api/product/transfer', loader, {
    name,
    originId,
    destinationId,
    type: 'private',
    vehicle: 'van',
    minPax: 1,
    maxPax: 6,
    priceMode: 'per-vehicle',
    price: '35',
    startHour: '05:00',
    endHour: '22:00',
  });
  await inject('/api/product/transfer/capacity', loader, { transferId: product._id, from: day(29), to: day(35), capacity: 5 });
}

const agency = await makeAgency(t.database, { modules: ['transfers-travesia', 'transfers-hotelbeds', 'transfers-juniper'] });
const admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
await createProviderAccount(t.app, admin, 'hotelbeds', {
  hotelsApiKey: 'bench-hotels',
  hotelsSecret: 'sandbox',
  transfersApiKey: 'bench-transfers',
  transfersSecret: 'sandbox',
});
await createProviderAccount(t.app, admin, 'juniper', { email: 'bench@demo.com', password: 'sandbox' });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

await runStreamBench({
  name: 'transfer-stream',
  base,
  path: '/api/transfer/search/stream',
  headers: admin,
  body: JSON.stringify({
    from: { type: 'airport', code: 'CTG', placeId: ids.air },
    to: { type: 'hotel', code: '100000', name: 'Hotel en Bocagrande', zone: '49002', placeId: ids.ctg },
    outbound: { date: day(30), time: '10:30' },
    return: { date: day(34), time: '15:00' },
    adults: 2,
  }),
  latencies: { travesia: 0, hotelbeds: hbMs, juniper: jpMs },
  runs: RUNS,
  simUrl: sim.url,
});

await t.close();
await sim.close();
