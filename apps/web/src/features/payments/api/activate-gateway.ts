import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentGatewayDto } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { gatewayPath, paymentKeys } from './keys';

/** POST /api/whitelabel/:id/payment-gateways/:gatewayId/activate */
export const activateGateway = (whiteLabelId: string, gatewayId: string) =>
  api<PaymentGatewayDto>(`${gatewayPath(whiteLabelId, gatewayId)}/activate`, { method: 'POST' });
export function useActivateGateway(whiteLabelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (gatewayId: string) => activateGateway(whiteLabelId, gatewayId),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentKeys.gateways(whiteLabelId) }),
  });
}
