import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StorefrontTransferPage } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/storefront/{slug}/transfers/search/{cacheId}?page&limit: another page of the shop's transfer search. */
export const getTransferPage = (slug: string, cacheId: string, page: number, signal?: AbortSignal) =>
  api<{ response: StorefrontTransferPage }>(`/api/storefront/${encodeURIComponent(slug)}/transfers/search/${encodeURIComponent(cacheId)}`, {
    query: { page: String(page), limit: '20' },
    signal,
  }).then((r) => r.response);

/** Pages after the first (the search answers the first); null when on the first page. */
export const useTransferPage = (slug: string, cacheId: string | null, page: number) =>
  useQuery({
    queryKey: ['storefront-transfer-page', slug, cacheId, page],
    queryFn: ({ signal }) => getTransferPage(slug, cacheId as string, page, signal),
    enabled: Boolean(cacheId) && page > 1,
    placeholderData: keepPreviousData,
    retry: false,
  });
