import { useQuery } from '@tanstack/react-query';
import type { StorefrontSite } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** GET /api/whitelabels/{id}/site/preview: the draft as the storefront would show it. */
export function getPreview(id: string): Promise<StorefrontSite> {
  return api<StorefrontSite>(`/api/whitelabels/${encodeURIComponent(id)}/site/preview`);
}

export function usePreview(id: string | undefined) {
  return useQuery({ queryKey: [...WHITE_LABELS_KEY, 'preview', id], queryFn: () => getPreview(id as string), enabled: !!id, retry: false });
}
