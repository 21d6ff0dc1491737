import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getAvailableMonths = (year: number, signal?: AbortSignal) =>
  api<{ year: number; months: number[] }>('/api/dashboard/month/available', { query: { year }, signal });

export const useAvailableMonths = (year: number) =>
  useQuery({ queryKey: ['dashboard', 'months', year], queryFn: ({ signal }) => getAvailableMonths(year, signal) });
