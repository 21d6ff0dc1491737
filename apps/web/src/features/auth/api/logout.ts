import { api } from '../../../lib/api';

/** GET /api/user/logout: revokes the session on the server. The caller ignores any failure. */
export function logout(): Promise<unknown> {
  return api('/api/user/logout', { allowUnauthorized: true, timeoutMs: 5_000 });
}
