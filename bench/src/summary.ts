import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One line of the `npm run bench` summary (issue 21): what is measured, its goal, the measured
 * figures and whether the goal holds. Each benchmark writes its lines to bench/results/<name>.json;
 * bench/all.ts prints them as one table (docs/PERFORMANCE.md reproduces it).
 */
export interface SummaryLine {
  bench: string;
  line: string;
  goal: string;
  p50: string;
  p95: string;
  /** 1-minute load average when the line was measured (2 shared cores: above ~1.5 is not quiet). */
  load: number;
  pass: boolean;
}

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export const load1 = () => Number(loadavg()[0].toFixed(2));

export const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function writeSummary(bench: string, lines: SummaryLine[]): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${bench}.json`), `${JSON.stringify(lines, null, 2)}\n`);
}

export function readSummaries(): SummaryLine[] {
  let files: string[] = [];
  try {
    files = readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().flatMap((f) => JSON.parse(readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as SummaryLine[]);
}

export function summaryTable(lines: SummaryLine[]): string {
  const out = ['| bench | line | goal | p50 | p95 | load avg | pass |', '|---|---|---|---:|---:|---:|---|'];
  for (const l of lines) out.push(`| ${l.bench} | ${l.line} | ${l.goal} | ${l.p50} | ${l.p95} | ${l.load} | ${l.pass ? '✓' : '✗'} |`);
  return out.join('\n');
}
