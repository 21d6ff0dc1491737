import { useQuery } from '@tanstack/react-query';
import type { LastVoucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getLastVouchers = (limit: number, year: number | undefined, signal?: AbortSignal) =>
  api<{ docs: LastVoucher[] }>('/api/dashboard/last-vouchers', { query: { limit, year }, signal });

export const useLastVouchers = (limit: number, year?: number) =>
  useQuery({ queryKey: ['dashboard', 'last', limit, year], queryFn: ({ signal }) => getLastVouchers(limit, year, signal) });
