import { type ProviderId, SUPPLIER_ERROR_MESSAGES, type SupplierErrorCode, type SupplierId } from '@travesia/contracts';
import { AppError } from '../http/errors.js';

const STATUS: Record<SupplierErrorCode, number> = {
  SUPPLIER_TIMEOUT: 504,
  SUPPLIER_UNAVAILABLE: 502,
  SUPPLIER_CIRCUIT_OPEN: 503,
  SUPPLIER_BAD_RESPONSE: 502,
  SUPPLIER_AUTH: 502,
  SUPPLIER_QUOTA: 503,
  SUPPLIER_PRICE_CHANGED: 409,
  SUPPLIER_TOKEN_EXPIRED: 409,
  SUPPLIER_DUPLICATE_RESERVATION: 409,
  SUPPLIER_NOT_AVAILABLE: 409,
  SUPPLIER_BOOKING_NOT_FOUND: 404,
  SUPPLIER_NOT_CANCELLABLE: 409,
  SUPPLIER_REJECTED: 422,
  SUPPLIER_INVALID_REQUEST: 400,
  SUPPLIER_OUTCOME_UNKNOWN: 502,
  SUPPLIER_UNSUPPORTED: 400,
  SUPPLIER_HOST_REQUIRED: 400,
  SUPPLIER_HOST_FORBIDDEN: 400,
};

/** Transport failures worth retrying on an idempotent call and counting against the circuit breaker. */
const TRANSIENT: ReadonlySet<SupplierErrorCode> = new Set(['SUPPLIER_TIMEOUT', 'SUPPLIER_UNAVAILABLE']);

/**
 * A supplier failure as our error type: a code, an HTTP status and a Spanish message. `detail` keeps
 * the supplier's own code/text for logs and the audit log only; it is never sent to a client.
 */
export class SupplierError extends AppError {
  readonly supplier: ProviderId | undefined;
  readonly operation: string | undefined;
  readonly detail: string | undefined;
  constructor(code: SupplierErrorCode, opts: { supplier?: ProviderId; operation?: string; detail?: string; cause?: unknown } = {}) {
    super(STATUS[code], code, SUPPLIER_ERROR_MESSAGES[code]);
    this.name = 'SupplierError';
    this.supplier = opts.supplier;
    this.operation = opts.operation;
    this.detail = opts.detail;
    if (opts.cause !== undefined) this.cause = opts.cause;
  }

  get supplierCode(): SupplierErrorCode {
    return this.code as SupplierErrorCode;
  }

  get transient(): boolean {
    return TRANSIENT.has(this.supplierCode);
  }
}

export function supplierError(
  code: SupplierErrorCode,
  supplier: SupplierId,
  operation: string,
  detail?: string,
  cause?: unknown,
): SupplierError {
  return new SupplierError(code, { supplier, operation, detail, cause });
}

/** Anything thrown inside an adapter becomes a SupplierError; our own AppErrors pass through. */
export function normaliseError(err: unknown, supplier: SupplierId, operation: string): AppError {
  if (err instanceof AppError) return err;
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new SupplierError('SUPPLIER_BAD_RESPONSE', { supplier, operation, detail, cause: err });
}
