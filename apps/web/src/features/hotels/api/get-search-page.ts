import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HotelPageQuery, HotelSearchAnswer } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** Sorting, filters and page of a cached search (`GET /api/hotel/search/:cacheId`), from the route's query schema. */
export type SearchPageQuery = HotelPageQuery;

export const getSearchPage = (cacheId: string, query: SearchPageQuery, signal?: AbortSignal) =>
  api<HotelSearchAnswer>(`/api/hotel/search/${encodeURIComponent(cacheId)}`, {
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
