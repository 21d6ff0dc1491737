import { useQuery } from '@tanstack/react-query';
import type { WhiteLabel } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** GET /api/whitelabels/{id}. */
export function getWhiteLabel(id: string): Promise<WhiteLabel> {
  return api<WhiteLabel>(`/api/whitelabels/${encodeURIComponent(id)}`);
}

export function useWhiteLabel(id: string | undefined) {
  return useQuery({ queryKey: [...WHITE_LABELS_KEY, 'one', id], queryFn: () => getWhiteLabel(id as string), enabled: !!id, retry: false });
}
