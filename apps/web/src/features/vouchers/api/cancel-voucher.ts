import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const cancelVoucher = (id: string, body: { version?: number; note?: string }) =>
  api<Voucher>(`/api/voucher/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });

export const useCancelVoucher = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { version?: number; note?: string }) => cancelVoucher(id, body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['voucher', id] });
      qc.invalidateQueries({ queryKey: ['vouchers'] });
    },
  });
};
