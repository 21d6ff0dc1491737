import { useQuery } from '@tanstack/react-query';
import type { Agency, Paginated } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/agency (super only): agencies to pick a rule's owner from. */
export function getAgencyOptions(): Promise<Array<{ value: string; label: string }>> {
  return api<Paginated<Agency>>('/api/agency', { query: { limit: 100 } }).then((p) => p.docs.map((a) => ({ value: a._id, label: a.name })));
}

export function useAgencyOptions(enabled: boolean) {
  return useQuery({ queryKey: ['markups', 'agency-options'], queryFn: getAgencyOptions, enabled, staleTime: 60_000 });
}
