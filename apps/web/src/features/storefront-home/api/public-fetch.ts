/**
 * The storefront home's calls to the public storefront API. Not lib/api.ts: that client reads the
 * contracts' message catalogue, whose index brings zod and every schema into the home's download
 * (decision 0460). No session, no token: these endpoints are public.
 */
export class StorefrontFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const UNAVAILABLE = 'No pudimos conectar con la tienda. Intenta de nuevo.';

export async function publicFetch<T>(path: string, init: { body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? 15_000);
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers:
        init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError' && !timeout.aborted) throw err;
    throw new StorefrontFetchError(0, UNAVAILABLE);
  }
  const data = (await res.json().catch(() => null)) as { msg?: string } | null;
  if (!res.ok) throw new StorefrontFetchError(res.status, data?.msg ?? UNAVAILABLE);
  return data as T;
}
