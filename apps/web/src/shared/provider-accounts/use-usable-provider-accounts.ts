import { useQuery } from '@tanstack/react-query';
import type { UsableProviderAccount } from '@travesia/contracts';
import { api } from '../../lib/api';

/**
 * GET /api/provider-account/usable: the accounts the signed-in user may search with (id, name,
 * supplier), for the provider select of every search form (spec §3 search criteria provider_id).
 */
export const listUsableProviderAccounts = () => api<UsableProviderAccount[]>('/api/provider-account/usable');

export function useUsableProviderAccounts() {
  return useQuery({ queryKey: ['provider-accounts', 'usable'], queryFn: listUsableProviderAccounts, staleTime: 60_000 });
}
