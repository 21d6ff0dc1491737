import type { PaymentGatewayDto, PaymentSummary } from '@travesia/contracts';
import type { PaymentGatewayRow, PaymentRow } from '../../db/schema/index.js';

export function toPaymentGatewayDto(
  row: PaymentGatewayRow,
  credentials: PaymentGatewayDto['credentials'],
  webhookUrl: string,
): PaymentGatewayDto {
  return {
    _id: row.id,
    whiteLabelId: row.whiteLabelId,
    gateway: row.gateway,
    mode: row.mode,
    active: row.active,
    credentials,
    webhookUrl,
    lastTest: row.lastTestAt ? { ok: Boolean(row.lastTestOk), at: row.lastTestAt.toISOString(), msg: row.lastTestMsg ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPaymentSummary(p: PaymentRow): PaymentSummary {
  return {
    _id: p.id,
    orderId: p.orderId,
    gateway: p.gateway,
    mode: p.mode,
    gatewayReference: p.gatewayReference,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
