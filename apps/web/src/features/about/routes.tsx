import type { RouteObject } from 'react-router';
import { AboutPage } from './about-page';

export const aboutRoutes: RouteObject[] = [{ path: '/about', element: <AboutPage /> }];
