/** Voucher statuses and labels (spec §4). */
export const VOUCHER_STATUSES = [
  'confirmed',
  'confirmed-paid',
  'cancelled',
  'on-request',
  'quotation',
  'pending-provider',
  'pre-reserved',
  // A booking whose outcome the supplier never confirmed within the recovery window (docs/decisions/0162).
  'needs-attention',
] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const VOUCHER_STATUS_LABELS: Record<VoucherStatus, string> = {
  confirmed: 'Confirmada',
  'confirmed-paid': 'Confirmada',
  cancelled: 'Cancelada',
  'on-request': 'En proceso de ser confirmada',
  quotation: 'Cotización',
  'pending-provider': 'Pendiente por aprobar por el proveedor',
  'pre-reserved': 'Pre-reservada',
  'needs-attention': 'Requiere atención',
};

/** Dashboard tag colours (spec §4): confirmed success, pending warning, all else danger (needs-attention included). */
export function voucherStatusColor(status: string): 'success' | 'warning' | 'danger' {
  if (status === 'confirmed' || status === 'confirmed-paid') return 'success';
  if (status === 'pending-provider' || status === 'on-request' || status === 'pre-reserved') return 'warning';
  return 'danger';
}
