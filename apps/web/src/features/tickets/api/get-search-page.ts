import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketCachedQuery, TicketSearchPage } from '@travesia/contracts';
import { api } from '../../../lib/api';

export type TicketPageQuery = Pick<TicketCachedQuery, 'page' | 'limit' | 'sort'> &
  Partial<Omit<TicketCachedQuery, 'page' | 'limit' | 'sort'>>;

/** `GET /api/ticket/search/:cacheId`: paging, sorting and filters on the server's cached search. */
export const getTicketSearchPage = (cacheId: string, query: TicketPageQuery, signal?: AbortSignal) =>
  api<{ success: boolean; response: TicketSearchPage }>(`/api/ticket/search/${encodeURIComponent(cacheId)}`, {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
    signal,
  }).then((r) => r.response);

export const useTicketSearchPage = (cacheId: string | null, query: TicketPageQuery) =>
  useQuery({
    queryKey: ['ticket-search', cacheId, query],
    queryFn: ({ signal }) => getTicketSearchPage(cacheId as string, query, signal),
    enabled: Boolean(cacheId),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
