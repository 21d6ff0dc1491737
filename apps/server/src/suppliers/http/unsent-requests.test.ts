import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsentRequests } from './unsent-requests.js';

/** A real server that answers each request once its body has arrived. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('UnsentRequests', () => {
  it('counts a request from dispatch until undici writes it, and whenWritten waits for that', async () => {
    const unsent = new UnsentRequests();
    // What the count was right after each request was handed over (the spy is the outer interceptor).
    const seen: number[] = [];
    const spy: typeof unsent.interceptor = (dispatch) => (opts, handler) => {
      const accepted = dispatch(opts, handler);
      seen.push(unsent.unsent);
      return accepted;
    };
    const agent = new Agent().compose(unsent.interceptor, spy);
    const answered = Promise.all(
      ['GET', 'POST'].map((method) =>
        fetch(`${base}/x`, { method, body: method === 'POST' ? '<Envelope/>' : undefined, dispatcher: agent }).then((r) => r.text()),
      ),
    );
    await unsent.whenWritten(5_000);
    expect(seen).toHaveLength(2);
    expect(Math.min(...seen)).toBeGreaterThan(0);
    expect(unsent.unsent).toBe(0);
    expect(await answered).toEqual(['ok', 'ok']);
    await agent.close();
  });

  it('a request that fails before it is written is not counted any more', async () => {
    const unsent = new UnsentRequests();
    const agent = new Agent().compose(unsent.interceptor);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetch(`http://127.0.0.1:${port}/`, { dispatcher: agent })).rejects.toThrow();
    expect(unsent.unsent).toBe(0);
    await agent.close();
  });

  it('whenWritten gives up after its cap when a request cannot be written', async () => {
    const unsent = new UnsentRequests();
    // A request that never reaches the dispatcher's socket: the interceptor counted it and nothing else happens.
    unsent.interceptor(() => true)({ origin: base, path: '/', method: 'GET' }, {});
    expect(unsent.unsent).toBe(1);
    await unsent.whenWritten(30);
    expect(unsent.unsent).toBe(1);
  });
});
