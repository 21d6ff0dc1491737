import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HotelReserveBody, Voucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface ReserveAnswer {
  success: boolean;
  created: boolean;
  msg?: string;
  response: Voucher;
}

/**
 * POST /api/voucher with `Idempotency-Key`: the same key always answers the first voucher, so a
 * retry after a timeout or a second click never books twice. The server answers within
 * RESERVE_ANSWER_MS (20 s): a slow supplier's booking comes back `pending-provider` and is followed
 * by `useFollowPendingVoucher`.
 */
export const reserveHotel = (body: HotelReserveBody, idempotencyKey: string) =>
  api<ReserveAnswer>('/api/voucher', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 45_000 });

export const useReserveHotel = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: HotelReserveBody; idempotencyKey: string }) => reserveHotel(body, idempotencyKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['vouchers'] }),
  });
};
