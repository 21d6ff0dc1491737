import { PROVIDER_MESSAGES, providerInProcess } from '@travesia/contracts';
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
  /** `store`: keeps the part (its cacheId pageable); called once its `result` is written (decision 0710). */
  search: (source: StreamSource<S>, id: string) => Promise<{ part: P; response: unknown; store?: () => Promise<void> }>;
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
        const { part, response, store } = await Promise.race([args.search(source, id), timeout]);
        emit({ event: 'result', data: { ...source, ms: Date.now() - started, response } });
        if (store) {
          // Serialising and storing the part waits until pending I/O was served: the result's bytes reach the
          // client, and another supplier's reply is read, before this work (decision 0710).
          await afterPendingIo();
          await store();
        }
        parts.push({ order, part });
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

/** Resolves after the event loop's next poll phase (I/O callbacks) has run. */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * Where a streamed search's local work — a provider answered in process (the catalogue's `inProcess`: our own
 * inventory), the pricing context, place look-ups — waits until every supplier's request has left. PGlite runs each query on this thread, so queries
 * started while a supplier request is only handed to the HTTP client keep it unwritten until they end: a transfer
 * search measured its Juniper requests leaving 21 ms after the search arrived, the last 10 behind the own
 * inventory's and pricing's queries (issues 17 and 18, decision 0510). Each source runs through `run`: a supplier's
 * search calls `depart` once its request is made (or is counted as departed when it fails first); our own starts
 * when the gate opens, which is once every supplier departed and `written()` says their requests are on the wire.
 */
export function departureGate<S extends string>(chosen: { source: StreamSource<S> | null }[], written: () => Promise<void>) {
  const isOwn = (source: StreamSource<S>) => providerInProcess(source.supplier);
  let waiting = chosen.filter(({ source }) => source && !isOwn(source)).length;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  if (waiting === 0) open();
  const departed = () => {
    if (--waiting === 0) written().then(open, open);
  };
  return {
    opened,
    /** One source's search: our own once the gate is open; a supplier's at once, telling the gate when its request left. */
    async run<T>(source: StreamSource<S>, search: (depart: () => void) => Promise<T>): Promise<T> {
      if (isOwn(source)) return opened.then(() => search(() => undefined));
      let told = false;
      const depart = () => {
        if (told) return;
        told = true;
        departed();
      };
      try {
        return await search(depart);
      } finally {
        depart();
      }
    },
  };
}
