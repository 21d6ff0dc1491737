import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const BookingDetailPage = lazyPage(() => import('./components/booking-detail-page'), 'BookingDetailPage');
const BookingListPage = lazyPage(() => import('./components/booking-list-page'), 'BookingListPage');
const ExternalApprovalPage = lazyPage(() => import('./components/external-approval-page'), 'ExternalApprovalPage');
const VoucherPrintPage = lazyPage(() => import('./components/voucher-print-page'), 'VoucherPrintPage');

/** Admin-layout routes (spec §2): /booking, /booking/{id}/voucher, /booking/{id}/detail. */
export const bookingRoutes: RouteObject[] = [
  { path: '/booking', element: <BookingListPage /> },
  { path: '/booking/:id/voucher', element: <VoucherPrintPage /> },
  { path: '/booking/:id/detail', element: <BookingDetailPage /> },
];

/** Plain-layout route: the client's approval link, no sign-in. */
export const bookingPublicRoutes: RouteObject[] = [{ path: '/booking/external/:ref', element: <ExternalApprovalPage /> }];
