import { useQuery } from '@tanstack/react-query';
import type { StorefrontOrderView } from '@travesia/contracts';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { pollInterval } from '../state';

/** GET /api/storefront/{slug}/orders/{ref}?email=: "mi reserva" (the same 404 for a wrong e-mail). */
export const getOrder = (slug: string, ref: string, email: string, signal?: AbortSignal) =>
  api<{ response: StorefrontOrderView }>(`/api/storefront/${encodeURIComponent(slug)}/orders/${encodeURIComponent(ref)}`, {
    query: { email },
    signal,
  }).then((r) => r.response);

/** The order, asked again while its payment is being processed (`poll`), until it reaches a final phase. */
export function useOrder(slug: string, ref: string | null, email: string | null, poll = false) {
  const [attempts, setAttempts] = useState(0);
  return useQuery({
    queryKey: ['storefront-order', slug, ref, email],
    queryFn: ({ signal }) => {
      setAttempts((n) => n + 1);
      return getOrder(slug, ref as string, email as string, signal);
    },
    enabled: Boolean(ref && email),
    retry: false,
    refetchInterval: (q) => (poll ? pollInterval(q.state.data?.status, attempts) : false),
  });
}
