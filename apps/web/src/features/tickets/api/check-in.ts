import { useMutation } from '@tanstack/react-query';
import type { TicketCheckIn } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** `POST /api/ticket/check-in`: the own ticket's QR code (our reference) checked in once. */
export const checkInTicket = (code: string) =>
  api<{ success: true; msg: string; response: TicketCheckIn }>('/api/ticket/check-in', { method: 'POST', body: { code } }).then(
    (a) => a.response,
  );

export const useCheckInTicket = () => useMutation({ mutationFn: checkInTicket });
