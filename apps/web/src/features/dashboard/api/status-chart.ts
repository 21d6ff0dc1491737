import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusChart, VoucherChannel } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getStatusChart = (month: number, year: number, channel?: VoucherChannel, signal?: AbortSignal) =>
  api<StatusChart>('/api/dashboard/voucher-by-status-chart', { query: { month, year, channel }, signal });

export const useStatusChart = (month: number, year: number, channel?: VoucherChannel) =>
  useQuery({
    queryKey: ['dashboard', 'status-chart', month, year, channel],
    queryFn: ({ signal }) => getStatusChart(month, year, channel, signal),
    placeholderData: keepPreviousData,
  });
