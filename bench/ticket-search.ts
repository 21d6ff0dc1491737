/**
 * One ticket search across the three sources, streamed (issue 17): the whole app on a fresh database
 * (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), the supplier simulator in its own
 * process (BENCH_SIM=inprocess shares the API's) with latencies Hotelbeds Activities 300 ms and
 * Juniper 800 ms (BENCH_LATENCIES="300,800"), plus our own tickets, searched through
 * `POST /api/ticket/search/stream` over real HTTP by an agency user. `npm run bench:tickets`.
 * Targets: first supplier result within 50 ms of the fastest, last result within 50 ms of the
 * slowest (p50 and p95).
 */
import { startSimulator } from '@travesia/supplier-sim';
import { supplierDestinations, ticketCapacity, ticketProducts } from '../apps/server/src/db/schema/index.js';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../apps/server/test/factories.js';
import { insertPlace } from '../apps/server/test/places.js';
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
const db = t.database.db;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const co = await insertPlace(t.database, 'Colombia', 'country', null);
const bol = await insertPlace(t.database, 'Bolívar', 'state', co);
const ctg = await insertPlace(t.database, 'Cartagena de Indias', 'city', bol);
await db.insert(supplierDestinations).values([
  { supplier: 'hotelbeds', placeId: ctg.id, code: 'CTG' },
  { supplier: 'juniper', placeId: ctg.id, code: '49000' },
]);
const [ticket] = await db
  .insert(ticketProducts)
  .values({
    name: 'Tour en chiva por Cartagena',
    placeId: ctg.id,
    price: '40',
    childPrice: '25',
    maxPeople: 60,
    startHour: '09:00',
    endHour: '12:00',
    sessions: ['09:00', '15:00'],
    policy: { nonRefundable: false, rules: [], noShow: null },
  })
  .returning({ id: ticketProducts.id });
await db.insert(ticketCapacity).values([
  { ticketId: ticket.id, day: day(30), session: '09:00', capacity: 20 },
  { ticketId: ticket.id, day: day(30), session: '15:00', capacity: 20 },
]);
const agency = await makeAgency(t.database, { modules: ['tickets-travesia', 'tickets-hotelbeds', 'tickets-juniper'] });
const admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
await createProviderAccount(t.app, admin, 'hotelbeds', {
  hotelsApiKey: 'bench-hotels',
  hotelsSecret: 'sandbox',
  activitiesApiKey: 'bench-activities',
  activitiesSecret: 'sandbox',
});
await createProviderAccount(t.app, admin, 'juniper', { email: 'bench@demo.com', password: 'sandbox' });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

await runStreamBench({
  name: 'ticket-stream',
  base,
  path: '/api/ticket/search/stream',
  headers: admin,
  body: JSON.stringify({ destination: ctg.id, countryCode: 'CO', date: day(30), paxes: { adults: 2, children: [8] } }),
  latencies: { travesia: 0, hotelbeds: hbMs, juniper: jpMs },
  runs: RUNS,
  simUrl: sim.url,
});

await t.close();
await sim.close();
