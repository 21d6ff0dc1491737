import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MarkupRule, MarkupSupplier, Paginated, ProductKind } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { MARKUPS_KEY } from './query-keys';

export interface MarkupsQuery {
  page: number;
  limit: number;
  q?: string;
  active?: 'true' | 'false';
  productKind?: ProductKind;
  supplier?: MarkupSupplier;
  scope?: 'platform' | 'agency' | 'all';
  agencyId?: string;
}

/** GET /api/markup: the agency's rules, or (super) platform rules / one agency's / all. */
export function getMarkups(query: MarkupsQuery): Promise<Paginated<MarkupRule>> {
  return api<Paginated<MarkupRule>>('/api/markup', { query: { ...query } });
}

export function useMarkups(query: MarkupsQuery) {
  return useQuery({ queryKey: [...MARKUPS_KEY, 'list', query], queryFn: () => getMarkups(query), placeholderData: keepPreviousData });
}
