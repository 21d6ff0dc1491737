import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentGatewayDto, UpdatePaymentGatewayBody } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { gatewayPath, paymentKeys } from './keys';

/** PUT /api/whitelabel/:id/payment-gateways/:gatewayId */
export const updateGateway = (whiteLabelId: string, gatewayId: string, body: UpdatePaymentGatewayBody) =>
  api<PaymentGatewayDto>(gatewayPath(whiteLabelId, gatewayId), { method: 'PUT', body });
export function useUpdateGateway(whiteLabelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { gatewayId: string; body: UpdatePaymentGatewayBody }) => updateGateway(whiteLabelId, v.gatewayId, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.gateways(whiteLabelId) }),
  });
}
