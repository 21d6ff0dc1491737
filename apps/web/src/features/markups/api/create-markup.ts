import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMarkupBody, MarkupRule } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

/** POST /api/markup. */
export function createMarkup(body: CreateMarkupBody): Promise<MarkupRule> {
  return api<MarkupRule>('/api/markup', { method: 'POST', body });
}

export function useCreateMarkup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createMarkup, onSuccess: () => qc.invalidateQueries({ queryKey: MARKUPS_KEY }) });
}
