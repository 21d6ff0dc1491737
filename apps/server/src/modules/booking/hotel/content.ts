import { type HotelContent, type HotelContentBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import type { KeyValueStore } from '../../../lib/kv.js';
import type { ResolvedProviderAccount } from '../../../suppliers/account.js';
import type { CallContext, SupplierLayer } from '../../../suppliers/index.js';
import type { HotelExtras } from './cache.js';
import type { HotelSearchService } from './search.js';

/**
 * Suppliers' static hotel content (photos, map position, address, description: Juniper HotelContent, the
 * Hotelbeds Content API), cached per account, mode and hotel. Static data: a search never waits for it
 * (decision 0630). The search starts fetching what the cache lacks and marks itself "content pending"; the
 * pages read the cache when they are asked, and the merge reads the positions it has for grouping.
 */
const CONTENT_TTL_S = 7 * 24 * 3600;
/** A hotel the supplier's content does not know is not asked again for a day. */
const UNKNOWN_TTL_S = 24 * 3600;
/** Longest a search stays "content pending" (the fetch clears it when it ends, answered or not). */
const PENDING_TTL_S = 60;

type ContentAdapter = { hotelContent?: (codes: string[], ctx?: CallContext) => Promise<HotelContent[]> };
/** What the cache holds for a hotel the supplier does not know. */
type Stored = HotelContent | { code: string; unknown: true };

/** The cache keys of an account's content, in its mode: prefix + hotel code. */
export const contentPrefix = (account: Pick<ResolvedProviderAccount, 'id' | 'mode'>) => `hotel-content:${account.id}:${account.mode}:`;
const pendingKey = (cacheId: string) => `hotel-content-wait:${cacheId}`;

function adapterOf(suppliers: SupplierLayer, account: ResolvedProviderAccount): ContentAdapter | null {
  const adapter = suppliers.registry.hotel(account) as unknown as ContentAdapter;
  return typeof adapter.hotelContent === 'function' ? adapter : null;
}

const parse = (raw: string | null): Stored | null => (raw ? (JSON.parse(raw) as Stored) : null);
const known = (s: Stored | null): HotelContent | null => (s && !('unknown' in s) ? s : null);

/** What a search shows of a hotel's content (never its name, zone or category: the search's own win). */
function extrasOf(h: HotelContent | null): HotelExtras | undefined {
  if (!h) return undefined;
  const extras: HotelExtras = {
    ...(h.images?.length ? { images: h.images } : {}),
    ...(h.address ? { address: h.address } : {}),
    ...(h.location ? { location: h.location } : {}),
    ...(h.description ? { description: h.description } : {}),
  };
  return Object.keys(extras).length ? extras : undefined;
}

/** The cached content of some hotels by cache key (null: nothing to look up), in one round trip; never a supplier call. */
export async function knownContent(store: KeyValueStore, keys: (string | null)[]): Promise<(HotelExtras | undefined)[]> {
  const wanted = keys.flatMap((k) => (k ? [k] : []));
  const found = wanted.length ? await store.getMany(wanted) : [];
  let at = 0;
  return keys.map((k) => (k ? extrasOf(known(parse(found[at++] ?? null))) : undefined));
}

/** Whether a search's content is still on its way (`cacheIds`: the search, or a merged search's parts). */
export async function contentPending(store: KeyValueStore, cacheIds: string[]): Promise<boolean> {
  if (!cacheIds.length) return false;
  return (await store.getMany(cacheIds.map(pendingKey))).some((v) => v !== null);
}

/** Fetches content apart from the searches, once per hotel at a time, and caches it. */
export class HotelContentFetcher {
  /** Fetches under way, by cache key: a second search of the same hotels waits for the first one's. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Searches whose pending mark goes when their fetches end. */
  private readonly settling = new Set<Promise<unknown>>();

  constructor(private readonly d: { store: KeyValueStore; suppliers: SupplierLayer; log: Pick<Logger, 'warn'> }) {}

  /**
   * After a supplier search is stored: its content key prefix (undefined when the account's adapter has no
   * content). What the cache lacks is fetched in the background, the search marked pending until it ends.
   */
  async follow(account: ResolvedProviderAccount, cacheId: string, codes: string[], ctx: CallContext): Promise<string | undefined> {
    const adapter = adapterOf(this.d.suppliers, account);
    if (!adapter) return undefined;
    const prefix = contentPrefix(account);
    const unique = [...new Set(codes)];
    const cached = unique.length ? await this.d.store.getMany(unique.map((c) => prefix + c)) : [];
    const waiting = unique.filter((_c, i) => cached[i] === null);
    if (!waiting.length) return prefix;
    await this.d.store.set(pendingKey(cacheId), '1', PENDING_TTL_S);
    const missing = waiting.filter((c) => !this.inFlight.has(prefix + c));
    const runs = [...new Set(waiting.flatMap((c) => this.inFlight.get(prefix + c) ?? []))];
    if (missing.length) runs.push(this.fetch(adapter, account, prefix, missing, ctx));
    const settled = Promise.allSettled(runs)
      .then(() => this.d.store.del(pendingKey(cacheId)))
      .catch(() => undefined)
      .finally(() => this.settling.delete(settled));
    this.settling.add(settled);
    return prefix;
  }

  /** Resolves once every fetch under way has ended and its searches' pending marks are gone (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size || this.settling.size) await Promise.allSettled([...this.inFlight.values(), ...this.settling]);
  }

  private fetch(
    adapter: ContentAdapter,
    account: ResolvedProviderAccount,
    prefix: string,
    codes: string[],
    ctx: CallContext,
  ): Promise<void> {
    const run = (async () => {
      const fresh = (await adapter.hotelContent?.call(adapter, codes, ctx)) ?? [];
      const answered = new Set(fresh.map((h) => h.code));
      await Promise.all([
        ...fresh.map((h) => this.d.store.set(prefix + h.code, JSON.stringify(h), CONTENT_TTL_S)),
        ...codes
          .filter((c) => !answered.has(c))
          .map((c) => this.d.store.set(prefix + c, JSON.stringify({ code: c, unknown: true }), UNKNOWN_TTL_S)),
      ]);
    })()
      .catch((err: unknown) => this.d.log.warn({ err, accountId: account.id }, 'hotel content fetch failed'))
      .finally(() => {
        for (const c of codes) if (this.inFlight.get(prefix + c) === run) this.inFlight.delete(prefix + c);
      });
    for (const c of codes) this.inFlight.set(prefix + c, run);
    return run;
  }
}

/**
 * Static content of some hotels, from the cache or (what it lacks) the supplier, waited for: only the hotels
 * the supplier knows, in the order asked. Null when the account's adapter has none.
 */
export async function cachedHotelContent(
  d: { store: KeyValueStore; suppliers: SupplierLayer },
  account: ResolvedProviderAccount,
  codes: string[],
  ctx: CallContext,
): Promise<HotelContent[] | null> {
  const adapter = adapterOf(d.suppliers, account);
  if (!adapter?.hotelContent) return null;
  const prefix = contentPrefix(account);
  const unique = [...new Set(codes)];
  const cached = await d.store.getMany(unique.map((c) => prefix + c));
  const found = new Map<string, Stored>();
  unique.forEach((code, i) => {
    const s = parse(cached[i] ?? null);
    if (s) found.set(code, s);
  });
  const missing = unique.filter((c) => !found.has(c));
  if (missing.length) {
    for (const h of await adapter.hotelContent.call(adapter, missing, ctx)) {
      found.set(h.code, h);
      await d.store.set(prefix + h.code, JSON.stringify(h), CONTENT_TTL_S);
    }
  }
  return unique.flatMap((c) => known(found.get(c) ?? null) ?? []);
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
