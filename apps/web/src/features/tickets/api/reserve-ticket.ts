import type { TicketReserveBody } from '@travesia/contracts';
import { useReserveVoucher } from '../../../shared/booking/checkout/reserve-voucher';

/** `POST /api/ticket/reserve` with the checkout's `Idempotency-Key`. */
export const useReserveTicket = () => useReserveVoucher<TicketReserveBody>('/api/ticket/reserve');
