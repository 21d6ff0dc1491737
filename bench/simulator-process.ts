import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The supplier simulator in a child process (`npm run sim`'s entry) on a free port, with per-supplier
 * latencies, as a remote supplier would be: its work does not share the measured process's CPU turn.
 */
export async function simulatorProcess(latency: Record<string, number>): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/supplier-sim/src/main.ts'], {
    env: {
      ...process.env,
      SIM_PORT: String(port),
      SIM_LATENCY_MS: Object.entries(latency)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill('SIGTERM');
    },
  };
}
