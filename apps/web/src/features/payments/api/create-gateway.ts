import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentGatewayBody, PaymentGatewayDto } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { gatewaysPath, paymentKeys } from './keys';

/** POST /api/whitelabel/:id/payment-gateways */
export const createGateway = (whiteLabelId: string, body: CreatePaymentGatewayBody) =>
  api<PaymentGatewayDto>(gatewaysPath(whiteLabelId), { method: 'POST', body });
export function useCreateGateway(whiteLabelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentGatewayBody) => createGateway(whiteLabelId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.gateways(whiteLabelId) }),
  });
}
