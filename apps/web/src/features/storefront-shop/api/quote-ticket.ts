import { useQuery } from '@tanstack/react-query';
import type { StorefrontTicketQuote } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/tickets/quote: the ticket re-priced, with its sessions, languages and questions. */
export const quoteTicket = (slug: string, ref: { cacheId: string; optionId: string }) =>
  api<{ response: StorefrontTicketQuote }>(`/api/storefront/${encodeURIComponent(slug)}/tickets/quote`, { body: ref }).then(
    (r) => r.response,
  );

export const useQuoteTicket = (slug: string, ref: { cacheId: string; optionId: string } | null) =>
  useQuery({
    queryKey: ['storefront-ticket-quote', slug, ref],
    queryFn: () => quoteTicket(slug, ref as { cacheId: string; optionId: string }),
    enabled: Boolean(ref),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
