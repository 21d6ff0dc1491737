import { type HotelContent, type HotelContentBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { CallContext, SupplierLayer } from '../../../suppliers/index.js';
import type { HotelSearchService } from './search.js';

const CONTENT_TTL_S = 24 * 3600;

/**
 * Juniper static content of some hotels (cached a day per account and hotel in the store): only
 * the hotels the supplier knows come back.
 */
export async function hotelContent(
  d: { store: KeyValueStore; suppliers: SupplierLayer; account: HotelSearchService['account'] },
  auth: AuthContext,
  body: HotelContentBody,
  route: { forceSandbox: boolean },
) {
  const account = await d.account(auth, body.provider_id, { supplier: 'juniper', forceSandbox: route.forceSandbox }, null);
  const adapter = d.suppliers.registry.hotel(account) as unknown as {
    hotelContent?: (codes: string[], ctx?: CallContext) => Promise<HotelContent[]>;
  };
  if (typeof adapter.hotelContent !== 'function') throw badRequest(M.supplierMismatch, undefined, 'SUPPLIER_MISMATCH');
  const codes = [...new Set(body.codes)];
  const key = (code: string) => `hotel-content:${account.id}:${account.mode}:${code}`;
  const found = new Map<string, HotelContent>();
  const cached = await Promise.all(codes.map((c) => d.store.get(key(c))));
  codes.forEach((code, i) => {
    const raw = cached[i];
    if (raw) found.set(code, JSON.parse(raw) as HotelContent);
  });
  const missing = codes.filter((c) => !found.has(c));
  if (missing.length) {
    const fresh = await adapter.hotelContent.call(adapter, missing, { correlationId: `content:${auth.user.id}` });
    for (const h of fresh) {
      found.set(h.code, h);
      await d.store.set(key(h.code), JSON.stringify(h), CONTENT_TTL_S);
    }
  }
  return { success: true as const, response: { items: codes.flatMap((c) => (found.has(c) ? [found.get(c) as HotelContent] : [])) } };
}
