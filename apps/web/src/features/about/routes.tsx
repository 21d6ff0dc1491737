import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const AboutPage = lazyPage(() => import('./about-page'), 'AboutPage');

export const aboutRoutes: RouteObject[] = [{ path: '/about', element: <AboutPage /> }];
