import { useQuery } from '@tanstack/react-query';
import type { Place } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/place/{id}. */
export const getPlace = (id: string) => api<Place>(`/api/place/${encodeURIComponent(id)}`);

export function useGetPlace(id: string | undefined) {
  return useQuery({ queryKey: ['places', 'one', id], queryFn: () => getPlace(id as string), enabled: Boolean(id) });
}
