import { useQuery } from '@tanstack/react-query';
import type { VoucherChannel, YearlyReport } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getYearlyReport = (channel?: VoucherChannel, signal?: AbortSignal) =>
  api<YearlyReport>('/api/dashboard/voucher-yearly-report', { query: { channel }, signal });

export const useYearlyReport = (channel?: VoucherChannel) =>
  useQuery({ queryKey: ['dashboard', 'yearly-report', channel], queryFn: ({ signal }) => getYearlyReport(channel, signal) });
