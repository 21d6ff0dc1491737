import { useQuery } from '@tanstack/react-query';
import type { LastVoucher, VoucherChannel } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getLastVouchers = (limit: number, year: number | undefined, channel?: VoucherChannel, signal?: AbortSignal) =>
  api<{ docs: LastVoucher[] }>('/api/dashboard/last-vouchers', { query: { limit, year, channel }, signal });

export const useLastVouchers = (limit: number, year?: number, channel?: VoucherChannel) =>
  useQuery({
    queryKey: ['dashboard', 'last', limit, year, channel],
    queryFn: ({ signal }) => getLastVouchers(limit, year, channel, signal),
  });
