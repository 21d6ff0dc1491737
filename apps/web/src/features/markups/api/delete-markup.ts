import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

/** DELETE /api/markup/{id}. */
export function deleteMarkup(id: string): Promise<{ success: true; msg?: string }> {
  return api(`/api/markup/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMarkup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteMarkup, onSuccess: () => qc.invalidateQueries({ queryKey: MARKUPS_KEY }) });
}
