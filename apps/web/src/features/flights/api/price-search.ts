import { useQuery } from '@tanstack/react-query';
import type { FlightPriceSearchResponse } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface PriceSearchRequest {
  serviceType: string;
  flightClass: string;
  culture: 'en-US';
  currency: 'USD';
  destinations: { origin: { id: string; type: string }; destiny: { id: string; type: string }; start: string; end?: string }[];
  showOnlyNonStopFlight: boolean;
  paxes: { adults: number[]; children: number[] };
  provider: string;
  cacheId?: string;
  page?: number;
}

/** POST /api/integrator/santsg/flight/booking/avail/price-search (spec §7; 10 per page, next/before by cacheId and page). */
export const priceSearch = (body: PriceSearchRequest) =>
  api<FlightPriceSearchResponse>('/api/integrator/santsg/flight/booking/avail/price-search', { method: 'POST', body, timeoutMs: 90_000 });

/** The first page searches the supplier; later pages read the cached result by its cacheId. */
export function usePriceSearch(body: PriceSearchRequest | null, page: number, cacheId: string | null) {
  return useQuery({
    queryKey: ['flight-price-search', body, page, page > 1 ? cacheId : null],
    queryFn: () => priceSearch({ ...(body as PriceSearchRequest), ...(page > 1 && cacheId ? { cacheId, page } : {}) }),
    enabled: !!body && (page === 1 || !!cacheId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
