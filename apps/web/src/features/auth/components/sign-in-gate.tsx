import { canOpen, homePath } from '@travesia/contracts';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpin } from '../../../shared/components/full-page-spin';
import { useSession } from '../../../shared/session/use-session';
import { LoginPage } from './login-page';

/** `/` in the signed-in app: the sign-in form without a session; with one, straight to the visitor's home. */
export function SignInGate() {
  const { state } = useSession();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  if (state.status === 'loading') return <FullPageSpin minHeight={160} />;
  if (state.status === 'authenticated') {
    // Back to the page the guard sent them from, when they may open it; otherwise their home.
    const type = state.me.user.type;
    const wanted = from && from !== '/' && canOpen(from.split('?')[0], type, state.modules) ? from : null;
    return <Navigate to={wanted ?? homePath(type, state.modules)} replace />;
  }
  return <LoginPage />;
}
