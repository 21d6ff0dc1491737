import { SUPPLIER_ERROR_MESSAGES } from '@travesia/contracts';
import { AppError } from '../http/errors.js';
import type { ConnectionTestResult } from './types.js';

/** Runs one cheap authenticated call and reports it in Spanish; never throws. */
export async function connectionCheck(
  product: ConnectionTestResult['checks'][number]['product'],
  fn: () => Promise<unknown>,
): Promise<ConnectionTestResult['checks'][number]> {
  const started = performance.now();
  try {
    await fn();
    return { product, ok: true, message: 'Conexión exitosa', durationMs: Math.round(performance.now() - started) };
  } catch (err) {
    const message = err instanceof AppError ? err.message : SUPPLIER_ERROR_MESSAGES.SUPPLIER_UNAVAILABLE;
    return { product, ok: false, message, durationMs: Math.round(performance.now() - started) };
  }
}
