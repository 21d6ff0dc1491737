import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlightPriceSearchResponse, FlightSearchFilters, FlightSort } from '@travesia/contracts';
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
  filters?: FlightSearchFilters;
  sort?: FlightSort;
}

/** Filters and sorting of a cached search (decision 0295): never a new supplier search. */
export interface PriceSearchView {
  filters?: FlightSearchFilters;
  sort?: FlightSort;
}

/** POST /api/integrator/santsg/flight/booking/avail/price-search (spec §7; 10 per page, next/before by cacheId and page). */
export const priceSearch = (body: PriceSearchRequest) =>
  api<FlightPriceSearchResponse>('/api/integrator/santsg/flight/booking/avail/price-search', { method: 'POST', body, timeoutMs: 90_000 });

/**
 * The first page searches the supplier; later pages, filters and sorting read the cached result by its
 * cacheId (decision 0295).
 */
export function usePriceSearch(body: PriceSearchRequest | null, page: number, cacheId: string | null, view: PriceSearchView = {}) {
  const narrowed = !!(view.sort || view.filters);
  const cached = !!cacheId && (page > 1 || narrowed);
  return useQuery({
    queryKey: ['flight-price-search', body, page, cached ? cacheId : null, cached ? view : null],
    queryFn: () => priceSearch({ ...(body as PriceSearchRequest), ...(cached ? { cacheId: cacheId as string, page, ...view } : {}) }),
    enabled: !!body && ((page === 1 && !narrowed) || !!cacheId),
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
