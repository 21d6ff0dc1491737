/**
 * Memory of the in-process store under hotel searches (issue 21, docs/PERFORMANCE.md): the app on
 * PGlite with the default in-process store (no Redis), the supplier simulator in its own process at
 * latency 0, then BENCH_SEARCHES (1,000) streamed searches across Hotelbeds, Juniper, Restel and our
 * own inventory, each read to its end. RSS and the store's own byte count are taken after a full GC
 * at idle (after two warm-up searches) and after the searches. Target: RSS ≤ +100 MB over idle.
 *
 *   npm run bench:memory        (node --expose-gc is set by the script)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { MemoryStore } from '../apps/server/src/lib/kv.js';
import { hotelWorld } from './src/hotel-world.js';
import { load1, type SummaryLine, writeSummary } from './src/summary.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1000);
const TARGET_MB = 100;
// PGlite with its files on disk, as the server runs it (an in-memory database would count the
// supplier audit log's rows as the process's memory). BENCH_PGLITE=memory keeps it in memory.
const dir = process.env.BENCH_PGLITE === 'memory' ? undefined : mkdtempSync(path.join(tmpdir(), 'travesia-bench-memory-'));
if (dir) process.env.TEST_PGLITE_DIR = dir;
// PGlite's WebAssembly memory (its buffer cache, catalog caches, sort memory) is not in any of
// process.memoryUsage()'s fields but RSS: the instances are noted to report its size.
const pglites: PGlite[] = [];
const create = PGlite.create.bind(PGlite);
PGlite.create = (async (...args: Parameters<typeof PGlite.create>) => {
  const db = await create(...args);
  pglites.push(db as PGlite);
  return db;
}) as typeof PGlite.create;
const wasmMb = () =>
  mb(pglites.reduce((n, db) => n + ((db as unknown as { Module?: { HEAPU8?: Uint8Array } }).Module?.HEAPU8?.length ?? 0), 0));
const { t, sim, base, admin, body } = await hotelWorld({ hotelbeds: 0, juniper: 0, restel: 0 });

const mb = (bytes: number) => bytes / 1024 / 1024;
/**
 * Memory once the process is idle: full collections, with pauses between them in which V8's background threads
 * sweep and hand freed pages back to the system (read at once after a collection, RSS still counts them).
 */
async function settle() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:memory does)');
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 500));
  }
  return process.memoryUsage();
}

async function search() {
  const res = await fetch(`${base}/api/hotel/search/stream`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  if (!text.includes('event: done')) throw new Error(`search did not finish: ${text.slice(0, 300)}`);
}

await search();
await search();
const idle = await settle();
const wasmIdle = wasmMb();
const t0 = performance.now();
for (let i = 0; i < SEARCHES; i++) {
  await search();
  if ((i + 1) % 100 === 0) process.stdout.write(`\r  ${i + 1} searches, RSS ${mb(process.memoryUsage().rss).toFixed(0)} MB`);
}
process.stdout.write('\n');
const seconds = (performance.now() - t0) / 1000;
const after = await settle();
const grown = mb(after.rss - idle.rss);
const storeBytes = t.store instanceof MemoryStore ? mb(t.store.valueBytes) : Number.NaN;
console.log(`searches: ${SEARCHES} in ${seconds.toFixed(0)} s; load average ${load1()}`);
console.log(
  `RSS idle ${mb(idle.rss).toFixed(0)} MB → after ${mb(after.rss).toFixed(0)} MB (+${grown.toFixed(0)} MB, target ≤ +${TARGET_MB})`,
);
console.log(
  `JS heap used idle ${mb(idle.heapUsed).toFixed(0)} MB → ${mb(after.heapUsed).toFixed(0)} MB; store values ${storeBytes.toFixed(1)} MB`,
);
// Where the rest lives: the JS heap V8 reserved, and ArrayBuffers (PGlite's WebAssembly memory among them).
console.log(
  `JS heap reserved ${mb(idle.heapTotal).toFixed(0)} → ${mb(after.heapTotal).toFixed(0)} MB; ArrayBuffers ${mb(idle.arrayBuffers).toFixed(0)} → ${mb(after.arrayBuffers).toFixed(0)} MB; external ${mb(idle.external).toFixed(0)} → ${mb(after.external).toFixed(0)} MB; PGlite WebAssembly memory ${wasmIdle.toFixed(0)} → ${wasmMb().toFixed(0)} MB`,
);
const lines: SummaryLine[] = [
  {
    bench: 'memory',
    line: `RSS growth after ${SEARCHES} hotel searches, in-process store, PGlite ${dir ? 'on disk' : 'in memory'}`,
    goal: `≤ +${TARGET_MB} MB`,
    p50: `+${grown.toFixed(0)} MB (store ${storeBytes.toFixed(0)} MB)`,
    p95: '',
    load: load1(),
    pass: grown <= TARGET_MB,
  },
];
writeSummary('memory', lines);
await t.close();
await sim.close();
if (dir) rmSync(dir, { recursive: true, force: true });
