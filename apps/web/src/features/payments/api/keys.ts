/** Query keys of the payments feature. */
export const paymentKeys = {
  gateways: (whiteLabelId: string) => ['payments', whiteLabelId, 'gateways'] as const,
  payments: (whiteLabelId: string) => ['payments', whiteLabelId, 'payments'] as const,
  orders: (whiteLabelId: string, filter: object) => ['payments', whiteLabelId, 'orders', filter] as const,
};
export const gatewaysPath = (whiteLabelId: string) => `/api/whitelabel/${encodeURIComponent(whiteLabelId)}/payment-gateways`;
export const gatewayPath = (whiteLabelId: string, gatewayId: string) => `${gatewaysPath(whiteLabelId)}/${encodeURIComponent(gatewayId)}`;
