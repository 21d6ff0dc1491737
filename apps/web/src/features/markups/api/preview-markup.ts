import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarkupPreviewAnswer, MarkupPreviewBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

/** POST /api/markup/preview: the engine run on a sample offer, with the form's unsaved rule. */
export function previewMarkup(body: MarkupPreviewBody, signal?: AbortSignal): Promise<MarkupPreviewAnswer> {
  return api<MarkupPreviewAnswer>('/api/markup/preview', { method: 'POST', body, signal });
}

/** Re-runs whenever the (debounced) body changes; `null` disables it. */
export function useMarkupPreview(body: MarkupPreviewBody | null) {
  return useQuery({
    queryKey: [...MARKUPS_KEY, 'preview', body],
    queryFn: ({ signal }) => previewMarkup(body as MarkupPreviewBody, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}
