import type { MeResponse } from '@travesia/contracts';
import { api } from '../../lib/api';

export const ME_QUERY_KEY = ['session', 'me'] as const;

/** GET /api/user: the signed-in user and their agency (spec §7). */
export function getMe(): Promise<MeResponse> {
  return api<MeResponse>('/api/user');
}
