import type { SupplierId } from '@travesia/contracts';
import type { ResolvedProviderAccount } from './account.js';
import { normaliseError, SupplierError } from './errors.js';
import type { SupplierHttp } from './http/supplier-http.js';

/**
 * Runs one adapter operation so that nothing thrown inside it escapes as anything but our error type:
 * a mapper that meets a malformed reply throws a plain Error, which becomes SUPPLIER_BAD_RESPONSE
 * (logged with its detail, counted) here.
 */
export async function guarded<T>(http: SupplierHttp, supplier: SupplierId, operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = normaliseError(err, supplier, operation);
    if (e instanceof SupplierError && !(err instanceof SupplierError)) {
      http.countError(supplier, operation, e.code);
      http.log.warn({ supplier, operation, detail: e.detail }, 'supplier reply rejected');
    }
    throw e;
  }
}

export function invalid(supplier: SupplierId, operation: string, detail: string): SupplierError {
  return new SupplierError('SUPPLIER_INVALID_REQUEST', { supplier, operation, detail });
}

export interface AdapterDeps {
  http: SupplierHttp;
  account: ResolvedProviderAccount;
}

/** Timestamps in tokens and offers come from here so tests can pin them. */
export const clock = { now: () => new Date() };
