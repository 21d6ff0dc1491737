import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Agency, Paginated } from '@travesia/contracts';
import { api } from '../../lib/api';

export interface AgencyOption {
  value: string;
  label: string;
}

/** GET /api/agency (super only): agencies to pick from, as select options; `q` searches on the server. */
export async function getAgencyOptions(query: { q?: string; limit: number }, signal?: AbortSignal): Promise<AgencyOption[]> {
  const page = await api<Paginated<Agency>>('/api/agency', { query: { ...(query.q ? { q: query.q } : {}), limit: query.limit }, signal });
  return page.docs.map((a) => ({ value: a._id, label: a.name }));
}

/**
 * The agency picker's options: the first `limit` agencies, or those matching `q` while the user types.
 * `enabled` is false for users who may not list agencies (anyone but super).
 */
export function useAgencyOptions({ q = '', limit = 100, enabled }: { q?: string; limit?: number; enabled: boolean }) {
  return useQuery({
    queryKey: ['agency-options', q, limit],
    queryFn: ({ signal }) => getAgencyOptions({ q, limit }, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
