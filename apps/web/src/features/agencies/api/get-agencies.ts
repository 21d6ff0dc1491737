import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Agency, Paginated } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { AGENCIES_KEY } from './query-keys';

export interface AgenciesQuery {
  page: number;
  limit: number;
  q?: string;
}

/** GET /api/agency (super only). */
export function getAgencies(query: AgenciesQuery): Promise<Paginated<Agency>> {
  return api<Paginated<Agency>>('/api/agency', { query: { ...query } });
}

export function useAgencies(query: AgenciesQuery) {
  return useQuery({ queryKey: [...AGENCIES_KEY, 'list', query], queryFn: () => getAgencies(query), placeholderData: keepPreviousData });
}
