import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteContentInput, SiteVersions } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** PUT /api/whitelabels/{id}/site/draft. */
export function saveDraft({ id, body }: { id: string; body: SiteContentInput }): Promise<SiteVersions> {
  return api<SiteVersions>(`/api/whitelabels/${encodeURIComponent(id)}/site/draft`, { method: 'PUT', body });
}

export function useSaveDraft() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveDraft, onSuccess: () => qc.invalidateQueries({ queryKey: WHITE_LABELS_KEY }) });
}
