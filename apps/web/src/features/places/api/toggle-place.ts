import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** PUT /api/place/{id} with only the active flag (spec §4, §7). */
export const togglePlace = (id: string, active: boolean) =>
  api<Place>(`/api/place/${encodeURIComponent(id)}`, { method: 'PUT', body: { active } });

export function useTogglePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => togglePlace(id, active),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['places'] }),
  });
}
