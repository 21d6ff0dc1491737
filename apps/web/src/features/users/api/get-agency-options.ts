import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Agency, Paginated } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/agency?q: agencies to pick from (super only), searched on the server. */
export async function getAgencyOptions(q: string): Promise<Array<{ value: string; label: string }>> {
  const page = await api<Paginated<Agency>>('/api/agency', { query: { q, limit: 50 } });
  return page.docs.map((a) => ({ value: a._id, label: a.name }));
}

export function useAgencyOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'agency-options', q],
    queryFn: () => getAgencyOptions(q),
    enabled,
    placeholderData: keepPreviousData,
  });
}
