import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope, providerKeys } from './scope';

/** DELETE …/:id — refused (409) while users are restricted to it or accounts link to the template. */
export const deleteProviderAccount = (scope: ProviderScope, id: string) =>
  api<{ success: true; msg?: string }>(`${basePath(scope)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProviderAccount(scope: ProviderScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProviderAccount(scope, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
