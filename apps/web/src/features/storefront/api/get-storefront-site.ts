import { useQuery } from '@tanstack/react-query';
import type { StorefrontSite } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/storefront/{slug}/site (public): the published version of an active white label. */
export function getStorefrontSite(slug: string): Promise<StorefrontSite> {
  return api<StorefrontSite>(`/api/storefront/${encodeURIComponent(slug)}/site`, { allowUnauthorized: true });
}

export function useStorefrontSite(slug: string | undefined) {
  return useQuery({
    queryKey: ['storefront', 'site', slug],
    queryFn: () => getStorefrontSite(slug as string),
    enabled: !!slug,
    retry: false,
    staleTime: 60_000,
  });
}
