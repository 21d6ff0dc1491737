import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlacePage } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/place?page&perPage (50 per page, spec §9). */
export const listPlaces = (page: number, perPage = 50) => api<PlacePage>('/api/place', { query: { page, perPage } });

export function useListPlaces(page: number, perPage = 50) {
  return useQuery({
    queryKey: ['places', 'list', page, perPage],
    queryFn: () => listPlaces(page, perPage),
    placeholderData: keepPreviousData,
  });
}
