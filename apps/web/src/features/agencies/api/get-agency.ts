import { useQuery } from '@tanstack/react-query';
import type { Agency } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { AGENCIES_KEY } from './query-keys';

/** GET /api/agency/{id}. */
export function getAgency(id: string): Promise<Agency> {
  return api<Agency>(`/api/agency/${encodeURIComponent(id)}`);
}

export function useAgency(id: string | undefined) {
  return useQuery({ queryKey: [...AGENCIES_KEY, 'one', id], queryFn: () => getAgency(id as string), enabled: !!id });
}
