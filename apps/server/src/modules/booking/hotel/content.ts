import { type HotelContent, type HotelContentBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { ResolvedProviderAccount } from '../../../suppliers/account.js';
import type { CallContext, SupplierLayer } from '../../../suppliers/index.js';
import type { HotelExtras } from './cache.js';
import type { HotelSearchService } from './search.js';

const CONTENT_TTL_S = 24 * 3600;
/** How long a Juniper search waits for its hotels' content (photos, map positions) before storing without it. */
const SEARCH_CONTENT_WAIT_MS = 3_000;

type ContentAdapter = { hotelContent?: (codes: string[], ctx?: CallContext) => Promise<HotelContent[]> };

/**
 * Juniper static content of some hotels, cached a day per account and hotel in the store: only the
 * hotels the supplier knows come back, in the order asked. Null when the account's adapter has none.
 */
export async function cachedHotelContent(
  d: { store: KeyValueStore; suppliers: SupplierLayer },
  account: ResolvedProviderAccount,
  codes: string[],
  ctx: CallContext,
): Promise<HotelContent[] | null> {
  const adapter = d.suppliers.registry.hotel(account) as unknown as ContentAdapter;
  if (typeof adapter.hotelContent !== 'function') return null;
  const unique = [...new Set(codes)];
  const key = (code: string) => `hotel-content:${account.id}:${account.mode}:${code}`;
  const found = new Map<string, HotelContent>();
  const cached = await Promise.all(unique.map((c) => d.store.get(key(c))));
  unique.forEach((code, i) => {
    const raw = cached[i];
    if (raw) found.set(code, JSON.parse(raw) as HotelContent);
  });
  const missing = unique.filter((c) => !found.has(c));
  if (missing.length) {
    const fresh = await adapter.hotelContent.call(adapter, missing, ctx);
    for (const h of fresh) {
      found.set(h.code, h);
      await d.store.set(key(h.code), JSON.stringify(h), CONTENT_TTL_S);
    }
  }
  return unique.flatMap((c) => (found.has(c) ? [found.get(c) as HotelContent] : []));
}

/** `POST /api/search/get-hotel-content`: Juniper static content of some hotels. */
export async function hotelContent(
  d: { store: KeyValueStore; suppliers: SupplierLayer; account: HotelSearchService['account'] },
  auth: AuthContext,
  body: HotelContentBody,
  route: { forceSandbox: boolean },
) {
  const account = await d.account(auth, body.provider_id, { supplier: 'juniper', forceSandbox: route.forceSandbox }, null);
  const items = await cachedHotelContent(d, account, body.codes, { correlationId: `content:${auth.user.id}` });
  if (!items) throw badRequest(M.supplierMismatch, undefined, 'SUPPLIER_MISMATCH');
  return { success: true as const, response: { items } };
}

/**
 * What a supplier's static content adds to its search (Juniper: photos, map position, address,
 * description), by hotel code; empty when the content can't be had within `SEARCH_CONTENT_WAIT_MS`
 * (the search never fails for it; what arrives later is cached for the next search).
 */
export async function searchExtras(
  d: { store: KeyValueStore; suppliers: SupplierLayer; log: Pick<Logger, 'warn'> },
  account: ResolvedProviderAccount,
  codes: string[],
  ctx: CallContext,
): Promise<Map<string, HotelExtras>> {
  if (!codes.length) return new Map();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SEARCH_CONTENT_WAIT_MS);
    timer.unref?.();
  });
  const content = await Promise.race([
    cachedHotelContent(d, account, codes, ctx).catch((err: unknown) => {
      d.log.warn({ err, accountId: account.id }, 'hotel content for a search failed');
      return null;
    }),
    late,
  ]);
  clearTimeout(timer);
  const out = new Map<string, HotelExtras>();
  for (const h of content ?? []) {
    const extras: HotelExtras = {
      ...(h.images?.length ? { images: h.images } : {}),
      ...(h.address ? { address: h.address } : {}),
      ...(h.location ? { location: h.location } : {}),
      ...(h.description ? { description: h.description } : {}),
    };
    if (Object.keys(extras).length) out.set(h.code, extras);
  }
  return out;
}
