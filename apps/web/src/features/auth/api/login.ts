import type { LoginResponse } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * POST /api/user/login with the password as typed, over TLS: the server hashes it (docs/decisions/0132).
 * A 401 here is the form's own message.
 */
export function login({ email, password, remember }: LoginInput): Promise<LoginResponse> {
  return api<LoginResponse>('/api/user/login', {
    method: 'POST',
    body: { user: email.trim(), password, remember_me: remember },
    allowUnauthorized: true,
  });
}
