import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StorefrontTicketPage } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/storefront/{slug}/tickets/search/{cacheId}?page&limit: another page of the shop's ticket search. */
export const getTicketPage = (slug: string, cacheId: string, page: number, signal?: AbortSignal) =>
  api<{ response: StorefrontTicketPage }>(`/api/storefront/${encodeURIComponent(slug)}/tickets/search/${encodeURIComponent(cacheId)}`, {
    query: { page: String(page), limit: '20' },
    signal,
  }).then((r) => r.response);

/** Pages after the first (the search answers the first); null when on the first page. */
export const useTicketPage = (slug: string, cacheId: string | null, page: number) =>
  useQuery({
    queryKey: ['storefront-ticket-page', slug, cacheId, page],
    queryFn: ({ signal }) => getTicketPage(slug, cacheId as string, page, signal),
    enabled: Boolean(cacheId) && page > 1,
    placeholderData: keepPreviousData,
    retry: false,
  });
