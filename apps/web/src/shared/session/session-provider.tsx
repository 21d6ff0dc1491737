import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enabledModules, type LoginResponse } from '@travesia/contracts';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { deleteCookie, readCookie, TOKEN_COOKIE } from '../../lib/cookies';
import { getMe, ME_QUERY_KEY } from './get-me';
import { SessionContext, type SessionState, type SessionValue } from './session-context';
import { keepToken } from './token';

/**
 * Who is signed in. With the token cookie present it loads `GET /api/user` once (a 401 there sends the
 * browser to /logout through the API client); without it the visitor is anonymous.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => readCookie(TOKEN_COOKIE));
  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    enabled: !!token,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (res: LoginResponse, remember: boolean) => {
      keepToken(res, remember);
      queryClient.setQueryData(ME_QUERY_KEY, { user: res.user, agency: res.agency });
      setToken(res.token);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    deleteCookie(TOKEN_COOKIE);
    setToken(undefined);
    queryClient.clear();
  }, [queryClient]);

  const state: SessionState = useMemo(() => {
    if (!token) return { status: 'anonymous' };
    if (me.data) return { status: 'authenticated', me: me.data, modules: enabledModules(me.data.agency?.options) };
    // A 401 is already on its way to /logout (API client): keep the spinner instead of flashing an error.
    if (me.error && !(me.error instanceof ApiError && me.error.status === 401)) {
      return { status: 'error', error: me.error, retry: () => void me.refetch() };
    }
    return { status: 'loading' };
  }, [token, me.data, me.error, me.refetch]);

  const value: SessionValue = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
