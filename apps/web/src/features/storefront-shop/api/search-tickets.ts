import { useQuery } from '@tanstack/react-query';
import type { StorefrontTicketPage, StorefrontTicketSearchBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/tickets/search: every ticket source of the shop, at its prices (first page). */
export const searchTickets = (slug: string, body: StorefrontTicketSearchBody, signal?: AbortSignal) =>
  api<{ response: StorefrontTicketPage }>(`/api/storefront/${encodeURIComponent(slug)}/tickets/search`, {
    body,
    signal,
    timeoutMs: 60_000,
  }).then((r) => r.response);

export const useSearchTickets = (slug: string, body: StorefrontTicketSearchBody | null) =>
  useQuery({
    queryKey: ['storefront-tickets', slug, body],
    queryFn: ({ signal }) => searchTickets(slug, body as StorefrontTicketSearchBody, signal),
    enabled: Boolean(body),
    staleTime: 5 * 60_000,
    retry: false,
  });
