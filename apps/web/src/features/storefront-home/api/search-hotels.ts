import { useQuery } from '@tanstack/react-query';
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

export const useSearchHotels = (slug: string, body: StorefrontHotelSearchBody | null) =>
  useQuery({
    queryKey: ['storefront-hotels', slug, body],
    queryFn: ({ signal }) => searchHotels(slug, body as StorefrontHotelSearchBody, signal),
    enabled: Boolean(body),
    staleTime: 5 * 60_000,
    retry: false,
  });
