import type { LoginResponse } from '@travesia/contracts';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SignInStarting, signedOutRoutes } from '../features/auth/signed-out-routes';
import { SessionContext, type SessionValue } from '../shared/session/session-context';
import { keepToken } from '../shared/session/token';
import { PlainLayout, PlainSpin } from './layouts/plain-layout';

export { isSignedOutPath } from '../features/auth/signed-out-routes';

interface ShellHandlers {
  /** Starts downloading the signed-in app (a valid sign-in form is being sent). */
  prepareApp: () => void;
  /** Replaces the shell by the signed-in app, with the sign-in's answer when there was one. */
  startApp: (signedIn?: LoginResponse) => void;
}

/** Any address the shell does not draw: the app answers it. */
function HandOver({ startApp }: Pick<ShellHandlers, 'startApp'>) {
  useEffect(() => startApp(), [startApp]);
  return <PlainSpin />;
}

/**
 * The sign-in entry's pages (decision 0570): sign-in, password request and new password, with React Router and
 * the plain layout, and none of antd, zod or the signed-in app. Its session is always signed out; signing in
 * keeps the token and hands the page to the app (`startApp`). Returns the router so the entry can stop it then.
 */
export function createSignInShell({ prepareApp, startApp }: ShellHandlers) {
  const router = createBrowserRouter([
    { element: <PlainLayout />, children: [...signedOutRoutes, { path: '*', element: <HandOver startApp={startApp} /> }] },
  ]);
  const session: SessionValue = {
    state: { status: 'anonymous' },
    signIn: (res, remember) => {
      keepToken(res, remember);
      startApp(res);
    },
    signOut: () => undefined,
  };
  const element = (
    <SessionContext.Provider value={session}>
      <SignInStarting.Provider value={prepareApp}>
        <RouterProvider router={router} />
      </SignInStarting.Provider>
    </SessionContext.Provider>
  );
  return { router, element };
}

/** What the page shows while the signed-in app downloads, on an address the sign-in entry does not draw. */
export const AppLoading = () => <PlainSpin page />;

/** The app's download failed (network lost, or a new version replaced its files): say so, offer a reload. */
export function AppLoadFailed() {
  return (
    <div className="plain-page">
      <main className="plain-card" role="alert">
        <h1 className="plain-failed-title">No pudimos cargar la aplicación</h1>
        <p>Revisa tu conexión y vuelve a cargar la página.</p>
        <button type="button" className="plain-reload" onClick={() => location.reload()}>
          Recargar
        </button>
      </main>
    </div>
  );
}
