import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { StorefrontApp } from './app/storefront/storefront-app';
import './features/storefront-home/storefront.css';

/**
 * The storefront's own entry (storefront.html, decision 0460). The server may have pre-rendered the home's
 * header and hero into #root; React renders the same markup over it.
 */
const root = createRoot(document.getElementById('root') as HTMLElement);
// A transition renders in slices that yield to the browser (no single long task): the page is already painted.
startTransition(() => {
  root.render(
    <StrictMode>
      <StorefrontApp />
    </StrictMode>,
  );
});
