import { type HotelStreamSearchBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { AuthContext } from '../../../http/auth.js';
import type { ProviderAccountService } from '../../provider-account/service.js';
import { departureGate, fanOutSearch, type StreamEvent, type StreamSource } from '../fan-out.js';
import type { HotelSource, SearchIndex } from './cache.js';
import { type HotelSearchService, moduleFor } from './search.js';
import { HotelSearchStore } from './search-store.js';

/** The provider id of our own inventory in the streamed search. */
export const TRAVESIA = 'travesia';

type Source = StreamSource<HotelSource>;

export type { StreamEvent } from '../fan-out.js';

const HOTEL_SUPPLIERS: readonly HotelSource[] = ['hotelbeds', 'juniper', 'restel'];

/**
 * The hotel sources of a streamed search (the chosen accounts, or every usable hotel account whose
 * module is enabled, and our own inventory), searched through the engine's fan-out; the parts are
 * merged into one search (`done.cacheId`).
 */
export async function streamSearch(
  d: { search: HotelSearchService; providerAccounts: ProviderAccountService },
  auth: AuthContext,
  body: HotelStreamSearchBody,
  emit: (e: StreamEvent<HotelSource>) => void,
  opts: { forceSandbox: boolean; simScenario?: string },
): Promise<void> {
  // Started first: the place and its supplier codes load while the accounts do. The pricing context and our own
  // hotels wait until the supplier requests are written (fan-out.ts's departure gate).
  let startLocalWork: () => void = () => undefined;
  const localWork = new Promise<void>((resolve) => {
    startLocalWork = resolve;
  });
  const shared = d.search.prefetch(auth, body.destination, undefined, localWork);
  shared.accounts = await d.providerAccounts.usableAccounts(auth);
  const usable = shared.accounts.rows.filter((a) => HOTEL_SUPPLIERS.includes(a.supplier));
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
  const gate = departureGate(chosen, () => d.search.requestsWritten());
  gate.opened.then(startLocalWork);
  await fanOutSearch<HotelSource, SearchIndex>({
    chosen,
    emit,
    timeoutMs: body.timeoutMs,
    search: (source, id) =>
      gate.run(source, async (depart) => {
        const { index, page, store } =
          source.supplier === 'travesia'
            ? await d.search.searchTravesia(auth, body, shared)
            : await d.search.searchPart(
                auth,
                { ...body, provider_id: id },
                { supplier: source.supplier, forceSandbox: opts.forceSandbox, simScenario: opts.simScenario },
                shared,
                depart,
              );
        return { part: index, response: page.response, store };
      }),
    merge: async (parts) => {
      const merged = await d.search.merge(auth, parts);
      return merged && { cacheId: merged.cacheId, expires: merged.expires, itemsFound: HotelSearchStore.cards(merged) };
    },
  });
}
