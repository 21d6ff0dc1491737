import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionSettings, PutCommissionSettingsBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { COMMISSION_KEY, MARKUPS_KEY } from './query-keys';

/** PUT /api/configuration/commission. */
export function updateCommissionSettings({
  body,
  agencyId,
}: {
  body: PutCommissionSettingsBody;
  agencyId?: string;
}): Promise<CommissionSettings> {
  return api<CommissionSettings>('/api/configuration/commission', { method: 'PUT', body, query: { agencyId } });
}

export function useUpdateCommissionSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCommissionSettings,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: COMMISSION_KEY });
      qc.invalidateQueries({ queryKey: [...MARKUPS_KEY, 'preview'] });
    },
  });
}
