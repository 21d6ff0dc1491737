import type { SupplierId } from '@travesia/contracts';
import type { Logger } from 'pino';
import { supplierBaseUrl } from './account.js';
import { BatchingAuditSink, type SupplierAuditEntry, type SupplierAuditSink } from './http/audit.js';
import { SupplierMetrics } from './http/metrics.js';
import { SupplierHttp, type SupplierHttpOptions } from './http/supplier-http.js';
import { createSupplierRegistry, type SupplierRegistry } from './registry.js';
import type { OwnInventoryPort } from './travesia/ports.js';

export type { ResolvedProviderAccount } from './account.js';
export { supplierBaseUrl } from './account.js';
export { SupplierError } from './errors.js';
export type { SupplierRegistry } from './registry.js';
export { transferSearchInput } from './transfer-points.js';
export { legRequirements } from './transfer-requirements.js';
export type * from './travesia/ports.js';
export type * from './types.js';

export interface SupplierLayer {
  registry: SupplierRegistry;
  http: SupplierHttp;
  metrics: SupplierMetrics;
  audit: SupplierAuditSink;
  /** Where sandbox accounts go (the simulator). */
  simulatorUrl: string;
  /** The base URL an account of `supplier` uses in `mode` (the simulator's path in sandbox). */
  baseUrlFor(supplier: SupplierId, mode: 'sandbox' | 'production', host?: string): string;
  /** Flushes the audit log. */
  close(): Promise<void>;
}

/**
 * The supplier layer of one app: the instrumented HTTP layer (audit log written in batches in the
 * background, Prometheus metrics), and the adapter registry.
 */
export function createSupplierLayer(opts: {
  log: Logger;
  simulatorUrl: string;
  writeAudit: (entries: SupplierAuditEntry[]) => Promise<void>;
  http?: Partial<SupplierHttpOptions>;
  /** Own inventory behind the supplier contract (modules/inventory implements the port), asked at use time. */
  ownInventory?: () => OwnInventoryPort | null;
}): SupplierLayer {
  const metrics = new SupplierMetrics(undefined, { defaultMetrics: true });
  const audit = new BatchingAuditSink(opts.writeAudit, opts.log, { onDrop: (n) => metrics.auditDropped.inc(n) });
  const http = new SupplierHttp({ audit, metrics, log: opts.log, trustedOrigins: [opts.simulatorUrl], ...opts.http });
  return {
    registry: createSupplierRegistry(http, { ownInventory: opts.ownInventory }),
    http,
    metrics,
    audit,
    simulatorUrl: opts.simulatorUrl,
    baseUrlFor: (supplier, mode, host) => supplierBaseUrl(supplier, mode, opts.simulatorUrl, host),
    close: async () => {
      await audit.close();
      await http.close();
    },
  };
}
