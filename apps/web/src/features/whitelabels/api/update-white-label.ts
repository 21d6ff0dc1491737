import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWhiteLabelInput, WhiteLabel } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** PUT /api/whitelabels/{id}. */
export function updateWhiteLabel({ id, body }: { id: string; body: Omit<CreateWhiteLabelInput, 'agencyId'> }): Promise<WhiteLabel> {
  return api<WhiteLabel>(`/api/whitelabels/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateWhiteLabel() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateWhiteLabel, onSuccess: () => qc.invalidateQueries({ queryKey: WHITE_LABELS_KEY }) });
}
