import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthChart, VoucherChannel } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getMonthChart = (month: number, year: number, channel?: VoucherChannel, signal?: AbortSignal) =>
  api<MonthChart>('/api/dashboard/voucher-by-month-chart', { query: { month, year, channel }, signal });

export const useMonthChart = (month: number, year: number, channel?: VoucherChannel) =>
  useQuery({
    queryKey: ['dashboard', 'month-chart', month, year, channel],
    queryFn: ({ signal }) => getMonthChart(month, year, channel, signal),
    placeholderData: keepPreviousData,
  });
