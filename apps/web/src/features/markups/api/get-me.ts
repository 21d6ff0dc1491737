import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@travesia/contracts';
import { api } from '../../../lib/api';

/**
 * GET /api/user: who is signed in, to tell super (platform rules, any agency) from an agency admin.
 * The shell's session context replaces this once merged.
 */
export function getMe(): Promise<MeResponse> {
  return api<MeResponse>('/api/user');
}

export function useMe() {
  return useQuery({ queryKey: ['markups', 'me'], queryFn: getMe, staleTime: 5 * 60_000 });
}
