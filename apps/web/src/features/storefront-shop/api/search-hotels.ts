import { useQuery } from '@tanstack/react-query';
import type { StorefrontHotelPage, StorefrontHotelSearchBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/hotels/search: every hotel supplier of the shop, at its prices. */
export const searchHotels = (slug: string, body: StorefrontHotelSearchBody, signal?: AbortSignal) =>
  api<{ response: StorefrontHotelPage }>(`/api/storefront/${encodeURIComponent(slug)}/hotels/search`, {
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
