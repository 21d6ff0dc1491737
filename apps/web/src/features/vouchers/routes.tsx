import type { RouteObject } from 'react-router';
import { BookingDetailPage } from './components/booking-detail-page';
import { BookingListPage } from './components/booking-list-page';
import { ExternalApprovalPage } from './components/external-approval-page';
import { VoucherPrintPage } from './components/voucher-print-page';

/** Admin-layout routes (spec §2): /booking, /booking/{id}/voucher, /booking/{id}/detail. */
export const bookingRoutes: RouteObject[] = [
  { path: '/booking', element: <BookingListPage /> },
  { path: '/booking/:id/voucher', element: <VoucherPrintPage /> },
  { path: '/booking/:id/detail', element: <BookingDetailPage /> },
];

/** Plain-layout route: the client's approval link, no sign-in. */
export const bookingPublicRoutes: RouteObject[] = [{ path: '/booking/external/:ref', element: <ExternalApprovalPage /> }];
