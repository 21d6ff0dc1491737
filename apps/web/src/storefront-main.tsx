import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StorefrontApp } from './app/storefront/storefront-app';
import './features/storefront-home/storefront.css';

/**
 * The storefront's own entry (storefront.html, decision 0460). The server may have pre-rendered the home's
 * header and hero into #root; React renders the same markup over it.
 */
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StorefrontApp />
  </StrictMode>,
);
