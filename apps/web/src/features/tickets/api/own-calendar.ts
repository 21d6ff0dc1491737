import { useQuery } from '@tanstack/react-query';
import type { TicketCalendar } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** `GET /api/ticket/travesia/calendar` (decision 0440): the days own tickets of a place have places. */
export const fetchOwnCalendar = (destination: string, from: string, to: string) =>
  api<{ success: true; response: TicketCalendar }>('/api/ticket/travesia/calendar', { query: { destination, from, to } }).then(
    (r) => r.response,
  );

/** The open days of one month (`YYYY-MM-DD` of its first day) at a place; off when `destination` is null. */
export function useOwnCalendar(destination: string | null, month: { from: string; to: string }) {
  return useQuery({
    queryKey: ['ticket-own-calendar', destination, month.from, month.to],
    queryFn: () => fetchOwnCalendar(destination as string, month.from, month.to),
    enabled: !!destination,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
