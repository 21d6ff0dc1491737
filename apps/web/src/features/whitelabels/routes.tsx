import type { RouteObject } from 'react-router';
import { CustomizePage } from './components/customize-page';
import { PreviewPage } from './components/preview-page';
import { WhiteLabelFormPage } from './components/white-label-form-page';
import { WhiteLabelsPage } from './components/white-labels-page';

/** White-label admin (permission whitelabels:manage, module white-labels; spec §2). Payments: another feature. */
export const whiteLabelRoutes: RouteObject[] = [
  { path: '/whitelabels', element: <WhiteLabelsPage /> },
  { path: '/whitelabels/create', element: <WhiteLabelFormPage /> },
  { path: '/whitelabels/:id', element: <WhiteLabelFormPage /> },
  { path: '/whitelabel/:id/customize', element: <CustomizePage /> },
  { path: '/whitelabel/:id/preview', element: <PreviewPage /> },
];
