import type { SupplierId } from '@travesia/contracts';
import type { Logger } from 'pino';

/** One supplier request/response pair, masked, as kept in `supplier_audit_log`. */
export interface SupplierAuditEntry {
  accountId: string;
  supplier: SupplierId;
  operation: string;
  correlationId: string | null;
  method: string;
  url: string;
  attempt: number;
  requestBody: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  /** Our error code and the supplier's detail, when the exchange failed. */
  errorCode: string | null;
  error: string | null;
  createdAt: Date;
}

export interface SupplierAuditSink {
  /** Never throws and never waits on storage: the request path must not slow down or fail because of the log. */
  write(entry: SupplierAuditEntry): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Bodies beyond this many characters are cut (availability replies can be megabytes). */
export const AUDIT_BODY_LIMIT = 256 * 1024;

export function clip(text: string | null): string | null {
  if (text === null) return null;
  return text.length > AUDIT_BODY_LIMIT ? `${text.slice(0, AUDIT_BODY_LIMIT)}…[${text.length - AUDIT_BODY_LIMIT} caracteres más]` : text;
}

/**
 * Buffers entries and writes them in batches, in the background. A failed write is logged and the
 * batch dropped (counted): the booking flow never waits on or fails because of the audit log.
 */
export class BatchingAuditSink implements SupplierAuditSink {
  private queue: SupplierAuditEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly writeBatch: (entries: SupplierAuditEntry[]) => Promise<void>,
    private readonly log: Pick<Logger, 'error' | 'warn'>,
    private readonly opts: { maxBatch?: number; flushMs?: number; maxQueue?: number; onDrop?: (n: number) => void } = {},
  ) {}

  write(entry: SupplierAuditEntry): void {
    if (this.closed) return;
    const maxQueue = this.opts.maxQueue ?? 10_000;
    if (this.queue.length >= maxQueue) {
      this.queue.shift();
      this.opts.onDrop?.(1);
    }
    this.queue.push(entry);
    if (this.queue.length >= (this.opts.maxBatch ?? 100)) this.kick();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.kick(), this.opts.flushMs ?? 200);
      this.timer.unref();
    }
  }

  private kick() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue.splice(0, this.queue.length);
    if (!batch.length) return;
    this.inFlight = this.inFlight.then(() =>
      this.writeBatch(batch).catch((err) => {
        this.opts.onDrop?.(batch.length);
        this.log.error({ err, entries: batch.length }, 'supplier audit log write failed; entries dropped');
      }),
    );
  }

  async flush(): Promise<void> {
    this.kick();
    await this.inFlight;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

/** Keeps entries in memory: for contract tests and tools. */
export class MemoryAuditSink implements SupplierAuditSink {
  readonly entries: SupplierAuditEntry[] = [];
  write(entry: SupplierAuditEntry): void {
    this.entries.push(entry);
  }
  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}
