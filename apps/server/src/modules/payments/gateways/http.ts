import { GatewayCallError } from './types.js';

const TIMEOUT_MS = 15_000;

/**
 * One call to a gateway: a timeout, and failures sorted for the caller — 401/403 are credentials the
 * gateway refused, a network error or timeout is an unreachable gateway, any other non-2xx a failure.
 * Gateway hosts are constants or the simulator's (never typed by a user), so no SSRF guard is needed
 * here (decision 0332).
 */
export async function gatewayFetch(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new GatewayCallError('unreachable', `${init.method ?? 'GET'} ${url}: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (res.status === 401 || res.status === 403) throw new GatewayCallError('rejected', `${res.status} ${text.slice(0, 300)}`);
  if (!res.ok) throw new GatewayCallError('failed', `${res.status} ${text.slice(0, 300)}`);
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new GatewayCallError('failed', `not JSON: ${text.slice(0, 200)}`);
  }
}

/** Reads a path like `transaction.amount_in_cents` in a parsed body. */
export function pathValue(body: unknown, path: string): unknown {
  let v: unknown = body;
  for (const key of path.split('.')) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
