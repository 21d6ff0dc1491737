import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { USERS_KEY } from './query-keys';

/** POST /api/user: the server mails the new user an invitation link to choose a password. */
export function createUser(body: CreateUserBody): Promise<User> {
  return api<User>('/api/user', { method: 'POST', body });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => qc.invalidateQueries({ queryKey: USERS_KEY }) });
}
