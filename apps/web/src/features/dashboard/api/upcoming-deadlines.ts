import { useQuery } from '@tanstack/react-query';
import type { UpcomingDeadline } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/dashboard/deadlines: open deadlines of the caller's scope due within `days`, soonest first. */
export const getUpcomingDeadlines = (days: number, signal?: AbortSignal) =>
  api<UpcomingDeadline[]>('/api/dashboard/deadlines', { query: { days }, signal });

export const useUpcomingDeadlines = (days: number) =>
  useQuery({ queryKey: ['dashboard', 'deadlines', days], queryFn: ({ signal }) => getUpcomingDeadlines(days, signal) });
