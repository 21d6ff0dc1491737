import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { HotelQuote } from '../types';

/** POST /api/hotel/quote: re-prices one option with the supplier before booking (issue 6 item 5). */
export const quoteOption = (ref: { cacheId: string; optionId: string }, signal?: AbortSignal) =>
  api<{ success: boolean; response: HotelQuote }>('/api/hotel/quote', { method: 'POST', body: ref, signal, timeoutMs: 60_000 }).then(
    (r) => r.response,
  );

/** One quote per visit of the options page; not refetched behind the user's back (the price they accept must hold). */
export const useQuoteOption = (ref: { cacheId: string; optionId: string } | null) =>
  useQuery({
    queryKey: ['hotel-quote', ref?.cacheId, ref?.optionId],
    queryFn: ({ signal }) => quoteOption(ref as { cacheId: string; optionId: string }, signal),
    enabled: Boolean(ref),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
