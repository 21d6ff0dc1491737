import { useQuery } from '@tanstack/react-query';
import type { VoucherDetail } from '@travesia/contracts';
import { useRef } from 'react';
import { api } from '../../../lib/api';
import { followPendingStep, type PendingFollow } from '../../../shared/booking/checkout/pending-poll';

export const getVoucher = (id: string, signal?: AbortSignal) => api<VoucherDetail>(`/api/voucher/${encodeURIComponent(id)}`, { signal });

/**
 * GET /api/voucher/:id for the detail and printable voucher pages. A voucher still `pending-provider`
 * (the reserve answered 202: a flight's confirmation goes straight to the detail page) is read again
 * with the reserve page's backoff until the supplier's answer settles it, so its PNR and tickets
 * appear without reloading the page (decision 0410).
 */
export function useVoucher(id: string) {
  const follow = useRef<PendingFollow | null>(null);
  return useQuery({
    queryKey: ['voucher', id],
    queryFn: ({ signal }) => getVoucher(id, signal),
    retry: false,
    refetchInterval: (q) => {
      const reads = q.state.dataUpdateCount + q.state.errorUpdateCount;
      const step = followPendingStep(follow.current, { id, status: q.state.data?.status, reads }, Date.now());
      follow.current = step.follow;
      return step.delay;
    },
  });
}
