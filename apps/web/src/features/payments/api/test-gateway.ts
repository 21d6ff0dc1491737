import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { gatewayPath, paymentKeys } from './keys';

/** POST /api/whitelabel/:id/payment-gateways/:gatewayId/test ("Probar conexión") */
export const testGateway = (whiteLabelId: string, gatewayId: string) =>
  api<{ success: true; ok: boolean; msg: string }>(`${gatewayPath(whiteLabelId, gatewayId)}/test`, { method: 'POST' });
export function useTestGateway(whiteLabelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (gatewayId: string) => testGateway(whiteLabelId, gatewayId),
    // The result is kept on the gateway (last test), success or not.
    onSettled: () => qc.invalidateQueries({ queryKey: paymentKeys.gateways(whiteLabelId) }),
  });
}
