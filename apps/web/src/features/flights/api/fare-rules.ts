import { useQuery } from '@tanstack/react-query';
import type { FlightFareRules } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/integrator/santsg/flight/booking/fare-rules: changes, refunds and penalties of a pre-reserved or booked flight. */
export const fetchFareRules = (voucherId: string) =>
  api<FlightFareRules>('/api/integrator/santsg/flight/booking/fare-rules', { method: 'POST', body: { voucherId } });

export const useFareRules = (voucherId: string | null) =>
  useQuery({
    queryKey: ['flight-fare-rules', voucherId],
    queryFn: () => fetchFareRules(voucherId as string),
    enabled: !!voucherId,
    retry: false,
  });
