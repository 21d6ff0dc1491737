import { useQuery } from '@tanstack/react-query';
import type { YearlyReport } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const getYearlyReport = (signal?: AbortSignal) => api<YearlyReport>('/api/dashboard/voucher-yearly-report', { signal });

export const useYearlyReport = () =>
  useQuery({ queryKey: ['dashboard', 'yearly-report'], queryFn: ({ signal }) => getYearlyReport(signal) });
