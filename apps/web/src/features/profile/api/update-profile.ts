import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, UpdateOwnProfileBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../shared/session/get-me';
import { PROFILE_KEY } from './get-profile';

/** PUT /api/profile. The top bar shows the name: the session is reloaded too. */
export const updateProfile = (body: UpdateOwnProfileBody) => api<OwnProfile>('/api/profile', { method: 'PUT', body });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      qc.setQueryData(PROFILE_KEY, data);
      qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
