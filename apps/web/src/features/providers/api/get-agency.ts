import { useQuery } from '@tanstack/react-query';
import type { Agency } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/agency/:id — the agency's name for the super's providers screen. */
export const getAgency = (id: string) => api<Agency>(`/api/agency/${encodeURIComponent(id)}`);

export function useAgency(id: string | undefined) {
  return useQuery({ queryKey: ['agency', id], queryFn: () => getAgency(id as string), enabled: Boolean(id) });
}
