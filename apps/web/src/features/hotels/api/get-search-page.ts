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

/** How often a page whose hotels' content is still on its way is asked again, and at most how many times. */
const CONTENT_POLL_MS = 1_500;
const CONTENT_POLLS = 20;

/**
 * Pages the cache only: paging, sorting and filtering never call a supplier again. While the server says the
 * suppliers' content (photos, addresses) is still arriving (`contentPending`, decision 0630), the page is asked
 * again every 1.5 s, 20 times at most.
 */
export const useSearchPage = (cacheId: string | null, query: SearchPageQuery) =>
  useQuery({
    queryKey: ['hotel-search', cacheId, query],
    queryFn: ({ signal }) => getSearchPage(cacheId as string, query, signal),
    enabled: Boolean(cacheId),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    refetchInterval: (q) => (q.state.data?.contentPending && q.state.dataUpdateCount <= CONTENT_POLLS ? CONTENT_POLL_MS : false),
  });
