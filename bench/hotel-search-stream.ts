/**
 * One hotel search across every supplier, streamed (issue 6): the whole app on a fresh database
 * (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), the supplier simulator with latencies
 * Hotelbeds 300 ms, Juniper 800 ms, Restel 1,500 ms (BENCH_LATENCIES="300,800,1500"), plus our own
 * inventory, searched over real HTTP by an agency user. The simulator runs in its own process, as a
 * remote supplier would (BENCH_SIM=inprocess shares the API's process and CPU instead). Measured as the
 * ticket and transfer streams are (bench/src/stream-bench.ts): when each `result` event reaches the client,
 * the first and the last one, `done`, and the app's own time (everything but the suppliers' time on the wire).
 * `npm run bench:hotel-stream`. Targets: last result within 50 ms of the slowest supplier, first supplier
 * result within 50 ms of the fastest; the app's own time p50 ≤ 20 ms, p95 ≤ 50 ms (issue 21 item 4).
 * Paging the merged search is `npm run bench:hotel-paging`.
 */
import { hotelWorld } from './src/hotel-world.js';
import { runStreamBench } from './src/stream-bench.js';

// 40 runs: with 15, the "p95" was the single slowest run (index 14 of 15), one pause deciding the line.
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const [hbMs, jpMs, rsMs] = (process.env.BENCH_LATENCIES ?? '300,800,1500').split(',').map(Number);
const latency = { hotelbeds: hbMs, juniper: jpMs, restel: rsMs };
const { t, sim, base, admin, body } = await hotelWorld(latency);

await runStreamBench({
  name: 'hotel-stream',
  base,
  path: '/api/hotel/search/stream',
  headers: admin,
  body,
  latencies: { travesia: 0, ...latency },
  runs: RUNS,
  simUrl: sim.url,
});

await t.close();
await sim.close();
