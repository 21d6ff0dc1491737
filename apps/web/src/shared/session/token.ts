import type { LoginResponse } from '@travesia/contracts';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';

/** Keeps the token of a sign-in: a persistent cookie until the session ends when `remember`, else a session cookie. */
export function keepToken(res: LoginResponse, remember: boolean) {
  writeCookie(TOKEN_COOKIE, res.token, remember ? new Date(res.expiresAt) : undefined);
}
