import { api } from '../../../lib/api';

/** POST /api/user/remember-password: same answer whether the email exists or not. */
export function requestPassword(email: string): Promise<{ success: true; msg?: string }> {
  return api('/api/user/remember-password', { method: 'POST', body: { email: email.trim() }, allowUnauthorized: true });
}
