import { useQuery } from '@tanstack/react-query';
import type { TicketCalendar } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** `GET /api/ticket/travesia/calendar` (decision 0440): the days own tickets of a place have places. */
export const fetchOwnCalendar = (destination: string, from: string, to: string, people: number) =>
  api<{ success: true; response: TicketCalendar }>('/api/ticket/travesia/calendar', { query: { destination, from, to, people } }).then(
    (r) => r.response,
  );

/** The open days of one month at a place for a group of `people`; off when `destination` is null. */
export function useOwnCalendar(destination: string | null, month: { from: string; to: string }, people: number) {
  return useQuery({
    queryKey: ['ticket-own-calendar', destination, month.from, month.to, people],
    queryFn: () => fetchOwnCalendar(destination as string, month.from, month.to, people),
    enabled: !!destination,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
