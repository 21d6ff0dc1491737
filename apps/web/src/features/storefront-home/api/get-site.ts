import { useQuery } from '@tanstack/react-query';
import type { StorefrontSite } from '@travesia/contracts';
import { publicFetch } from './public-fetch';
import { storefrontBoot } from './storefront-boot';

/** GET /api/storefront/{slug}/site (public): the published version of an active white label. */
export const getSite = (slug: string) => publicFetch<StorefrontSite>(`/api/storefront/${encodeURIComponent(slug)}/site`);

/**
 * The storefront's site: the copy the server put in the page when it is this slug's (no request before
 * the first paint), else asked for. `known404`: the server already said no live storefront answers there.
 */
export function useSite(slug: string) {
  const boot = storefrontBoot();
  const fromPage = boot && boot.slug === slug.toLowerCase() ? boot.site : undefined;
  const query = useQuery({
    queryKey: ['storefront', 'site', slug],
    queryFn: () => getSite(slug),
    initialData: fromPage ?? undefined,
    enabled: fromPage !== null && !!slug,
    retry: false,
    staleTime: 60_000,
  });
  return { ...query, known404: fromPage === null };
}
