import { useQuery } from '@tanstack/react-query';
import type { SiteVersions } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** GET /api/whitelabels/{id}/site: the draft and the published version. */
export function getSite(id: string): Promise<SiteVersions> {
  return api<SiteVersions>(`/api/whitelabels/${encodeURIComponent(id)}/site`);
}

export function useSite(id: string | undefined) {
  return useQuery({ queryKey: [...WHITE_LABELS_KEY, 'site', id], queryFn: () => getSite(id as string), enabled: !!id, retry: false });
}
