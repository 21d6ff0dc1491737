import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const CustomizePage = lazyPage(() => import('./components/customize-page'), 'CustomizePage');
const PreviewPage = lazyPage(() => import('./components/preview-page'), 'PreviewPage');
const WhiteLabelFormPage = lazyPage(() => import('./components/white-label-form-page'), 'WhiteLabelFormPage');
const WhiteLabelsPage = lazyPage(() => import('./components/white-labels-page'), 'WhiteLabelsPage');

/** White-label admin (permission whitelabels:manage, module white-labels; spec §2). Payments: another feature. */
export const whiteLabelRoutes: RouteObject[] = [
  { path: '/whitelabels', element: <WhiteLabelsPage /> },
  { path: '/whitelabels/create', element: <WhiteLabelFormPage /> },
  { path: '/whitelabels/:id', element: <WhiteLabelFormPage /> },
  { path: '/whitelabel/:id/customize', element: <CustomizePage /> },
  { path: '/whitelabel/:id/preview', element: <PreviewPage /> },
];
