import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@travesia/contracts';
import { api, hashPassword } from '../../../lib/api';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/** POST /api/user/login with the SHA-256 of the typed password (spec §7). A 401 here is the form's own message. */
export function login({ email, password, remember }: LoginInput): Promise<LoginResponse> {
  return api<LoginResponse>('/api/user/login', {
    method: 'POST',
    body: { user: email.trim(), password: hashPassword(password), remember_me: remember },
    allowUnauthorized: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
