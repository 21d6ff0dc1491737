import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SupplierId } from '@travesia/contracts';
import pino from 'pino';
import type { ResolvedProviderAccount } from '../src/suppliers/account.js';
import { MemoryAuditSink } from '../src/suppliers/http/audit.js';
import { SupplierMetrics } from '../src/suppliers/http/metrics.js';
import { SupplierHttp, type SupplierRequest, type SupplierResponse } from '../src/suppliers/http/supplier-http.js';
import { sandboxCredentials } from './supplier-harness.js';

/** A documented reply to hand back for one request. */
export interface Replay {
  status?: number;
  body: string;
  contentType?: string;
}

/**
 * A SupplierHttp that answers from recorded (documented) replies instead of the network, so the
 * adapters' whole path — request building, reply parsing, mapping — runs on the suppliers' published
 * shapes. `answer` picks the reply for each request; every request is kept in `sent`.
 */
export class ReplayHttp extends SupplierHttp {
  readonly sent: SupplierRequest[] = [];
  constructor(private readonly answer: (req: SupplierRequest) => Replay) {
    super({ audit: new MemoryAuditSink(), metrics: new SupplierMetrics(), log: pino({ level: 'silent' }), retryDelayMs: 1 });
  }

  override async request(req: SupplierRequest): Promise<SupplierResponse> {
    this.sent.push(req);
    const r = this.answer(req);
    return {
      status: r.status ?? 200,
      headers: new Headers({ 'content-type': r.contentType ?? 'text/xml' }),
      text: r.body,
      durationMs: 1,
    };
  }
}

/** A production-like account for replays (the host is never reached). */
export function replayAccount(supplier: SupplierId, over: Partial<ResolvedProviderAccount> = {}): ResolvedProviderAccount {
  return {
    id: randomUUID(),
    supplier,
    name: `Cuenta ${supplier}`,
    mode: 'production',
    credentials: sandboxCredentials(supplier),
    settings: { currency: 'EUR', nationality: 'ES', language: 'en' },
    baseUrl: `https://replay.invalid/${supplier}`,
    ...over,
  };
}

/** Reads a fixture file next to the adapter (`src/suppliers/<supplier>/fixtures/<name>`). */
export function fixture(supplier: SupplierId, name: string): string {
  return readFileSync(new URL(`../src/suppliers/${supplier}/fixtures/${name}`, import.meta.url), 'utf8');
}
