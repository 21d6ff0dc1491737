import { useMutation } from '@tanstack/react-query';
import type { ConnectionTestAnswer } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { basePath, type ProviderScope } from './scope';

/** POST …/:id/test ("Probar conexión"); a supplier can take a while, so the wait is longer than usual. */
export const testProviderAccount = (scope: ProviderScope, id: string) =>
  api<ConnectionTestAnswer>(`${basePath(scope)}/${encodeURIComponent(id)}/test`, { method: 'POST', timeoutMs: 45_000 });

export function useTestProviderAccount(scope: ProviderScope) {
  return useMutation({ mutationFn: (id: string) => testProviderAccount(scope, id) });
}
