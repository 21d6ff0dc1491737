import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProviderAccountBody, CreateProviderTemplateBody, ProviderAccount } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope, providerKeys } from './scope';

export type CreateBody = CreateProviderAccountBody | CreateProviderTemplateBody;

/** POST to the scope's collection. */
export const createProviderAccount = (scope: ProviderScope, body: CreateBody) =>
  api<ProviderAccount>(basePath(scope), { method: 'POST', body });

export function useCreateProviderAccount(scope: ProviderScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBody) => createProviderAccount(scope, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: providerKeys.all }),
  });
}
