import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteVersions } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** POST /api/whitelabels/{id}/site/publish: the draft becomes what the storefront shows. */
export function publishSite(id: string): Promise<SiteVersions> {
  return api<SiteVersions>(`/api/whitelabels/${encodeURIComponent(id)}/site/publish`, { method: 'POST' });
}

export function usePublishSite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishSite, onSuccess: () => qc.invalidateQueries({ queryKey: WHITE_LABELS_KEY }) });
}
