import { useQuery } from '@tanstack/react-query';
import type { VoucherChannel } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getAvailableYears = (channel?: VoucherChannel, signal?: AbortSignal) =>
  api<{ years: number[] }>('/api/dashboard/year/available', { query: { channel }, signal });

export const useAvailableYears = (channel?: VoucherChannel) =>
  useQuery({ queryKey: ['dashboard', 'years', channel], queryFn: ({ signal }) => getAvailableYears(channel, signal) });
