import { useMutation } from '@tanstack/react-query';
import type { FlightConfirmReserveBody, Voucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/voucher/confirm-reserve: books the pre-reservation (status confirmed), once per idempotency key. */
export const confirmReserve = ({ body, key }: { body: FlightConfirmReserveBody; key: string }) =>
  api<{ success: true; created: boolean; msg: string; response: Voucher }>('/api/voucher/confirm-reserve', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
    timeoutMs: 60_000,
  });

export const useConfirmReserve = () => useMutation({ mutationFn: confirmReserve });
