import { useQuery } from '@tanstack/react-query';
import { autocompletePlaces } from '../../../shared/place-autocomplete';

/** The list screen's keyword search: POST /api/place/autocomplete, up to 50 matches (spec §9). */
export function useSearchPlaces(keyword: string) {
  return useQuery({
    queryKey: ['places', 'search', keyword],
    queryFn: ({ signal }) => autocompletePlaces(keyword, { limit: 50 }, signal),
    enabled: keyword.length >= 3,
  });
}
