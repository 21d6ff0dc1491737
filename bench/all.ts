/**
 * `npm run bench`: every benchmark one after the other, then one summary table (goal, p50, p95, load
 * average, pass/fail) from the lines each wrote to bench/results/ (docs/PERFORMANCE.md reproduces it).
 * The database benchmarks need DATABASE_URL (PostgreSQL); without it they are skipped and said so.
 * BENCH_SKIP=vouchers,http skips some; the 1,000,000-voucher load takes minutes (BENCH_REUSE=1 keeps
 * the loaded database of an earlier `BENCH_KEEP=1` run). `npm run bench -- --summary` prints the table
 * of the lines already in bench/results/ (benches run one by one) without running anything.
 *
 * Each bench starts once the machine has settled from the one before (the 1-minute load average below
 * BENCH_QUIET, default 1.0, or after BENCH_SETTLE_MAX seconds, default 180): the million-voucher load leaves
 * PostgreSQL's background work and a decaying load average that are not the next bench's own cost.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { RESULTS_DIR, readSummaries, summaryTable } from './src/summary.js';

const benches: Array<{ name: string; args: string[]; needsPostgres?: boolean }> = [
  { name: 'vouchers', args: ['--import', 'tsx', 'bench/vouchers.ts'], needsPostgres: true },
  { name: 'http', args: ['--import', 'tsx', 'bench/http-overhead.ts'], needsPostgres: true },
  { name: 'hotel-stream', args: ['--import', 'tsx', 'bench/hotel-search-stream.ts'] },
  { name: 'hotel-paging', args: ['--import', 'tsx', 'bench/hotel-paging.ts'] },
  { name: 'flights', args: ['--import', 'tsx', 'bench/flight-search.ts'] },
  { name: 'tickets', args: ['--import', 'tsx', 'bench/ticket-search.ts'] },
  { name: 'transfers', args: ['--import', 'tsx', 'bench/transfer-search.ts'] },
  { name: 'memory', args: ['--expose-gc', '--import', 'tsx', 'bench/hotel-search-memory.ts'] },
  { name: 'storefront', args: ['--import', 'tsx', 'bench/storefront-lighthouse.ts'] },
];
const summaryOnly = process.argv.includes('--summary');
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
if (!summaryOnly) rmSync(RESULTS_DIR, { recursive: true, force: true });
const QUIET = Number(process.env.BENCH_QUIET ?? 1.0);
const SETTLE_MAX_MS = Number(process.env.BENCH_SETTLE_MAX ?? 180) * 1000;

/** Waits (polling every 2 s) until the 1-minute load average is below QUIET, at most SETTLE_MAX_MS. */
function settle(): void {
  const started = Date.now();
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (loadavg()[0] >= QUIET && Date.now() - started < SETTLE_MAX_MS) Atomics.wait(pause, 0, 0, 2000);
  const waited = Math.round((Date.now() - started) / 1000);
  if (waited) console.log(`  (waited ${waited} s for the machine to settle: load average ${loadavg()[0].toFixed(2)})`);
}

const failed: string[] = [];
for (const b of summaryOnly ? [] : benches) {
  if (skip.has(b.name)) continue;
  if (b.needsPostgres && !process.env.DATABASE_URL) {
    console.log(`\n== ${b.name}: skipped (needs DATABASE_URL pointing at PostgreSQL)`);
    continue;
  }
  settle();
  console.log(`\n== ${b.name} (load average ${loadavg()[0].toFixed(2)})`);
  const r = spawnSync(process.execPath, b.args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed.push(b.name);
}
const lines = readSummaries();
console.log(`\n## Summary\n\n${summaryTable(lines)}\n`);
if (failed.length) console.log(`Benchmarks that did not finish: ${failed.join(', ')}`);
process.exitCode = failed.length || lines.some((l) => !l.pass) ? 1 : 0;
