import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of the supplier layer, on the app's own registry (served at GET /metrics). */
export class SupplierMetrics {
  readonly registry: Registry;
  readonly duration: Histogram<'supplier' | 'operation' | 'outcome'>;
  readonly errors: Counter<'supplier' | 'operation' | 'code'>;
  readonly circuitOpen: Gauge<'supplier' | 'account_id'>;
  readonly auditDropped: Counter;
  readonly offersDropped: Counter<'supplier' | 'reason'>;

  constructor(registry = new Registry(), opts: { defaultMetrics?: boolean } = {}) {
    this.registry = registry;
    if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });
    this.duration = new Histogram({
      name: 'supplier_request_duration_seconds',
      help: 'Duration of supplier HTTP requests by supplier, operation and outcome.',
      labelNames: ['supplier', 'operation', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 180],
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'supplier_request_errors_total',
      help: 'Failed supplier requests by supplier, operation and our error code.',
      labelNames: ['supplier', 'operation', 'code'],
      registers: [registry],
    });
    this.circuitOpen = new Gauge({
      name: 'supplier_circuit_open',
      help: '1 while the circuit breaker of a provider account is open.',
      labelNames: ['supplier', 'account_id'],
      registers: [registry],
    });
    this.auditDropped = new Counter({
      name: 'supplier_audit_dropped_total',
      help: 'Supplier audit log entries that could not be written.',
      registers: [registry],
    });
    this.offersDropped = new Counter({
      name: 'supplier_offers_dropped_total',
      help: 'Supplier offers dropped as untrustworthy (absurd price, unknown code, missing fields).',
      labelNames: ['supplier', 'reason'],
      registers: [registry],
    });
  }
}
