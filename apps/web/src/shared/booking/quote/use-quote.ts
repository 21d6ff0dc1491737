import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What a product's quote route takes: the search's cache and the option the user opened. */
export interface OptionRef {
  cacheId: string;
  optionId: string;
}

/** POSTs the option to the product's quote route (e.g. `/api/hotel/quote`): the supplier re-prices it before booking. */
export const quoteOption = <Quote>(url: string, ref: OptionRef, signal?: AbortSignal) =>
  api<{ success: boolean; response: Quote }>(url, { method: 'POST', body: ref, signal, timeoutMs: 60_000 }).then((r) => r.response);

/**
 * One quote per visit of the options page; not refetched behind the user's back (the price they accept
 * must hold). `queryName` keeps products apart in the query cache ('hotel-quote').
 */
export const useQuote = <Quote>(url: string, queryName: string, ref: OptionRef | null) =>
  useQuery({
    queryKey: [queryName, ref?.cacheId, ref?.optionId],
    queryFn: ({ signal }) => quoteOption<Quote>(url, ref as OptionRef, signal),
    enabled: Boolean(ref),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
