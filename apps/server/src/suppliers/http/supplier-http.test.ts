import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedProviderAccount } from '../account.js';
import { SupplierError } from '../errors.js';
import { MemoryAuditSink } from './audit.js';
import { SupplierMetrics } from './metrics.js';
import { SupplierHttp } from './supplier-http.js';

/**
 * The one HTTP layer of every supplier client, on the wire (decision 0760: undici's `request`, the reply's content
 * encoding undone here): encodings, the size cap before and after inflating, redirects, and a reply that cannot be
 * read — which for a write means the outcome is unknown, never "failed".
 */
const XML = '<Reply><Hotel code="1">Hotel Sol</Hotel></Reply>';
let server: Server;
let base = '';
const seen: IncomingMessage[] = [];
const routes: Record<string, (res: ServerResponse) => void> = {
  '/plain': (res) => res.end(XML),
  '/gzip': (res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(XML)),
  '/deflate': (res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(XML)),
  '/br': (res) => res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(XML)),
  '/latin1': (res) => res.writeHead(200, { 'content-type': 'text/xml; charset=ISO-8859-1' }).end(Buffer.from('<N>Bogotá</N>', 'latin1')),
  '/bomb': (res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(2 * 1024 * 1024, 32))),
  '/big': (res) => res.writeHead(200, { 'content-length': String(3 * 1024 * 1024) }).end(Buffer.alloc(3 * 1024 * 1024, 32)),
  '/broken-gzip': (res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('not gzip at all')),
  '/unknown-coding': (res) => res.writeHead(200, { 'content-encoding': 'zstd-custom' }).end(XML),
  '/moved': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end(),
  '/cookies': (res) => res.writeHead(200, { 'set-cookie': ['a=1', 'b=2'], 'x-one': 'uno' }).end('{}'),
  '/error': (res) => res.writeHead(503).end('down'),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      (req as IncomingMessage & { body?: string }).body = body;
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const account: ResolvedProviderAccount = {
  id: 'acc-1',
  supplier: 'juniper',
  name: 'Juniper',
  mode: 'sandbox',
  credentials: { email: 'a@b.co', password: 'secreto' },
  settings: { currency: 'USD', nationality: 'CO', language: 'es' },
  baseUrl: '',
};
const audit = new MemoryAuditSink();
const http = () =>
  new SupplierHttp({
    audit,
    metrics: new SupplierMetrics(),
    log: pino({ level: 'silent' }),
    retries: 0,
    maxResponseBytes: 1024 * 1024,
    trustedOrigins: [base],
  });
const get = (path: string, over: { idempotent?: boolean; responseCharset?: 'latin1' } = {}) =>
  http().request({
    account,
    operation: 'hotel.search',
    method: 'GET',
    url: `${base}${path}`,
    idempotent: over.idempotent ?? true,
    ...over,
  });
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SupplierError);
  return err as SupplierError;
};

describe('the supplier HTTP layer on the wire', () => {
  it('reads plain, gzip, deflate and brotli replies, and Latin-1 when the client says so', async () => {
    for (const path of ['/plain', '/gzip', '/deflate', '/br']) expect((await get(path)).text).toBe(XML);
    expect((await get('/latin1', { responseCharset: 'latin1' })).text).toBe('<N>Bogotá</N>');
    expect(seen.at(-1)?.headers['accept-encoding']).toBe('gzip');
  });

  it('sends the body with its headers, and answers repeated reply headers as Headers', async () => {
    const res = await http().request({
      account,
      operation: 'hotel.book',
      method: 'POST',
      url: `${base}/cookies`,
      headers: { 'content-type': 'application/xml' },
      body: '<Book>1</Book>',
      idempotent: false,
    });
    const req = seen.at(-1) as IncomingMessage & { body?: string };
    expect(req.body).toBe('<Book>1</Book>');
    expect(req.headers['content-type']).toBe('application/xml');
    expect(res.headers.get('x-one')).toBe('uno');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('refuses a reply larger than the cap, declared or only once inflated', async () => {
    expect((await failure(get('/big'))).detail).toContain('reply too large');
    expect((await failure(get('/bomb'))).detail).toContain('reply too large');
  });

  it('never follows a redirect', async () => {
    const err = await failure(get('/moved'));
    expect(err.code).toBe('SUPPLIER_UNAVAILABLE');
    expect(err.detail).toContain('unexpected redirect (HTTP 302');
  });

  it('a reply that cannot be read leaves a write with an unknown outcome, a read unavailable', async () => {
    expect((await failure(get('/broken-gzip'))).code).toBe('SUPPLIER_UNAVAILABLE');
    expect((await failure(get('/broken-gzip', { idempotent: false }))).code).toBe('SUPPLIER_OUTCOME_UNKNOWN');
    expect((await failure(get('/unknown-coding'))).detail).toContain('unknown content encoding zstd-custom');
  });

  it('a 5xx is a transport failure, with its body in the audit log', async () => {
    expect((await failure(get('/error'))).code).toBe('SUPPLIER_UNAVAILABLE');
    const entry = audit.entries.at(-1);
    expect(entry).toMatchObject({ responseStatus: 503, responseBody: 'down', errorCode: 'transport:server' });
  });
});
