import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PortTakenError, startOnPort } from './simulator-port.js';

/** A real listener that holds a port, as another program would. */
const hold = () =>
  new Promise<Server>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (s: Server) => (s.address() as { port: number }).port;
const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('startOnPort', () => {
  const open: Server[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('takes a free port when the default one is held by another program, and says so', async () => {
    const other = await hold();
    open.push(other);
    const warned: number[] = [];
    const started = await startOnPort(
      { name: 'simulator', envVar: 'SIM_PORT', explicit: undefined, fallback: portOf(other) },
      listen,
      (port) => warned.push(port),
    );
    open.push(started);
    expect(warned).toEqual([portOf(other)]);
    expect(portOf(started)).not.toBe(portOf(other));
    expect(portOf(started)).toBeGreaterThan(0);
  });

  it('stops with a message naming the variable when an explicit port is held', async () => {
    const other = await hold();
    open.push(other);
    const attempt = startOnPort({ name: 'simulator', envVar: 'SIM_PORT', explicit: portOf(other), fallback: 1 }, listen, () => {
      throw new Error('no fallback for an explicit port');
    });
    await expect(attempt).rejects.toThrow(PortTakenError);
    await expect(attempt).rejects.toThrow(`SIM_PORT ${portOf(other)} is in use by another program`);
  });

  it('uses the default port when it is free', async () => {
    const probe = await hold();
    const free = portOf(probe);
    await new Promise((r) => probe.close(r));
    const started = await startOnPort({ name: 'simulator', envVar: 'SIM_PORT', explicit: undefined, fallback: free }, listen, () => {
      throw new Error('the default port was free');
    });
    open.push(started);
    expect(portOf(started)).toBe(free);
  });
});
