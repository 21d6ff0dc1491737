import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderAccount, UpdateProviderAccountBody, UpdateProviderTemplateBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope, providerKeys } from './scope';

export type UpdateBody = UpdateProviderAccountBody | UpdateProviderTemplateBody;

/** PUT …/:id — a secret sent back as its mask keeps the stored value. */
export const updateProviderAccount = (scope: ProviderScope, id: string, body: UpdateBody) =>
  api<ProviderAccount>(`${basePath(scope)}/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useUpdateProviderAccount(scope: ProviderScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBody }) => updateProviderAccount(scope, id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
