import { PROVIDER_MESSAGES } from '@travesia/contracts';
import { AppError } from '../../http/errors.js';

/** One source of a streamed search: a provider account, or our own inventory. */
export interface StreamSource<S extends string = string> {
  accountId: string;
  supplier: S;
  name: string;
}

export type StreamEvent<S extends string = string> =
  | { event: 'start'; data: { suppliers: StreamSource<S>[] } }
  | { event: 'result'; data: StreamSource<S> & { ms: number; response: unknown } }
  | { event: 'failure'; data: { accountId: string; supplier: string | null; name: string | null; ms: number; code: string; msg: string } }
  | { event: 'done'; data: { ok: number; failed: number; cacheId: string | null; expires: string | null; itemsFound: number } };

/**
 * The product-agnostic streamed search: every chosen source searched in parallel, each reported as
 * soon as it answers (`result`) or fails or exceeds `timeoutMs` (`failure`), never holding the others
 * back; at the end `merge` gets the successful parts in the order the sources were listed (so option
 * ids don't depend on who answered first) and `done` carries the merged search.
 */
export async function fanOutSearch<S extends string, P>(args: {
  /** Each id asked, with its source (null: not one the seller may use, reported as a failure). */
  chosen: { id: string; source: StreamSource<S> | null }[];
  search: (source: StreamSource<S>, id: string) => Promise<{ part: P; response: unknown }>;
  merge: (parts: P[]) => Promise<{ cacheId: string; expires: string; itemsFound: number } | null>;
  emit: (e: StreamEvent<S>) => void;
  timeoutMs: number;
}): Promise<void> {
  const { chosen, emit } = args;
  emit({ event: 'start', data: { suppliers: chosen.flatMap((c) => (c.source ? [c.source] : [])) } });
  let failed = 0;
  const parts: { order: number; part: P }[] = [];
  const started = Date.now();
  await Promise.all(
    chosen.map(async ({ id, source }, order) => {
      const fail = (code: string, msg: string) => {
        failed++;
        emit({
          event: 'failure',
          data: { accountId: id, supplier: source?.supplier ?? null, name: source?.name ?? null, ms: Date.now() - started, code, msg },
        });
      };
      if (!source) return fail('NOT_FOUND', PROVIDER_MESSAGES.notFound);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError(504, 'SUPPLIER_TIMEOUT', 'El proveedor no respondió a tiempo')), args.timeoutMs);
      });
      try {
        const { part, response } = await Promise.race([args.search(source, id), timeout]);
        parts.push({ order, part });
        emit({ event: 'result', data: { ...source, ms: Date.now() - started, response } });
      } catch (err) {
        if (err instanceof AppError) return fail(err.code, err.message);
        fail('INTERNAL', 'No se pudo consultar este proveedor');
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const merged = await args.merge(parts.sort((a, b) => a.order - b.order).map((p) => p.part));
  emit({
    event: 'done',
    data: {
      ok: parts.length,
      failed,
      cacheId: merged?.cacheId ?? null,
      expires: merged?.expires ?? null,
      itemsFound: merged?.itemsFound ?? 0,
    },
  });
}

/**
 * The longest a search's local work waits for supplier requests to be written: a new TLS connection to a real
 * supplier can take longer, and own results should not wait for a handshake.
 */
export const WRITE_WAIT_MS = 20;

/**
 * Where a streamed search's local work (own inventory, the pricing context) waits until every remote source's
 * request has left. PGlite runs each query on this thread, so queries started while a supplier request is only
 * handed to the HTTP client keep it unwritten until they end: a transfer search measured its Juniper requests
 * leaving 21 ms after the search arrived, the last 10 behind the own inventory's and pricing's queries (issues
 * 17 and 18). `departed()` is called once per remote source, when its request is made or it failed before;
 * then the gate opens once `written()` says the requests are on their sockets.
 */
export function departureGate(remoteSources: number, written: () => Promise<void>) {
  let waiting = remoteSources;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  if (waiting <= 0) open();
  return {
    opened,
    /** One remote source's request is on its way (or the source failed before sending it). */
    departed(): void {
      if (--waiting === 0) written().then(open, open);
    },
  };
}

/** Runs `fn` with a `depart` that tells `gate` once, whether `fn` sent its request or failed before. */
export async function remoteSearch<T>(gate: ReturnType<typeof departureGate>, fn: (depart: () => void) => Promise<T>): Promise<T> {
  let told = false;
  const depart = () => {
    if (told) return;
    told = true;
    gate.departed();
  };
  try {
    return await fn(depart);
  } finally {
    depart();
  }
}
