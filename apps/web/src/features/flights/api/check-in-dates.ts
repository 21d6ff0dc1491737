import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface CheckInDatesRequest {
  serviceType: string;
  origin: { id: string; type: string };
  destiny: { id: string; type: string };
  provider: string;
}

/** POST /api/integrator/santsg/flight/booking/avail/checkindates (spec §7): the days with flights. */
export const fetchCheckInDates = (body: CheckInDatesRequest) =>
  api<{ success: true; dates: string[] }>('/api/integrator/santsg/flight/booking/avail/checkindates', { method: 'POST', body });

export function useCheckInDates(body: CheckInDatesRequest | null) {
  return useQuery({
    queryKey: ['flight-checkin-dates', body],
    queryFn: () => fetchCheckInDates(body as CheckInDatesRequest).then((r) => new Set(r.dates)),
    enabled: !!body,
    staleTime: 10 * 60_000,
  });
}
