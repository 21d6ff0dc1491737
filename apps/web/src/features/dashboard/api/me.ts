import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/user: the signed-in user and agency (for the module shortcuts). */
export const getMe = (signal?: AbortSignal) => api<MeResponse>('/api/user', { signal });

export const useMe = () => useQuery({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });
