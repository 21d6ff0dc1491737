import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, User } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { USERS_KEY } from './query-keys';

export interface UsersQuery {
  page: number;
  limit: number;
  q?: string;
  agencyId?: string;
}

/** GET /api/user/all: the users the signed-in manager may see (super: all, agency: its own). */
export function getUsers(query: UsersQuery): Promise<Paginated<User>> {
  return api<Paginated<User>>('/api/user/all', { query: { ...query } });
}

export function useUsers(query: UsersQuery) {
  return useQuery({ queryKey: [...USERS_KEY, 'list', query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });
}
