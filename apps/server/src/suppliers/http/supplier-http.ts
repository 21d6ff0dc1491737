import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import type { SupplierId } from '@travesia/contracts';
import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
} from 'cockatiel';
import type { Logger } from 'pino';
import { Agent, type Dispatcher, request } from 'undici';
import { type ResolvedProviderAccount, wireSupplierOf } from '../account.js';
import { SupplierError } from '../errors.js';
import type { CallContext } from '../types.js';
import { clip, type SupplierAuditSink } from './audit.js';
import { createGuardedAgent, isForbiddenDestination, type ResolveAll } from './guarded-agent.js';
import { maskBody, secretValuesOf } from './mask.js';
import type { SupplierMetrics } from './metrics.js';
import { timeoutFor } from './timeouts.js';
import { UnsentRequests } from './unsent-requests.js';

export interface SupplierRequest {
  account: ResolvedProviderAccount;
  /** Our operation name, e.g. 'hotel.search'; picks the timeout and labels logs and metrics. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Reads are retried on transport failures; writes never are (a lost reply means the outcome is unknown). */
  idempotent: boolean;
  /** What to store in the audit log instead of `body` (e.g. Restel's decoded XML rather than the form). */
  auditRequestBody?: string;
  /** Character set of the reply (Restel answers ISO-8859-1). */
  responseCharset?: 'utf-8' | 'latin1';
  /** Extra literal values to mask in the audit log (e.g. a bearer token). */
  secrets?: string[];
  ctx?: CallContext;
}

export interface SupplierResponse {
  status: number;
  headers: Headers;
  text: string;
  durationMs: number;
}

export interface SupplierHttpOptions {
  audit: SupplierAuditSink;
  metrics: SupplierMetrics;
  log: Pick<Logger, 'warn' | 'error' | 'info' | 'debug'>;
  /** Consecutive transport failures that open an account's circuit (default 5). */
  breakerThreshold?: number;
  /** How long an open circuit waits before letting one request through (default 30 s). */
  halfOpenAfterMs?: number;
  /** Extra attempts for idempotent requests (default 2). */
  retries?: number;
  retryDelayMs?: number;
  /** Largest reply accepted (default 20 MB). */
  maxResponseBytes?: number;
  /**
   * Origins the platform itself configured (the supplier simulator): reached directly. Every other
   * URL — hosts typed by users into provider accounts and templates — goes through the guarded agent
   * (public addresses on supplier ports only, checked at connection time; decision 0143).
   */
  trustedOrigins?: string[];
  /** Name resolution of the guarded agent (tests pass a fake). */
  resolveAll?: ResolveAll;
}

/** A transport failure: counted by the breaker and retried when the call is idempotent. */
class TransportFailure extends Error {
  constructor(
    readonly code: 'timeout' | 'network' | 'server',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The one instrumented HTTP layer every supplier client uses: per-operation timeouts, retries for
 * reads only, a circuit breaker per provider account, a masked audit entry per attempt, latency and
 * error metrics. It answers the reply of any status below 500 and leaves the body to the client;
 * transport failures become SupplierError.
 */
export class SupplierHttp {
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();
  private readonly trusted: ReadonlySet<string>;
  /** Requests handed to undici and not written yet: a streamed search's local work waits for them (issue 18). */
  readonly unsent = new UnsentRequests();
  private readonly direct: Dispatcher = new Agent().compose(this.unsent.interceptor);
  private readonly guarded: Dispatcher;

  constructor(private readonly opts: SupplierHttpOptions) {
    this.trusted = new Set((opts.trustedOrigins ?? []).map((o) => new URL(o).origin));
    this.guarded = createGuardedAgent({ resolveAll: opts.resolveAll }).compose(this.unsent.interceptor);
  }

  /** The dispatcher a URL goes through: direct for the platform's own origins, guarded for the rest. */
  private dispatcherFor(url: string): Dispatcher {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return this.guarded;
    }
    return this.trusted.has(origin) ? this.direct : this.guarded;
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await Promise.all([this.direct.close(), this.guarded.close()]);
  }

  get metrics(): SupplierMetrics {
    return this.opts.metrics;
  }

  get log() {
    return this.opts.log;
  }

  private breakerFor(account: ResolvedProviderAccount): CircuitBreakerPolicy {
    let b = this.breakers.get(account.id);
    if (!b) {
      b = circuitBreaker(
        handleWhen((e) => e instanceof TransportFailure),
        { halfOpenAfter: this.opts.halfOpenAfterMs ?? 30_000, breaker: new ConsecutiveBreaker(this.opts.breakerThreshold ?? 5) },
      );
      const labels = { supplier: account.supplier, account_id: account.id };
      b.onStateChange((state) => {
        this.opts.metrics.circuitOpen.set(labels, state === CircuitState.Open ? 1 : 0);
        if (state === CircuitState.Open)
          this.opts.log.warn({ accountId: account.id, supplier: account.supplier }, 'supplier circuit opened');
      });
      this.breakers.set(account.id, b);
    }
    return b;
  }

  /** Circuit state of an account, for diagnostics and tests. */
  circuitState(accountId: string): 'closed' | 'open' | 'half-open' | 'isolated' {
    const state = this.breakers.get(accountId)?.state ?? CircuitState.Closed;
    return (['closed', 'open', 'half-open', 'isolated'] as const)[state];
  }

  async request(req: SupplierRequest): Promise<SupplierResponse> {
    const { account, operation } = req;
    const supplier = account.supplier;
    const breaker = this.breakerFor(account);
    let attempt = 0;
    const attempts = req.idempotent ? 1 + (this.opts.retries ?? 2) : 1;
    const retryPolicy = retry(
      handleWhen((e) => e instanceof TransportFailure),
      { maxAttempts: attempts - 1, backoff: new ExponentialBackoff({ initialDelay: this.opts.retryDelayMs ?? 150, maxDelay: 2_000 }) },
    );
    const started = performance.now();
    try {
      const res = await retryPolicy.execute(() => breaker.execute(() => this.once(req, ++attempt)));
      this.opts.metrics.duration.observe({ supplier, operation, outcome: 'ok' }, (performance.now() - started) / 1000);
      return res;
    } catch (err) {
      const error = this.toSupplierError(err, req);
      this.opts.metrics.duration.observe({ supplier, operation, outcome: 'error' }, (performance.now() - started) / 1000);
      this.opts.metrics.errors.inc({ supplier, operation, code: error.code });
      this.opts.log.warn({ supplier, operation, accountId: account.id, code: error.code, detail: error.detail }, 'supplier request failed');
      throw error;
    }
  }

  /** Counts a business-level failure decided by the client after parsing (e.g. an <Error> element). */
  countError(supplier: SupplierId, operation: string, code: string) {
    this.opts.metrics.errors.inc({ supplier, operation, code });
  }

  private toSupplierError(err: unknown, req: SupplierRequest): SupplierError {
    const base = { supplier: req.account.supplier, operation: req.operation };
    if (err instanceof BrokenCircuitError) return new SupplierError('SUPPLIER_CIRCUIT_OPEN', { ...base, detail: 'circuit open' });
    if (err instanceof TransportFailure) {
      // A write whose reply never came may have succeeded: the caller must look it up, never repeat it.
      const unknownOutcome = !req.idempotent && (err.code === 'timeout' || err.code === 'network' || err.status === 504);
      if (unknownOutcome) return new SupplierError('SUPPLIER_OUTCOME_UNKNOWN', { ...base, detail: err.message });
      return new SupplierError(err.code === 'timeout' ? 'SUPPLIER_TIMEOUT' : 'SUPPLIER_UNAVAILABLE', { ...base, detail: err.message });
    }
    if (err instanceof SupplierError) return err;
    return new SupplierError('SUPPLIER_UNAVAILABLE', { ...base, detail: String(err), cause: err });
  }

  private async once(req: SupplierRequest, attempt: number): Promise<SupplierResponse> {
    const { account, operation } = req;
    const timeoutMs = timeoutFor(wireSupplierOf(account), operation, account.settings.timeouts);
    const headers: Record<string, string> = { 'accept-encoding': 'gzip', ...req.headers };
    if (account.mode === 'sandbox' && req.ctx?.simScenario) headers['x-sim-scenario'] = req.ctx.simScenario;
    if (req.ctx?.correlationId) headers['x-correlation-id'] = req.ctx.correlationId;
    const started = performance.now();
    let status: number | null = null;
    let text: string | null = null;
    let failure: TransportFailure | null = null;
    let resHeaders = new Headers();
    let forbidden = false;
    try {
      // undici's `request`, not `fetch`: the body goes out with the headers in one write and the reply is read into
      // one buffer, without the WHATWG streams `fetch` builds (~2 ms of a streamed search's own time, decision 0760).
      const res = await request(req.url, {
        method: req.method,
        headers,
        body: req.body,
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: this.dispatcherFor(req.url),
      });
      status = res.statusCode;
      resHeaders = headersOf(res.headers);
      if (status >= 300 && status < 400) {
        await res.body.dump();
        // Redirects are never followed: a supplier endpoint that moves is a configuration to fix, not to guess.
        throw new TransportFailure('network', `unexpected redirect (HTTP ${status} to ${resHeaders.get('location') ?? '?'})`, status);
      }
      const declared = Number(resHeaders.get('content-length') ?? '0');
      const max = this.opts.maxResponseBytes ?? 20 * 1024 * 1024;
      if (declared > max) {
        await res.body.dump();
        throw new TransportFailure('server', `reply too large (${declared} bytes)`, status);
      }
      const raw = Buffer.from(await res.body.arrayBuffer());
      if (raw.byteLength > max) throw new TransportFailure('server', `reply too large (${raw.byteLength} bytes)`, status);
      const buf = await decoded(raw, resHeaders.get('content-encoding'), max, status);
      text = new TextDecoder(req.responseCharset ?? 'utf-8').decode(buf);
      if (status >= 500) failure = new TransportFailure('server', `HTTP ${status}`, status);
    } catch (err) {
      if (isForbiddenDestination(err)) forbidden = true;
      if (err instanceof TransportFailure) failure = err;
      else if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
        failure = new TransportFailure('timeout', `no reply within ${timeoutMs} ms`);
      else failure = new TransportFailure('network', describeNetworkError(err));
    }
    const durationMs = Math.round(performance.now() - started);
    const secrets = [...secretValuesOf(account), ...(req.secrets ?? [])];
    const requestText = req.auditRequestBody ?? (typeof req.body === 'string' ? req.body : req.body ? '[binary]' : null);
    this.opts.audit.write({
      accountId: account.id,
      supplier: wireSupplierOf(account),
      operation,
      correlationId: req.ctx?.correlationId ?? null,
      method: req.method,
      url: maskBody(req.url, secrets),
      attempt,
      requestBody: clip(requestText === null ? null : maskBody(requestText, secrets)),
      responseStatus: status,
      responseBody: clip(text === null ? null : maskBody(text, secrets)),
      durationMs,
      errorCode: failure ? `transport:${failure.code}` : status !== null && status >= 400 ? `http:${status}` : null,
      error: failure?.message ?? (status !== null && status >= 400 ? `HTTP ${status}` : null),
      createdAt: new Date(),
    });
    // A refused destination is a configuration error: neither retried nor counted by the breaker.
    if (forbidden) throw new SupplierError('SUPPLIER_HOST_FORBIDDEN', { supplier: account.supplier, operation, detail: failure?.message });
    if (failure) throw failure;
    return { status: status as number, headers: resHeaders, text: text as string, durationMs };
  }
}

const inflaters: Record<string, (buf: Buffer, opts: { maxOutputLength: number }) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** The reply's bytes with its content encoding undone (in libuv's pool), never more than `max` bytes of them. */
async function decoded(raw: Buffer, encoding: string | null, max: number, status: number): Promise<Buffer> {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === 'identity' || !raw.byteLength) return raw;
  const inflate = inflaters[coding];
  if (!inflate) throw new TransportFailure('server', `unknown content encoding ${coding}`, status);
  try {
    return await inflate(raw, { maxOutputLength: max });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new TransportFailure('server', `reply too large (over ${max} bytes)`, status);
    // As a reply cut short: for a write the outcome is unknown (a booking may have been made), never "failed".
    throw new TransportFailure('network', `reply not readable as ${coding}: ${(err as Error).message}`, status);
  }
}

/** undici's header object (a repeated header as an array) as the `Headers` the clients read. */
function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return [err.message, cause?.code, cause?.message].filter(Boolean).join(' · ');
}
