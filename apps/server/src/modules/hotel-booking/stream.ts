import { type HotelStreamSearchBody, HOTEL_BOOKING_MESSAGES as M, PROVIDER_MESSAGES } from '@travesia/contracts';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import type { HotelSource, SearchIndex } from './cache.js';
import { type HotelSearchService, moduleFor } from './search.js';

/** The provider id of our own inventory in the streamed search. */
export const TRAVESIA = 'travesia';

type Source = { accountId: string; supplier: HotelSource; name: string };

export type StreamEvent =
  | { event: 'start'; data: { suppliers: Source[] } }
  | { event: 'result'; data: Source & { ms: number; response: unknown } }
  | { event: 'failure'; data: { accountId: string; supplier: string | null; name: string | null; ms: number; code: string; msg: string } }
  | { event: 'done'; data: { ok: number; failed: number; cacheId: string | null; expires: string | null; itemsFound: number } };

const HOTEL_SUPPLIERS: readonly HotelSource[] = ['hotelbeds', 'juniper', 'restel'];

/**
 * Searches every chosen hotel account (and our own inventory) in parallel and reports each as soon
 * as it answers; a supplier that fails or exceeds `timeoutMs` is reported as such and never holds
 * the others back. At the end, one merged search holds every successful result (`done.cacheId`).
 */
export async function streamSearch(
  d: { search: HotelSearchService; providerAccounts: ProviderAccountService },
  auth: AuthContext,
  body: HotelStreamSearchBody,
  emit: (e: StreamEvent) => void,
  opts: { forceSandbox: boolean; simScenario?: string },
): Promise<void> {
  const usable = (await d.providerAccounts.usableFor(auth)).filter((a) => HOTEL_SUPPLIERS.includes(a.supplier));
  const resort = body.resort ?? null;
  const travesia: Source = { accountId: TRAVESIA, supplier: 'travesia', name: M.travesiaName };
  const chosen: { id: string; source: Source | null }[] = body.providers
    ? [...new Set(body.providers)].map((id) => {
        if (id === TRAVESIA) return { id, source: travesia };
        const a = usable.find((u) => u.id === id);
        return { id, source: a ? { accountId: a.id, supplier: a.supplier, name: a.name } : null };
      })
    : [
        ...usable
          .filter((a) => {
            const m = moduleFor(a.supplier, resort);
            return m !== null && auth.modules.includes(m);
          })
          .map((a) => ({ id: a.id, source: { accountId: a.id, supplier: a.supplier, name: a.name } as Source })),
        // Own hotels have no Disney/Universal mode.
        ...(auth.modules.includes('hotels-travesia') && !resort ? [{ id: TRAVESIA, source: travesia }] : []),
      ];
  emit({ event: 'start', data: { suppliers: chosen.flatMap((c) => (c.source ? [c.source] : [])) } });
  const shared = d.search.prefetch(auth, body.destination);
  let failed = 0;
  const parts: { order: number; index: SearchIndex }[] = [];
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
        timer = setTimeout(() => reject(new AppError(504, 'SUPPLIER_TIMEOUT', 'El proveedor no respondió a tiempo')), body.timeoutMs);
      });
      try {
        const run =
          source.supplier === 'travesia'
            ? d.search.searchTravesia(auth, body, shared)
            : d.search.search(
                auth,
                { ...body, provider_id: id },
                { supplier: source.supplier, forceSandbox: opts.forceSandbox, simScenario: opts.simScenario },
                shared,
              );
        const { index, page } = await Promise.race([run, timeout]);
        parts.push({ order, index });
        emit({ event: 'result', data: { ...source, ms: Date.now() - started, response: page.response } });
      } catch (err) {
        if (err instanceof AppError) return fail(err.code, err.message);
        fail('INTERNAL', 'No se pudo consultar este proveedor');
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  // Parts in the order the suppliers were listed, so option ids don't depend on who answered first.
  const merged = await d.search.merge(
    auth,
    parts.sort((a, b) => a.order - b.order).map((p) => p.index),
  );
  emit({
    event: 'done',
    data: {
      ok: parts.length,
      failed,
      cacheId: merged?.cacheId ?? null,
      expires: merged?.expires ?? null,
      itemsFound: merged?.hotels.length ?? 0,
    },
  });
}
