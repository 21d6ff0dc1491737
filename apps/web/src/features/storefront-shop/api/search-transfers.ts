import { useQuery } from '@tanstack/react-query';
import type { StorefrontTransferPage, StorefrontTransferSearchBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/storefront/{slug}/transfers/search: every transfer source of the shop between two places (first page). */
export const searchTransfers = (slug: string, body: StorefrontTransferSearchBody, signal?: AbortSignal) =>
  api<{ response: StorefrontTransferPage }>(`/api/storefront/${encodeURIComponent(slug)}/transfers/search`, {
    body,
    signal,
    timeoutMs: 60_000,
  }).then((r) => r.response);

export const useSearchTransfers = (slug: string, body: StorefrontTransferSearchBody | null) =>
  useQuery({
    queryKey: ['storefront-transfers', slug, body],
    queryFn: ({ signal }) => searchTransfers(slug, body as StorefrontTransferSearchBody, signal),
    enabled: Boolean(body),
    staleTime: 5 * 60_000,
    retry: false,
  });
