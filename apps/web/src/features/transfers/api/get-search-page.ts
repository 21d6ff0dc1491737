import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransferSearchPage } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** Leg, filters, sorting and page of a cached transfer search (`GET /api/transfer/search/:cacheId`). */
export interface TransferPageQuery {
  page: number;
  limit: number;
  sort: 'price' | '-price' | 'capacity';
  leg?: 'outbound' | 'return';
  type?: string;
  category?: string;
  supplier?: string;
  /** Selling price bounds, in the search's currency (the facets' `priceRange`). */
  minPrice?: number;
  maxPrice?: number;
}

export const getTransferSearchPage = (cacheId: string, query: TransferPageQuery, signal?: AbortSignal) =>
  api<{ success: boolean; response: TransferSearchPage }>(`/api/transfer/search/${encodeURIComponent(cacheId)}`, {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
    signal,
  }).then((r) => r.response);

/** Pages the cache only: filters and sorting never call a supplier again. */
export const useTransferSearchPage = (cacheId: string | null, query: TransferPageQuery) =>
  useQuery({
    queryKey: ['transfer-search', cacheId, query],
    queryFn: ({ signal }) => getTransferSearchPage(cacheId as string, query, signal),
    enabled: Boolean(cacheId),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
