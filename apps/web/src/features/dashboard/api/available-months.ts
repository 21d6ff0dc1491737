import { useQuery } from '@tanstack/react-query';
import type { VoucherChannel } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getAvailableMonths = (year: number, channel?: VoucherChannel, signal?: AbortSignal) =>
  api<{ year: number; months: number[] }>('/api/dashboard/month/available', { query: { year, channel }, signal });

export const useAvailableMonths = (year: number, channel?: VoucherChannel) =>
  useQuery({ queryKey: ['dashboard', 'months', year, channel], queryFn: ({ signal }) => getAvailableMonths(year, channel, signal) });
