import { MESSAGES } from '@travesia/contracts/messages';
import { readCookie, TOKEN_COOKIE } from './cookies';

/** What every failed call answers: the server's Spanish message, or 'timeout' (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  /** The spec's timeout marker. */
  get msg() {
    return this.code === 'TIMEOUT' ? 'timeout' : this.message;
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Called on any 401 except the login call itself: the app sends the person to /logout (spec §4). */
let onUnauthorized: () => void = () => {
  // A public storefront (`/s/…`) never sends its visitor to the back office's sign-out.
  if (location.pathname !== '/logout' && !location.pathname.startsWith('/s/')) location.assign('/logout');
};
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}
/** For calls made without `api()` (e.g. a streamed body read with fetch) that got a 401. */
export const handleUnauthorized = () => onUnauthorized();

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Don't redirect on 401 (the login form shows its own message). */
  allowUnauthorized?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers['x-access-token'] = token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    if (timeout.aborted) throw new ApiError(0, MESSAGES['request.timeout'], 'TIMEOUT');
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MESSAGES['http.unavailable'], 'NETWORK');
  }
  if (res.status === 401 && !opts.allowUnauthorized) onUnauthorized();
  const data = res.headers.get('content-type')?.includes('application/json') ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    throw new ApiError(res.status, data?.msg ?? MESSAGES['http.internal'], data?.code, data?.fields);
  }
  return data as T;
}
