import { randomUUID } from 'node:crypto';
import type { SupplierId } from '@travesia/contracts';
import { type RunningSimulator, SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import pino from 'pino';
import { type ResolvedProviderAccount, supplierBaseUrl } from '../src/suppliers/account.js';
import { MemoryAuditSink } from '../src/suppliers/http/audit.js';
import { SupplierMetrics } from '../src/suppliers/http/metrics.js';
import { SupplierHttp, type SupplierHttpOptions } from '../src/suppliers/http/supplier-http.js';
import { createSupplierRegistry } from '../src/suppliers/registry.js';

/** Credentials the simulator accepts; `identity` may carry a scenario (`demo+timeout`). */
export function sandboxCredentials(supplier: SupplierId, identity = 'demo'): Record<string, string> {
  switch (supplier) {
    case 'hotelbeds':
      return {
        hotelsApiKey: `hotels-${identity}`,
        hotelsSecret: SANDBOX_SECRET,
        activitiesApiKey: `activities-${identity}`,
        activitiesSecret: SANDBOX_SECRET,
        transfersApiKey: `transfers-${identity}`,
        transfersSecret: SANDBOX_SECRET,
      };
    case 'juniper':
      return { email: `${identity}@agencia.test`, password: SANDBOX_SECRET };
    case 'restel':
      return { codigousu: identity, clausu: SANDBOX_SECRET, afiliacio: 'RS', secacc: SANDBOX_SECRET, usuario: identity };
    case 'santsg':
      return { agency: 'PXM25', user: identity, password: SANDBOX_SECRET };
  }
}

export interface SupplierHarness {
  sim: RunningSimulator;
  http: SupplierHttp;
  audit: MemoryAuditSink;
  metrics: SupplierMetrics;
  registry: ReturnType<typeof createSupplierRegistry>;
  account(
    supplier: SupplierId,
    over?: { identity?: string; credentials?: Record<string, string>; timeouts?: Record<string, number>; currency?: string },
  ): ResolvedProviderAccount;
  close(): Promise<void>;
}

/** The simulator on a free port plus a supplier layer with an in-memory audit log, for contract tests. */
export async function startSupplierHarness(
  opts: { http?: Partial<SupplierHttpOptions>; sim?: Parameters<typeof startSimulator>[0] } = {},
): Promise<SupplierHarness> {
  const sim = await startSimulator({ port: 0, hangMs: 5_000, slowMs: 200, ...opts.sim });
  const audit = new MemoryAuditSink();
  const metrics = new SupplierMetrics();
  const http = new SupplierHttp({
    audit,
    metrics,
    log: pino({ level: 'silent' }),
    retryDelayMs: 10,
    trustedOrigins: [sim.url],
    ...opts.http,
  });
  const registry = createSupplierRegistry(http);
  return {
    sim,
    http,
    audit,
    metrics,
    registry,
    account(supplier, over = {}) {
      return {
        id: randomUUID(),
        supplier,
        name: `Cuenta ${supplier}`,
        mode: 'sandbox',
        credentials: over.credentials ?? sandboxCredentials(supplier, over.identity),
        settings: { currency: over.currency ?? 'USD', nationality: 'CO', language: 'es', timeouts: over.timeouts },
        baseUrl: supplierBaseUrl(supplier, 'sandbox', sim.url),
      };
    },
    close: () => sim.close(),
  };
}

/** A date `days` from today, yyyy-MM-dd. */
export function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Runs `fn` and answers the error it throws (fails when it doesn't throw). */
export async function caught(fn: () => Promise<unknown>): Promise<Error & { code?: string; status?: number; detail?: string }> {
  try {
    await fn();
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error('expected an error');
}
