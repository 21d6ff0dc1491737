import { VOUCHER_DENIAL_MESSAGES, VOUCHER_MESSAGES, type VoucherDenial } from '@travesia/contracts';

/** The answer of each refused voucher action (contracts/voucher-access.ts). */
export const VOUCHER_ACCESS_ERRORS: Record<VoucherDenial, { status: number; code: string; message: string }> & {
  approveCancelled: string;
} = {
  'out-of-scope': { status: 404, code: 'NOT_FOUND', message: VOUCHER_MESSAGES.notFound },
  'no-permission': { status: 403, code: 'FORBIDDEN', message: VOUCHER_DENIAL_MESSAGES['no-permission'] },
  cancelled: { status: 409, code: 'ALREADY_CANCELLED', message: VOUCHER_MESSAGES.alreadyCancelled },
  'already-decided': { status: 409, code: 'ALREADY_DECIDED', message: VOUCHER_MESSAGES.alreadyDecided },
  'no-client-email': { status: 400, code: 'NO_CLIENT_EMAIL', message: VOUCHER_DENIAL_MESSAGES['no-client-email'] },
  approveCancelled: VOUCHER_MESSAGES.cancelledCannotApprove,
};

/** Notes and names written into a voucher's history. */
export const VOUCHER_HISTORY = {
  clientDecisionByLink: 'Decisión del cliente por enlace',
  clientFallbackName: 'Cliente',
  agencyFallbackName: 'La agencia',
} as const;

/** The voucher e-mails. */
export const VOUCHER_MAIL = {
  reference: 'Referencia',
  locator: 'Localizador',
  dates: 'Fechas',
  noDate: 'Sin fecha',
  datesJoin: 'al',
  holder: 'Titular',
  total: 'Total',
  status: 'Estado',
  remarks: 'Observaciones',
  cancellation: 'Cancelación',
  confirmedSubject: (ref: string) => `Reserva confirmada ${ref}`,
  confirmedIntro: 'Tu reserva está confirmada.',
  viewVoucher: 'Ver el voucher',
  approvalSubject: (ref: string) => `Aprueba tu reserva ${ref}`,
  approvalIntro: (agency: string) => `${agency} te pide revisar esta reserva y aprobarla o rechazarla.`,
  approvalLink: 'Revisar y decidir',
  approvalOutro: (until: string) => `El enlace sirve para una sola decisión y vence el ${until}.`,
  decisionSubject: (approved: boolean, ref: string) => `Reserva ${approved ? 'aprobada' : 'rechazada'} ${ref}`,
  decisionIntro: (by: string, approved: boolean) => `${by} ${approved ? 'aprobó' : 'rechazó'} la reserva.`,
  cancelledSubject: (ref: string) => `Reserva cancelada ${ref}`,
  cancelledIntro: 'La reserva fue cancelada.',
  penalty: (amount: string) => `Penalidad: ${amount}`,
  cancelReason: (reason: string) => `Motivo: ${reason}`,
} as const;

/** The printable voucher (PDF). */
export const VOUCHER_PDF = {
  title: (ref: string) => `Voucher ${ref}`,
  subtitle: 'Voucher de servicio',
  booking: 'Reserva',
  reference: 'Referencia',
  locator: 'Localizador',
  shortLocator: 'Localizador corto',
  supplierReferences: 'Referencias del proveedor',
  status: 'Estado',
  provider: 'Proveedor',
  qrCaption: 'Referencia de la reserva',
  travellers: 'Viajeros',
  holder: 'Titular',
  document: 'Documento',
  companion: 'Acompañante',
  payments: 'Pagos',
  total: 'Total',
  paid: 'Pagado',
  noPayments: 'Sin pagos registrados',
  onlinePayment: 'Pago en línea',
  channel: 'Canal',
  payableAtHotel: 'A pagar en el hotel',
  nothing: 'Nada',
  policies: 'Políticas de cancelación',
  remarks: 'Observaciones de la reserva',
  cancellation: 'Cancelación',
  cancelReason: 'Motivo',
  cancelledAt: 'Fecha',
  name: 'Nombre',
  penalty: 'Penalidad',
  emergency: 'Contacto de emergencia',
  footer: 'Presente este voucher al llegar. Los servicios no incluidos se pagan directamente al proveedor.',
} as const;
