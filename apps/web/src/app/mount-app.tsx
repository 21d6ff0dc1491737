// First: zod's setting, before any chunk below builds a schema (decision 0112).
import '../lib/zod-jitless';
import type { LoginResponse } from '@travesia/contracts';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { spanishIconNames } from '../lib/icon-names';
import { ME_QUERY_KEY } from '../shared/session/get-me';
import { App, queryClient } from './app';
import { createAppRouter } from './router';

let watchingIcons = false;

/**
 * Renders the signed-in app (antd, every route) into the page's root, in place of the sign-in entry's pages
 * when there were any (decision 0570). `signedIn`: the answer of the sign-in just made there, so the session
 * starts with it instead of asking the server again (the token cookie is already written).
 */
export function mountApp(root: Root, signedIn?: LoginResponse) {
  if (signedIn) queryClient.setQueryData(ME_QUERY_KEY, { user: signedIn.user, agency: signedIn.agency });
  root.render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
  if (!watchingIcons) {
    watchingIcons = true;
    spanishIconNames();
  }
}
