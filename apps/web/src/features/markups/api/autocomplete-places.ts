import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/** The part of a place this feature reads (the places module owns the full contract). */
export interface PlaceOption {
  _id: string;
  name: string;
  displayName?: string;
  type?: string;
}

/**
 * POST /api/place/autocomplete. Answers `null` when the places API is not there (404), so the picker
 * can fall back to a plain id field.
 */
export async function autocompletePlaces(keyword: string, signal?: AbortSignal): Promise<PlaceOption[] | null> {
  try {
    return await api<PlaceOption[]>('/api/place/autocomplete', { method: 'POST', body: { keyword, limit: 20 }, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && err.code === 'ROUTE_NOT_FOUND') return null;
    throw err;
  }
}

export function usePlaceAutocomplete(keyword: string) {
  const k = keyword.trim();
  return useQuery({
    queryKey: ['markups', 'places', k],
    queryFn: ({ signal }) => autocompletePlaces(k, signal),
    enabled: k.length >= 3,
    staleTime: 60_000,
    retry: false,
  });
}
