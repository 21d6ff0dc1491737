import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface ReserveAnswer {
  success: boolean;
  created: boolean;
  msg?: string;
  response: Voucher;
}

/**
 * POST /api/voucher with `Idempotency-Key`, for any product (the body's `type` names it): the same key
 * always answers the first voucher, so a retry after a timeout or a second click never books twice.
 * The server answers within RESERVE_ANSWER_MS (20 s): a slow supplier's booking comes back
 * `pending-provider` and is followed by `useFollowPendingVoucher`.
 */
export const reserveVoucher = <Body>(body: Body, idempotencyKey: string, url = '/api/voucher') =>
  api<ReserveAnswer>(url, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 45_000 });

/** `url`: the product's reserve route when it has its own (tickets: `/api/ticket/reserve`). */
export const useReserveVoucher = <Body>(url = '/api/voucher') => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Body; idempotencyKey: string }) => reserveVoucher(body, idempotencyKey, url),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['vouchers'] }),
  });
};
