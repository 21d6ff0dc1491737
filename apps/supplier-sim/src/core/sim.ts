import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TokenCodec } from './tokens.js';

export const SUPPLIERS = ['hotelbeds', 'juniper', 'restel', 'santsg'] as const;
export type SimSupplier = (typeof SUPPLIERS)[number];

/** Failures the simulator injects on demand (README.md "Scenarios"). */
export const SCENARIOS = [
  'timeout',
  'slow',
  'error-500',
  'unavailable',
  'malformed',
  'truncated',
  'price-change',
  'on-request',
  'expired-token',
  'quota',
  'lost-reply',
  'no-avail',
  'absurd-prices',
  // Look-ups by our reference (booking lists) find nothing: a booking the supplier holds but does not show.
  'hide-booking',
  // Juniper BookingRules requires the holder's address and phone (HotelRequiredFields); HotelBooking refuses without them.
  'required-address',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Operation classes a scenario can be narrowed to with `name:op`. */
export type SimOperation = 'search' | 'quote' | 'prebook' | 'book' | 'read' | 'list' | 'cancel' | 'login' | 'static' | 'test';

export interface SimOptions {
  /** Extra latency per reply, for everyone or per supplier (e.g. { hotelbeds: 300, juniper: 800, restel: 1500 }). */
  latencyMs?: number | Partial<Record<SimSupplier, number>>;
  /** How long `timeout` holds a request before giving up (default 10 min). */
  hangMs?: number;
  /** Delay added by `slow` (default 3 s; a request may set `x-sim-delay-ms`). */
  slowMs?: number;
  /** TourVisio bearer token lifetime (default 60 min). */
  santsgTokenTtlMs?: number;
  /** TourVisio reports expiresOn this much later than the real expiry (a skewed server clock). */
  santsgClockSkewMs?: number;
  /** Key signing the opaque tokens (default: a fixed development key, so tokens survive a restart). */
  tokenKey?: string;
}

/** The secret every sandbox credential must carry (Hotelbeds secret, Juniper/TourVisio password, Restel clausu/secacc). */
export const SANDBOX_SECRET = 'sandbox';

export interface SimContext {
  options: SimOptions;
  tokens: TokenCodec;
  /** Bookings per supplier, by locator. */
  bookings: Record<SimSupplier, Map<string, Record<string, unknown>>>;
  counters: Record<string, number>;
}

export function createContext(options: SimOptions): SimContext {
  return {
    options,
    tokens: new TokenCodec(options.tokenKey ?? 'travesia-supplier-sim'),
    bookings: { hotelbeds: new Map(), juniper: new Map(), restel: new Map(), santsg: new Map() },
    counters: {},
  };
}

export function nextNumber(ctx: SimContext, key: string, start = 1_000): number {
  ctx.counters[key] = (ctx.counters[key] ?? start) + 1;
  return ctx.counters[key];
}

export class ScenarioSet {
  constructor(private readonly items: { name: string; op?: string }[]) {}
  has(name: Scenario, op: SimOperation): boolean {
    return this.items.some((s) => s.name === name && (!s.op || s.op === op));
  }
  get empty() {
    return this.items.length === 0;
  }
}

/**
 * Scenarios come from the `x-sim-scenario` header (comma-separated, each `name` or `name:op`), or from
 * the account's identity credential (`user+name` or `user+name:op`, e.g. `agencia+timeout:book@demo.com`),
 * since a browser can't set headers on the server's supplier calls.
 */
export function scenariosOf(req: FastifyRequest, identity?: string): ScenarioSet {
  const items: { name: string; op?: string }[] = [];
  const header = req.headers['x-sim-scenario'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [name, op] = part.trim().split(':');
    if (name) items.push({ name, op });
  }
  const m = identity ? /\+([a-z0-9-]+)(?::([a-z]+))?/.exec(identity) : null;
  if (m) items.push({ name: m[1], op: m[2] });
  return new ScenarioSet(items);
}

/** When each request arrived (`onRequest`), and when its reply may leave (set by `prelude`, awaited by `send`). */
const arrivedAt = new WeakMap<FastifyRequest, number>();
const answerAt = new WeakMap<FastifyRequest, number>();

/** Notes a request's arrival: the simulated latency counts from it. */
export function markArrival(req: FastifyRequest) {
  arrivedAt.set(req, performance.now());
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref();
  });

export interface Payload {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  charset?: 'utf-8' | 'latin1';
}

/**
 * Runs the failures that every protocol shares before an operation answers: latency, timeout, slow,
 * HTTP 5xx. Answers true when it already replied (or will never reply).
 */
export async function prelude(
  sim: SimContext,
  supplier: SimSupplier,
  req: FastifyRequest,
  reply: FastifyReply,
  sc: ScenarioSet,
  op: SimOperation,
  errors: { server: () => Payload; quota: () => Payload },
): Promise<boolean> {
  const latency = typeof sim.options.latencyMs === 'number' ? sim.options.latencyMs : (sim.options.latencyMs?.[supplier] ?? 0);
  // The latency is when the reply leaves, counted from the request's arrival: the simulator's own work
  // (reading the request, building and gzipping the reply) happens within it, as a real supplier's
  // does, instead of adding to it.
  if (latency > 0) {
    answerAt.set(req, (arrivedAt.get(req) ?? performance.now()) + latency);
    // A short pause (a tenth of the latency, at most 25 ms) before building the reply, so the requests of one
    // search across suppliers, written a few milliseconds apart, are all timed before any reply is built: the
    // four suppliers share this process, where real ones would not hold each other up (one turn of the event
    // loop was not enough: a 40–90 ms reply build delayed the next request's arrival by as much).
    await sleep(Math.min(25, latency / 10));
  }
  if (sc.has('timeout', op)) {
    reply.hijack();
    await sleep(sim.options.hangMs ?? 600_000);
    reply.raw.destroy();
    return true;
  }
  if (sc.has('slow', op)) {
    const asked = Number(req.headers['x-sim-delay-ms']);
    const delay = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 600_000) : (sim.options.slowMs ?? 3_000);
    await sleep(delay);
    if (answerAt.has(req)) answerAt.set(req, (answerAt.get(req) as number) + delay); // slow comes on top of the latency
  }
  if (sc.has('error-500', op)) {
    await send(req, reply, sc, op, errors.server());
    return true;
  }
  if (sc.has('unavailable', op)) {
    await send(req, reply, sc, op, {
      status: 503,
      contentType: 'text/html',
      body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
    });
    return true;
  }
  if (sc.has('quota', op)) {
    await send(req, reply, sc, op, errors.quota());
    return true;
  }
  return false;
}

/**
 * Sends a reply, gzipped when the client accepts it, applying the reply-level failures: `malformed`
 * (a broken body), `truncated` (half a body, then the connection drops) and `lost-reply` (bookings:
 * the work is done but the connection drops before any byte of the answer).
 */
export async function send(req: FastifyRequest, reply: FastifyReply, sc: ScenarioSet, op: SimOperation, p: Payload): Promise<void> {
  // The body is encoded and gzipped before the wait: that work is within the latency (`prelude`), not on top of it.
  let body = p.body;
  if (sc.has('malformed', op)) body = `${body.slice(0, Math.max(1, Math.floor(body.length * 0.6)))}\u0000<<<%%>>{`;
  let buf = p.charset === 'latin1' ? Buffer.from(body, 'latin1') : Buffer.from(body, 'utf8');
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) buf = gzipSync(buf);
  const wait = (answerAt.get(req) ?? 0) - performance.now();
  if (wait > 0) await sleep(wait);
  if (sc.has('lost-reply', op) && (op === 'book' || op === 'cancel')) {
    reply.hijack();
    reply.raw.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = {
    'content-type': `${p.contentType}; charset=${p.charset === 'latin1' ? 'ISO-8859-1' : 'UTF-8'}`,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...p.headers,
  };
  if (sc.has('truncated', op)) {
    reply.hijack();
    reply.raw.writeHead(p.status, { ...headers, 'content-length': String(buf.length) });
    reply.raw.write(buf.subarray(0, Math.floor(buf.length / 2)));
    await new Promise((r) => setTimeout(r, 20));
    reply.raw.destroy();
    return;
  }
  reply.status(p.status).headers(headers).send(buf);
}
