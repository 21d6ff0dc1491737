import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkupRule, UpdateMarkupBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

/** PUT /api/markup/{id}: a partial update (the active toggle sends only `active`). */
export function updateMarkup({ id, body }: { id: string; body: UpdateMarkupBody }): Promise<MarkupRule> {
  return api<MarkupRule>(`/api/markup/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateMarkup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateMarkup, onSuccess: () => qc.invalidateQueries({ queryKey: MARKUPS_KEY }) });
}
