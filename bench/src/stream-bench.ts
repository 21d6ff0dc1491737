/**
 * The streamed-search measurement shared by the hotel, ticket and transfer benchmarks (issues 17, 18 and 21):
 * POST a search over real HTTP, note when each source's `result` (or `failure`) event and `done`
 * arrive, then report p50/p95 of the first and the last result against the fastest and slowest
 * simulated latency, and write the summary lines. The client runs in a worker thread (stream-client.mjs): a
 * browser reads the stream elsewhere, so reading and parsing the events neither waits for the app's event loop
 * nor holds it (decision 0760).
 */
import dc from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { load1, writeSummary } from './summary.js';

/** Epoch milliseconds at sub-millisecond precision, comparable with the client thread's. */
const epoch = () => performance.timeOrigin + performance.now();

/**
 * The time each supplier spent answering, as the app's HTTP client saw it: from the moment a request's headers
 * were written on the socket to its last byte (undici's diagnostics channels; the app runs in this process). A
 * source's result minus its suppliers' wire time is the app's own time for it (issue 21 item 4): building the
 * request, waiting to send it, parsing, mapping, pricing, storing and the event — everything but the supplier.
 */
class WireTimes {
  private readonly sent = new Map<object, { supplier: string; at: number }>();
  private spans: { supplier: string; from: number; to: number }[] = [];

  constructor(private readonly simOrigin: string) {
    dc.subscribe('undici:client:sendHeaders', (m) => {
      const { request } = m as { request: { origin: string; path: string } };
      if (!String(request.origin).startsWith(this.simOrigin)) return;
      const supplier = request.path.split('/')[1] ?? '';
      this.sent.set(request, { supplier, at: epoch() });
    });
    dc.subscribe('undici:request:trailers', (m) => {
      const { request } = m as { request: object };
      const s = this.sent.get(request);
      if (!s) return;
      this.sent.delete(request);
      this.spans.push({ supplier: s.supplier, from: s.at, to: epoch() });
    });
  }

  reset() {
    this.spans = [];
  }

  /** ms a supplier's requests were on the wire (overlapping requests counted once). */
  of(supplier: string): number {
    const spans = this.spans.filter((x) => x.supplier === supplier).sort((a, b) => a.from - b.from);
    let total = 0;
    let end = Number.NEGATIVE_INFINITY;
    for (const { from, to } of spans) {
      if (to <= end) continue;
      total += to - Math.max(from, end);
      end = to;
    }
    return total;
  }
}

export interface StreamBenchOptions {
  /** Summary name (bench/results/<name>.json). */
  name: string;
  base: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Sources whose `result` events are expected, each with its simulated latency (own inventory: 0). */
  latencies: Record<string, number>;
  runs: number;
  /** The simulator's origin: its requests are timed on the wire to split the app's own time from the suppliers'. */
  simUrl?: string;
}

interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}
/** Epoch milliseconds of the request (`t0`) and of each source's `result` and of `done` (`at`). */
type StreamReply = { ok: true; t0: number; at: Record<string, number> } | { ok: false; error: string };

/** The client thread (stream-client.mjs): one search at a time; a search that never ends fails after 60 s. */
class StreamClient {
  private readonly worker = new Worker(new URL('./stream-client.mjs', import.meta.url));

  send(req: StreamRequest): Promise<StreamReply> {
    let timer: NodeJS.Timeout | undefined;
    const reply = new Promise<StreamReply>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      timer = setTimeout(() => reject(new Error(`${req.url}: no end of the stream within 60 s`)), 60_000);
    }).finally(() => {
      clearTimeout(timer);
      this.worker.removeAllListeners('error');
      this.worker.removeAllListeners('message');
    });
    this.worker.postMessage(req);
    return reply;
  }

  close() {
    return this.worker.terminate();
  }
}

/** One streamed search: ms since the request of each source's event and of `done`. */
async function once(o: StreamBenchOptions, client: StreamClient, wire?: WireTimes) {
  wire?.reset();
  const reply = await client.send({ url: `${o.base}${o.path}`, headers: o.headers, body: o.body });
  if (!reply.ok) throw new Error(reply.error);
  const at = Object.fromEntries(Object.entries(reply.at).map(([k, v]) => [k, v - reply.t0]));
  for (const s of Object.keys(o.latencies)) if (at[s] === undefined) throw new Error(`no result from ${s}`);
  // The app's own time for each supplier source: its result less its requests' time on the wire.
  if (wire)
    for (const s of Object.keys(o.latencies))
      if (o.latencies[s] > 0) {
        at[`wire:${s}`] = wire.of(s);
        at[`own:${s}`] = at[s] - at[`wire:${s}`];
      }
  return at;
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

export async function runStreamBench(o: StreamBenchOptions): Promise<void> {
  const wire = o.simUrl ? new WireTimes(new URL(o.simUrl).origin) : undefined;
  const client = new StreamClient();
  await once(o, client, wire); // warm-up: connections, JIT, logins
  await once(o, client, wire);
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < o.runs; i++) runs.push(await once(o, client, wire));
  await client.close();

  const sources = Object.keys(o.latencies);
  const suppliers = sources.filter((s) => o.latencies[s] > 0);
  const line = (label: string, xs: number[]) =>
    console.log(
      `${label.padEnd(34)} p50 ${q(xs, 0.5).toFixed(0).padStart(5)} ms   p95 ${q(xs, 0.95).toFixed(0).padStart(5)} ms   max ${Math.max(
        ...xs,
      )
        .toFixed(0)
        .padStart(5)} ms`,
    );
  console.log(
    `runs=${o.runs} simulated latencies: ${sources.map((s) => `${s} ${o.latencies[s]} ms`).join(', ')}; simulator ${process.env.BENCH_SIM === 'inprocess' ? 'in process' : 'own process'}; load ${load1()}`,
  );
  // The supplier's side as the app saw it (the simulated latency, the simulator's lateness and the transfer).
  if (wire)
    for (const s of suppliers)
      line(
        `wire time ${s}`,
        runs.map((r) => r[`wire:${s}`]),
      );
  for (const s of sources)
    line(
      `result ${s}`,
      runs.map((r) => r[s]),
    );
  const fastest = Math.min(...suppliers.map((s) => o.latencies[s]));
  const slowest = Math.max(...suppliers.map((s) => o.latencies[s]));
  const first = runs.map((r) => Math.min(...sources.map((s) => r[s])));
  const firstSupplier = runs.map((r) => Math.min(...suppliers.map((s) => r[s])));
  const last = runs.map((r) => Math.max(...sources.map((s) => r[s])));
  line('first result (any source)', first);
  line('first supplier result', firstSupplier);
  line('last result', last);
  line(
    'done (merged cacheId)',
    runs.map((r) => r.done),
  );
  // The app's own time (issue 21 item 4) of the first supplier to answer and of the last source, run by run.
  const firstSource = (r: Record<string, number>) => suppliers.reduce((a, b) => (r[b] < r[a] ? b : a));
  const lastSource = (r: Record<string, number>) => suppliers.reduce((a, b) => (r[b] > r[a] ? b : a));
  const ownFirst = wire ? runs.map((r) => r[`own:${firstSource(r)}`]) : [];
  const ownLast = wire ? runs.map((r) => r[`own:${lastSource(r)}`]) : [];
  if (wire) {
    line("app's own time, first supplier", ownFirst);
    line("app's own time, last supplier", ownLast);
  }
  const over = (xs: number[], base: number, p: number) => q(xs, p) - base;
  const firstOver = over(firstSupplier, fastest, 0.95);
  const lastOver = over(last, slowest, 0.95);
  console.log(
    `first supplier result p95 − fastest (${fastest} ms): ${firstOver.toFixed(0)} ms ${firstOver <= 50 ? '✓' : '✗'} (target ≤ 50)`,
  );
  console.log(`last result p95 − slowest (${slowest} ms): ${lastOver.toFixed(0)} ms ${lastOver <= 50 ? '✓' : '✗'} (target ≤ 50)`);
  const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const own = (label: string, xs: number[]) => ({
    bench: o.name,
    line: `${label} (${db})`,
    goal: 'p50 ≤ 20 ms, p95 ≤ 50 ms',
    p50: q(xs, 0.5).toFixed(0),
    p95: q(xs, 0.95).toFixed(0),
    load: load1(),
    pass: q(xs, 0.5) <= 20 && q(xs, 0.95) <= 50,
  });
  if (wire) {
    console.log(
      `app's own time p50/p95: first supplier ${q(ownFirst, 0.5).toFixed(0)}/${q(ownFirst, 0.95).toFixed(0)} ms, last ${q(ownLast, 0.5).toFixed(0)}/${q(ownLast, 0.95).toFixed(0)} ms (target ≤ 20 / ≤ 50)`,
    );
  }
  writeSummary(o.name, [
    ...(
      [
        ['first supplier result over the fastest supplier', firstSupplier, fastest],
        ['last result over the slowest supplier', last, slowest],
      ] as const
    ).map(([label, xs, base]) => ({
      bench: o.name,
      line: `${label} (${db})`,
      goal: 'p50 ≤ +50 ms, p95 ≤ +50 ms',
      p50: `+${over(xs, base, 0.5).toFixed(0)}`,
      p95: `+${over(xs, base, 0.95).toFixed(0)}`,
      load: load1(),
      pass: over(xs, base, 0.5) <= 50 && over(xs, base, 0.95) <= 50,
    })),
    ...(wire
      ? [
          own("app's own time, first supplier result (everything but the supplier's wire time)", ownFirst),
          own("app's own time, last result", ownLast),
        ]
      : []),
  ]);
}
