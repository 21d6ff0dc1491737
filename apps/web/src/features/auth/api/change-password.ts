import { useMutation } from '@tanstack/react-query';
import { api, hashPassword } from '../../../lib/api';

/** POST /api/user/change-password with the recovery or invitation token and the hashed new password. */
export function changePassword(input: { token: string; password: string }): Promise<{ success: true; msg?: string }> {
  return api('/api/user/change-password', {
    method: 'POST',
    body: { token: input.token, password: hashPassword(input.password) },
    allowUnauthorized: true,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
