import { useQuery } from '@tanstack/react-query';
import type { PaymentGatewayDto } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { gatewaysPath, paymentKeys } from './keys';

/** GET /api/whitelabel/:id/payment-gateways */
export const listGateways = (whiteLabelId: string) => api<PaymentGatewayDto[]>(gatewaysPath(whiteLabelId));
export const useGateways = (whiteLabelId: string) =>
  useQuery({ queryKey: paymentKeys.gateways(whiteLabelId), queryFn: () => listGateways(whiteLabelId) });
