import { useQuery } from '@tanstack/react-query';
import type { PaymentSummary } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/whitelabel/:id/payments: the white label's recent payments. */
export const listPayments = (whiteLabelId: string) =>
  api<{ docs: PaymentSummary[] }>(`/api/whitelabel/${encodeURIComponent(whiteLabelId)}/payments`);
export const usePayments = (whiteLabelId: string) =>
  useQuery({ queryKey: paymentKeys.payments(whiteLabelId), queryFn: () => listPayments(whiteLabelId), refetchInterval: 30_000 });
