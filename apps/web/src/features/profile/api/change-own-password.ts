import { useMutation } from '@tanstack/react-query';
import type { OwnPasswordBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/profile/password: the current password and the new one; other sessions end. */
export const changeOwnPassword = (body: OwnPasswordBody) =>
  api<{ success: true; msg?: string }>('/api/profile/password', { method: 'POST', body });

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
