import { useQuery } from '@tanstack/react-query';
import type { User } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { USERS_KEY } from './query-keys';

/** GET /api/user/{id}. */
export function getUser(id: string): Promise<User> {
  return api<User>(`/api/user/${encodeURIComponent(id)}`);
}

export function useUser(id: string | undefined) {
  return useQuery({ queryKey: [...USERS_KEY, 'one', id], queryFn: () => getUser(id as string), enabled: !!id });
}
