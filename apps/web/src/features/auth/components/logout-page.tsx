import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { readCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { FullPageSpin } from '../../../shared/components/full-page-spin';
import { useSession } from '../../../shared/session/use-session';
import { logout } from '../api/logout';

/** `/logout`: revokes the session (ignoring failures), forgets the token and the cache, back to `/`. */
export function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const revoke = readCookie(TOKEN_COOKIE) ? logout().catch(() => undefined) : Promise.resolve();
    void revoke.finally(() => {
      signOut();
      navigate('/', { replace: true });
    });
  }, [signOut, navigate]);

  return <FullPageSpin minHeight={160} />;
}
