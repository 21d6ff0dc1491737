import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HotelSearchPage } from '@travesia/contracts/web-booking-shapes';
import { api } from '../../../lib/api';

/** Sorting, filters and page of a cached search (`GET /api/hotel/search/:cacheId`). */
export interface SearchPageQuery {
  page: number;
  limit: number;
  sort: 'price' | '-price' | 'name' | 'category' | '-category';
  stars?: string;
  board?: string;
  refundable?: 'true' | 'false';
  minPrice?: string;
  maxPrice?: string;
  q?: string;
  supplier?: string;
  category?: string;
}

export const getSearchPage = (cacheId: string, query: SearchPageQuery, signal?: AbortSignal) =>
  api<{ success: boolean; response: HotelSearchPage }>(`/api/hotel/search/${encodeURIComponent(cacheId)}`, {
    query: { ...query },
    signal,
  }).then((r) => r.response);

/** Pages the cache only: paging, sorting and filtering never call a supplier again. */
export const useSearchPage = (cacheId: string | null, query: SearchPageQuery) =>
  useQuery({
    queryKey: ['hotel-search', cacheId, query],
    queryFn: ({ signal }) => getSearchPage(cacheId as string, query, signal),
    enabled: Boolean(cacheId),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
