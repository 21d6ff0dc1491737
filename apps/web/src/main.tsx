import type { LoginResponse } from '@travesia/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLoadFailed, AppLoading, createSignInShell, isSignedOutPath } from './app/sign-in-shell';
import './app/global.css';
import { readCookie, TOKEN_COOKIE } from './lib/cookies';

/**
 * The platform's entry (index.html), split in two (decision 0570). Without a session, the sign-in pages
 * (`/`, `/request-password`, `/remember-password`) are drawn by the sign-in shell alone: React, React Router and
 * plain forms, no antd, no zod. Everything else, and those pages once signed in, is the signed-in app
 * (`app/mount-app.tsx`), a lazy chunk: downloaded once the visitor starts typing their credentials, or at
 * once on any other address.
 */
const root = createRoot(document.getElementById('root') as HTMLElement);

let app: ReturnType<typeof loadApp> | undefined;
function loadApp() {
  return import('./app/mount-app');
}
const appModule = () => {
  app ??= loadApp();
  return app;
};

let shell: ReturnType<typeof createSignInShell> | undefined;
let started = false;
function startApp(signedIn?: LoginResponse) {
  if (started) return;
  started = true;
  appModule().then(
    ({ mountApp }) => {
      // The shell's router stops listening to the history: the app's own router takes the address from here.
      shell?.router.dispose();
      shell = undefined;
      mountApp(root, signedIn);
    },
    () => root.render(<AppLoadFailed />),
  );
}

if (!readCookie(TOKEN_COOKIE) && isSignedOutPath(location.pathname)) {
  shell = createSignInShell({
    prepareApp: () => void appModule().catch(() => undefined),
    startApp,
  });
  root.render(<StrictMode>{shell.element}</StrictMode>);
} else {
  // A spinner from the first frame, not a blank page, while the app downloads.
  root.render(<AppLoading />);
  startApp();
}
