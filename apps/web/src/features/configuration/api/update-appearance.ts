import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyAppearance, AgencyAppearanceInput } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../shared/session/get-me';
import { APPEARANCE_KEY } from './query-keys';

/** PUT /api/configuration/appearance. */
export function updateAppearance({ body, agencyId }: { body: AgencyAppearanceInput; agencyId?: string }): Promise<AgencyAppearance> {
  return api<AgencyAppearance>('/api/configuration/appearance', { method: 'PUT', body, query: { agencyId } });
}

/** Saving reloads the session: the shell takes the new look at once. */
export function useUpdateAppearance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAppearance,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: APPEARANCE_KEY });
      qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
