import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const TransferReservePage = lazyPage(() => import('./components/reserve-page'), 'TransferReservePage');
const TransferSearchPage = lazyPage(() => import('./components/transfer-search-page'), 'TransferSearchPage');

/** Transfer routes (spec §2 plus the all-suppliers search and the Hotelbeds route the `transfers-hotelbeds` module implies). */
export const transferRoutes: RouteObject[] = [
  { path: '/search/transfer', element: <TransferSearchPage key="all" supplier={null} title="Traslados: todos los proveedores" /> },
  { path: '/search/transfer/juniper', element: <TransferSearchPage key="juniper" supplier="juniper" title="Traslados Juniper" /> },
  { path: '/search/transfer/hotelbeds', element: <TransferSearchPage key="hotelbeds" supplier="hotelbeds" title="Traslados Hotelbeds" /> },
  { path: '/search/transfer/travesia', element: <TransferSearchPage key="travesia" supplier="travesia" title="Traslados Travesía" /> },
  { path: '/reserve/transfer', element: <TransferReservePage /> },
  { path: '/reserve/transfer/travesia', element: <TransferReservePage /> },
];
