import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWhiteLabelInput, WhiteLabel } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

/** POST /api/whitelabels. */
export function createWhiteLabel(body: CreateWhiteLabelInput): Promise<WhiteLabel> {
  return api<WhiteLabel>('/api/whitelabels', { method: 'POST', body });
}

export function useCreateWhiteLabel() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWhiteLabel, onSuccess: () => qc.invalidateQueries({ queryKey: WHITE_LABELS_KEY }) });
}
