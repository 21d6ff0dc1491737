import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, WhiteLabel } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { WHITE_LABELS_KEY } from './query-keys';

export interface WhiteLabelsQuery {
  page: number;
  limit: number;
  q?: string;
  agencyId?: string;
}

/** GET /api/whitelabels. */
export function getWhiteLabels(query: WhiteLabelsQuery): Promise<Paginated<WhiteLabel>> {
  return api<Paginated<WhiteLabel>>('/api/whitelabels', { query: { ...query } });
}

export function useWhiteLabels(query: WhiteLabelsQuery) {
  return useQuery({
    queryKey: [...WHITE_LABELS_KEY, 'list', query],
    queryFn: () => getWhiteLabels(query),
    placeholderData: keepPreviousData,
  });
}
