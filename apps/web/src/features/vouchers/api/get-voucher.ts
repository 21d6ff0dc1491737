import { useQuery } from '@tanstack/react-query';
import type { VoucherDetail } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getVoucher = (id: string, signal?: AbortSignal) => api<VoucherDetail>(`/api/voucher/${encodeURIComponent(id)}`, { signal });

export const useVoucher = (id: string) =>
  useQuery({ queryKey: ['voucher', id], queryFn: ({ signal }) => getVoucher(id, signal), retry: false });
