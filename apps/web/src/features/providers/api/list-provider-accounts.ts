import { useQuery } from '@tanstack/react-query';
import type { Paginated, ProviderAccount, SupplierId } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope, providerKeys } from './scope';

export interface ProviderListParams {
  page: number;
  limit: number;
  q?: string;
  supplier?: SupplierId;
}

/** GET /api/provider-account | /api/agency/:agencyId/provider-account | /api/provider-template */
export const listProviderAccounts = (scope: ProviderScope, params: ProviderListParams) =>
  api<Paginated<ProviderAccount>>(basePath(scope), { query: { ...params } });

export function useProviderAccounts(scope: ProviderScope, params: ProviderListParams) {
  return useQuery({
    queryKey: providerKeys.list(scope, params),
    queryFn: () => listProviderAccounts(scope, params),
    placeholderData: (previous) => previous,
  });
}
