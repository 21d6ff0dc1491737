import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * A real HTTP server on a free loopback port that records every webhook it receives. `failFirst`
 * requests are answered 500 (then 204), so retries can be observed; `failAlways` answers 500 forever.
 */
export async function startWebhookReceiver(opts: { failFirst?: number; failAlways?: boolean } = {}) {
  const received: ReceivedHook[] = [];
  let failures = opts.failFirst ?? 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      if (opts.failAlways || failures > 0) {
        failures--;
        res.writeHead(500).end('fallo');
        return;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/travesia`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
