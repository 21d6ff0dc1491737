import { api } from '../../../lib/api';

/** POST /api/user/change-password with the recovery or invitation token and the new password as typed (the server checks the policy and hashes it). */
export function changePassword(input: { token: string; password: string }): Promise<{ success: true; msg?: string }> {
  return api('/api/user/change-password', {
    method: 'POST',
    body: { token: input.token, password: input.password },
    allowUnauthorized: true,
  });
}
