import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench:startup`: time from `npm start` to `/health/ready` answering 200, on a fresh embedded
 * database (cold: migrations and the demo seed the first screens need, web build if its sources changed)
 * and again on the same data (warm). The cold run also times the background seed (the rest of the place
 * tree, decision 0470) until `/health/ready` says `seed: 'complete'`. Targets (issue 15): cold ≤ 15 s,
 * warm ≤ 3 s on the 2-core machine. BENCH_STARTUP_RUNS=n repeats the pair n times and reports each.
 * Besides wall time (which another program's load inflates) it reports the server process's CPU time to
 * listening, from its `started` log line: the load-independent figure (decision 0631).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Timing {
  ready: number;
  /** Until the background seed finished (cold runs). */
  complete: number;
  load: string;
  /** CPU seconds of the server process until it listened (all threads), from its `started` line. */
  cpu: number | null;
}

async function timeStart(dataDir: string, waitForSeed: boolean): Promise<Timing> {
  const port = await freePort();
  const load = loadavg()[0].toFixed(1);
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPPLIER_SIM_PORT: '0',
      PAYMENT_SIM_PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let cpu: number | null = null;
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"msg":"started"')) continue;
      try {
        cpu = (JSON.parse(line) as { cpuMs: { listening: number } }).cpuMs.listening / 1000;
      } catch {
        /* not the JSON line */
      }
    }
  });
  try {
    let ready = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const body = await fetch(`http://127.0.0.1:${port}/health/ready`)
        .then((r) => (r.ok ? (r.json() as Promise<{ seed: string }>) : null))
        .catch(() => null);
      const now = (performance.now() - started) / 1000;
      if (body && !ready) ready = now;
      if (body?.seed === 'failed') throw new Error('the background seed failed');
      if (body && (!waitForSeed || body.seed === 'complete')) return { ready, complete: now, load, cpu };
      await new Promise((r) => setTimeout(r, 100));
      if (now > 600) throw new Error('not ready after 10 minutes');
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const runs = Math.max(1, Number(process.env.BENCH_STARTUP_RUNS) || 1);
const rows: Array<Record<string, string | boolean>> = [];
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'travesia-startup-'));
  try {
    const cold = await timeStart(dir, true);
    const warm = await timeStart(dir, false);
    rows.push(
      {
        start: 'cold: ready (fresh database, first screens seeded)',
        seconds: cold.ready.toFixed(1),
        cpu: cold.cpu?.toFixed(1) ?? '?',
        target: '≤ 15',
        pass: cold.ready <= 15,
        load: cold.load,
      },
      {
        start: 'cold: background seed complete (every place)',
        seconds: cold.complete.toFixed(1),
        cpu: '-',
        target: '-',
        pass: true,
        load: cold.load,
      },
      {
        start: 'warm: ready (same data, web unchanged)',
        seconds: warm.ready.toFixed(1),
        cpu: warm.cpu?.toFixed(1) ?? '?',
        target: '≤ 3',
        pass: warm.ready <= 3,
        load: warm.load,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.table(rows);
