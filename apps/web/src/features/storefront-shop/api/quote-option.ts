import { useQuery } from '@tanstack/react-query';
import type { StorefrontQuote } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/hotels/quote: the option re-priced before the checkout. */
export const quoteOption = (slug: string, ref: { cacheId: string; optionId: string }) =>
  api<{ response: StorefrontQuote }>(`/api/storefront/${encodeURIComponent(slug)}/hotels/quote`, { body: ref }).then((r) => r.response);

export const useQuoteOption = (slug: string, ref: { cacheId: string; optionId: string } | null) =>
  useQuery({
    queryKey: ['storefront-quote', slug, ref],
    queryFn: () => quoteOption(slug, ref as { cacheId: string; optionId: string }),
    enabled: Boolean(ref),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
