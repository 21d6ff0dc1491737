import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { StorefrontHotelPage, StorefrontHotelSearchBody } from '@travesia/contracts';
import { publicFetch } from './public-fetch';

/**
 * POST /api/storefront/{slug}/hotels/search: every hotel supplier of the shop at its prices, the first page
 * of the merged search. Through the entry's small fetch wrapper, not lib/api.ts (decision 0460).
 */
export const searchHotels = (slug: string, body: StorefrontHotelSearchBody, signal?: AbortSignal) =>
  publicFetch<{ response: StorefrontHotelPage }>(`/api/storefront/${encodeURIComponent(slug)}/hotels/search`, {
    body,
    signal,
    timeoutMs: 60_000,
  }).then((r) => r.response);

/** The search of the results page's query (`destino`, `entrada`, `salida`, `adultos`, `ninos`: one room), or null without destination and dates. */
export function hotelSearchBodyOf(params: URLSearchParams): StorefrontHotelSearchBody | null {
  const destination = params.get('destino');
  const start = params.get('entrada');
  const end = params.get('salida');
  if (!destination || !start || !end) return null;
  const children = (params.get('ninos') ?? '')
    .split(',')
    .filter((a) => /^\d{1,2}$/.test(a))
    .map(Number)
    .filter((a) => a <= 17)
    .slice(0, 4);
  return { destination, countryCode: 'CO', start, end, paxes: [{ adults: Number(params.get('adultos') ?? 2), children }] };
}

const hotelSearch = (slug: string, body: StorefrontHotelSearchBody | null) =>
  queryOptions({
    queryKey: ['storefront-hotels', slug, body],
    queryFn: ({ signal }) => searchHotels(slug, body as StorefrontHotelSearchBody, signal),
    enabled: Boolean(body),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useSearchHotels = (slug: string, body: StorefrontHotelSearchBody | null) => useQuery(hotelSearch(slug, body));

/**
 * On a first load of `/s/{slug}/hoteles?…` the search starts as the entry runs, before React's first render
 * (decision 0730); the page's `useSearchHotels` then shares that request (same query key).
 */
export function startHotelSearchOfPage(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  const m = /^\/s\/([^/]+)\/hoteles\/?$/.exec(pathname);
  if (!m) return;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1] as string);
  } catch {
    return;
  }
  const body = hotelSearchBodyOf(new URLSearchParams(search));
  if (body) void client.prefetchQuery(hotelSearch(slug, body));
}
