import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@travesia/contracts';
import { api } from '../../../lib/api';

const BASE = '/api/configuration/integrations/api-keys';
export const apiKeyKeys = { all: ['integrations', 'api-keys'] as const };

/** GET the agency's API keys (never their secrets). */
export const listApiKeys = () => api<ApiKey[]>(BASE);
export const useApiKeys = () => useQuery({ queryKey: apiKeyKeys.all, queryFn: listApiKeys });

/** POST a new key: the answer carries the secret, shown once. */
export const createApiKey = (body: CreateApiKeyBody) => api<CreatedApiKey>(BASE, { method: 'POST', body });
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

/** POST …/:id/revoke */
export const revokeApiKey = (id: string) => api<ApiKey>(`${BASE}/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}
