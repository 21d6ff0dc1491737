import { startSimulator } from './server.js';

/** `npm run sim`: the simulator on its own (SIM_PORT, SIM_HOST, SIM_LATENCY_MS e.g. "hotelbeds=300,juniper=800,restel=1500"). */
const port = Number(process.env.SIM_PORT ?? 3900);
const host = process.env.SIM_HOST ?? '127.0.0.1';
const latencyText = process.env.SIM_LATENCY_MS ?? '';
const latencyMs = /^\d+$/.test(latencyText)
  ? Number(latencyText)
  : Object.fromEntries(
      latencyText
        .split(',')
        .map((p) => p.split('='))
        .filter(([k, v]) => k && /^\d+$/.test(v ?? ''))
        .map(([k, v]) => [k.trim(), Number(v)]),
    );
const sim = await startSimulator({ port, host, latencyMs });
console.log(`Supplier simulator listening at ${sim.url} (/hotelbeds, /juniper, /restel, /santsg)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
