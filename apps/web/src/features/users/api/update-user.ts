import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { USERS_KEY } from './query-keys';

/** PUT /api/user/{id}: any subset of the fields (the status toggle sends only `status`). */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<User> {
  return api<User>(`/api/user/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      qc.setQueryData([...USERS_KEY, 'one', user._id], user);
      return qc.invalidateQueries({ queryKey: [...USERS_KEY, 'list'] });
    },
  });
}
