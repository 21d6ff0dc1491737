import { useQuery } from '@tanstack/react-query';
import type { MarkupRule } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

/** GET /api/markup/{id}. */
export function getMarkup(id: string): Promise<MarkupRule> {
  return api<MarkupRule>(`/api/markup/${encodeURIComponent(id)}`);
}

export function useMarkup(id: string | undefined) {
  return useQuery({ queryKey: [...MARKUPS_KEY, 'one', id], queryFn: () => getMarkup(id as string), enabled: Boolean(id) });
}
