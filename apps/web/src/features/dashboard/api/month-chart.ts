import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthChart } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getMonthChart = (month: number, year: number, signal?: AbortSignal) =>
  api<MonthChart>('/api/dashboard/voucher-by-month-chart', { query: { month, year }, signal });

export const useMonthChart = (month: number, year: number) =>
  useQuery({
    queryKey: ['dashboard', 'month-chart', month, year],
    queryFn: ({ signal }) => getMonthChart(month, year, signal),
    placeholderData: keepPreviousData,
  });
