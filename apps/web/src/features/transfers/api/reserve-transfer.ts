import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferReserveBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import type { ReserveAnswer } from '../../../shared/booking/checkout/reserve-voucher';

/**
 * POST /api/transfer/reserve with `Idempotency-Key`: one or two legs under one supplier reference; the
 * same key always answers the first voucher (a retry or a second click never books twice).
 */
export const reserveTransfer = (body: TransferReserveBody, idempotencyKey: string) =>
  api<ReserveAnswer>('/api/transfer/reserve', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 45_000 });

export const useReserveTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TransferReserveBody; idempotencyKey: string }) => reserveTransfer(body, idempotencyKey),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['vouchers'] }),
  });
};
