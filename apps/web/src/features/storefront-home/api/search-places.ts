import { useQuery } from '@tanstack/react-query';
import type { StorefrontPlace } from '@travesia/contracts';
import { publicFetch } from './public-fetch';

/** POST /api/storefront/{slug}/places: the shop's destination search (public, rate-limited). */
export const searchPlaces = (slug: string, keyword: string, signal?: AbortSignal) =>
  publicFetch<{ response: StorefrontPlace[] }>(`/api/storefront/${encodeURIComponent(slug)}/places`, { body: { keyword }, signal }).then(
    (r) => r.response,
  );

/** The places for `keyword` (3 letters at least). */
export const usePlaces = (slug: string, keyword: string) =>
  useQuery({
    queryKey: ['storefront-places', slug, keyword],
    queryFn: ({ signal }) => searchPlaces(slug, keyword, signal),
    enabled: keyword.trim().length >= 3,
    staleTime: 5 * 60_000,
    retry: false,
  });
