import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/place/ (create) or PUT /api/place/{id} (the whole place). */
export const savePlace = (body: PlaceBody, id?: string) =>
  id ? api<Place>(`/api/place/${encodeURIComponent(id)}`, { method: 'PUT', body }) : api<Place>('/api/place', { method: 'POST', body });

export function useSavePlace(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceBody) => savePlace(body, id),
    onSuccess: (place) => {
      client.setQueryData(['places', 'one', place._id], place);
      void client.invalidateQueries({ queryKey: ['places'] });
    },
  });
}
