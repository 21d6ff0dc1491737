import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const PROFILE_KEY = ['profile'] as const;

/** GET /api/profile: the signed-in user's own profile and notification choices. */
export const getProfile = () => api<OwnProfile>('/api/profile');

export function useProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });
}
