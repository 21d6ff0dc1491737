import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusChart } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getStatusChart = (month: number, year: number, signal?: AbortSignal) =>
  api<StatusChart>('/api/dashboard/voucher-by-status-chart', { query: { month, year }, signal });

export const useStatusChart = (month: number, year: number) =>
  useQuery({
    queryKey: ['dashboard', 'status-chart', month, year],
    queryFn: ({ signal }) => getStatusChart(month, year, signal),
    placeholderData: keepPreviousData,
  });
