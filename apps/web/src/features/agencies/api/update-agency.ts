import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agency, UpdateAgencyBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { AGENCIES_KEY } from './query-keys';

/** PUT /api/agency/{id}. */
export function updateAgency({ id, body }: { id: string; body: UpdateAgencyBody }): Promise<Agency> {
  return api<Agency>(`/api/agency/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateAgency() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAgency,
    onSuccess: (agency) => {
      qc.setQueryData([...AGENCIES_KEY, 'one', agency._id], agency);
      return qc.invalidateQueries({ queryKey: [...AGENCIES_KEY, 'list'] });
    },
  });
}
