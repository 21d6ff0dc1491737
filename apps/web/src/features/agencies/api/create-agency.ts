import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agency, CreateAgencyBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { AGENCIES_KEY } from './query-keys';

/** POST /api/agency. */
export function createAgency(body: CreateAgencyBody): Promise<Agency> {
  return api<Agency>('/api/agency', { method: 'POST', body });
}

export function useCreateAgency() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAgency, onSuccess: () => qc.invalidateQueries({ queryKey: AGENCIES_KEY }) });
}
