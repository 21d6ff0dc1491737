import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench:startup`: time from `npm start` to `/health/ready` answering 200, on a fresh embedded
 * database (cold: migrations and the demo seed, web build if its sources changed) and again on the same
 * data (warm). Targets (issue 15): cold ≤ 15 s, warm ≤ 3 s on the 2-core machine.
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

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPPLIER_SIM_PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 100));
      if (performance.now() - started > 600_000) throw new Error('not ready after 10 minutes');
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'travesia-startup-'));
try {
  const load = loadavg()[0].toFixed(1);
  const cold = await timeStart(dir);
  const warm = await timeStart(dir);
  console.table([
    { start: 'cold (fresh database, demo seed)', seconds: cold.toFixed(1), target: '≤ 15', pass: cold <= 15, load },
    { start: 'warm (same data, web unchanged)', seconds: warm.toFixed(1), target: '≤ 3', pass: warm <= 3, load: loadavg()[0].toFixed(1) },
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
