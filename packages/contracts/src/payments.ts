import { z } from 'zod';
import { MASK_CHAR } from './provider-account.js';
import { idSchema } from './schemas/common.js';

/**
 * Payment gateways of a white label (issue 20 item 3; decisions 0330–0333): each with test and live
 * credentials (sealed at rest, secret fields masked in every answer), the mode in use, and one active
 * gateway that storefront checkouts use.
 */

export const PAYMENT_GATEWAYS = ['wompi', 'stripe', 'payu', 'mercadopago'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
export const PAYMENT_GATEWAY_LABELS: Record<PaymentGateway, string> = {
  wompi: 'Wompi',
  stripe: 'Stripe',
  payu: 'PayU',
  mercadopago: 'Mercado Pago',
};

/**
 * The currencies each gateway charges in, as their documentation states (decision 0560): Wompi charges COP
 * only; PayU Latam the currencies of its processing countries (ARS, BRL, CLP, COP, MXN, PEN, and USD in
 * Colombia, Panama and Peru); Mercado Pago the local currency of the site the account belongs to; Stripe any
 * of its 135+ presentment currencies (null: no restriction among the platform's currencies).
 */
export const GATEWAY_CURRENCIES: Record<PaymentGateway, readonly string[] | null> = {
  wompi: ['COP'],
  stripe: null,
  payu: ['ARS', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'USD'],
  mercadopago: ['ARS', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'UYU'],
};

/** Whether `gateway` can charge in `currency` (ISO 4217). */
export function gatewayAccepts(gateway: PaymentGateway, currency: string): boolean {
  const list = GATEWAY_CURRENCIES[gateway];
  return list === null || list.includes(currency.trim().toUpperCase());
}

export const PAYMENT_MODES = ['test', 'live'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { test: 'Pruebas', live: 'Producción' };

export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'expired', 'refunded', 'error'] as const;
export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  declined: 'Rechazado',
  expired: 'Vencido',
  refunded: 'Reembolsado',
  error: 'Error',
};

export interface GatewayCredentialField {
  key: string;
  label: string;
  secret: boolean;
  /** What a value of this field starts with in each mode (the gateway's documented key prefixes). */
  prefix?: Record<PaymentMode, string>;
}

/** The fields each gateway needs, per its documentation (decisions 0331 and 0520). */
export const GATEWAY_CREDENTIAL_FIELDS: Record<PaymentGateway, readonly GatewayCredentialField[]> = {
  wompi: [
    { key: 'publicKey', label: 'Llave pública', secret: false, prefix: { test: 'pub_test_', live: 'pub_prod_' } },
    { key: 'privateKey', label: 'Llave privada', secret: true, prefix: { test: 'prv_test_', live: 'prv_prod_' } },
    { key: 'integritySecret', label: 'Secreto de integridad', secret: true },
    { key: 'eventsSecret', label: 'Secreto de eventos', secret: true },
  ],
  stripe: [
    { key: 'secretKey', label: 'Llave secreta', secret: true, prefix: { test: 'sk_test_', live: 'sk_live_' } },
    { key: 'webhookSecret', label: 'Secreto de firma del webhook', secret: true, prefix: { test: 'whsec_', live: 'whsec_' } },
  ],
  // PayU Latam: "Configuración técnica" of the PayU module (merchant, account per country, API login and key).
  payu: [
    { key: 'merchantId', label: 'ID del comercio (merchantId)', secret: false },
    { key: 'accountId', label: 'ID de la cuenta (accountId)', secret: false },
    { key: 'apiLogin', label: 'API Login', secret: true },
    { key: 'apiKey', label: 'API Key', secret: true },
  ],
  // Mercado Pago: the application's access token and the webhooks secret key ("Tus integraciones"); test
  // credentials of test users also start with APP_USR-, so no prefix is enforced (decision 0520).
  mercadopago: [
    { key: 'accessToken', label: 'Access token', secret: true },
    { key: 'webhookSecret', label: 'Clave secreta de webhooks', secret: true },
  ],
};

export const PAYMENT_MESSAGES = {
  whiteLabelNotFound: 'Marca blanca no encontrada',
  gatewayNotFound: 'Pasarela de pago no encontrada',
  gatewayTaken: 'Esta marca blanca ya tiene esa pasarela configurada',
  gatewayInvalid: 'Pasarela no válida',
  modeInvalid: 'Modo no válido (pruebas o producción)',
  credentialRequired: 'Este dato es obligatorio',
  credentialUnknown: 'Este dato no corresponde a la pasarela',
  credentialMasked: 'Escribe el valor completo; no uses el valor enmascarado',
  credentialPrefix: (prefix: string) => `Debe empezar por ${prefix}`,
  credentialsMissing: 'Faltan las credenciales del modo activo',
  noActiveGateway: 'La marca blanca no tiene una pasarela de pago activa',
  activeGatewayIncomplete: 'La pasarela activa no tiene credenciales para su modo',
  testOk: 'Conexión exitosa',
  credentialsRejected: 'La pasarela rechazó las credenciales: revisa las llaves',
  gatewayUnreachable: 'No se pudo conectar con la pasarela de pago',
  gatewayFailed: 'La pasarela de pago respondió con un error',
  amountInvalid: 'Monto no válido',
  currencyUnsupported: 'Moneda no admitida por la pasarela',
  /** A gateway that can't charge in the white label's display currency (decision 0560). */
  currencyNotAccepted: (gateway: PaymentGateway, currency: string) =>
    `${PAYMENT_GATEWAY_LABELS[gateway]} no cobra en ${currency} (solo en ${(GATEWAY_CURRENCIES[gateway] ?? []).join(', ')}): ` +
    'cambia la moneda de la marca blanca o usa otra pasarela',
  paymentNotFound: 'Pago no encontrado',
  checkoutClosed: 'Este pago ya no se puede pagar: vuelve a la tienda',
  refundNotApproved: 'Solo se puede reembolsar un pago aprobado',
  webhookBody: 'El evento no tiene el formato esperado',
  webhookSignature: 'Firma del evento no válida',
  webhookTimestamp: 'El evento es demasiado antiguo o su fecha no es válida',
  webhookUnknownPayment: 'El evento no corresponde a ningún pago',
  webhookMismatch: 'El monto o la moneda del evento no coinciden con el pago',
  deleted: 'Pasarela eliminada',
  activeCannotDelete: 'No se puede eliminar la pasarela activa: activa otra primero',
} as const;

/** Credentials as typed: keys of the gateway's fields, values up to 500 characters. */
const credentialsInput = z.record(z.string().max(60), z.string().max(500));

export const paymentGatewaySchema = z.object({
  _id: idSchema,
  whiteLabelId: idSchema,
  gateway: z.enum(PAYMENT_GATEWAYS),
  mode: z.enum(PAYMENT_MODES),
  active: z.boolean(),
  /** Per mode: non-secret fields as stored, secret ones masked; null when that mode has none. */
  credentials: z.object({ test: z.record(z.string(), z.string()).nullable(), live: z.record(z.string(), z.string()).nullable() }),
  /** Where the gateway must send its events (configured in the gateway's dashboard). */
  webhookUrl: z.string(),
  lastTest: z.object({ ok: z.boolean(), at: z.string(), msg: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentGatewayDto = z.infer<typeof paymentGatewaySchema>;

export const createPaymentGatewayBody = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS, { error: PAYMENT_MESSAGES.gatewayInvalid }),
  mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.modeInvalid }).default('test'),
  credentials: z.object({ test: credentialsInput.optional(), live: credentialsInput.optional() }).default({}),
  active: z.boolean().optional(),
});
export type CreatePaymentGatewayBody = z.infer<typeof createPaymentGatewayBody>;

export const updatePaymentGatewayBody = z.object({
  mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.modeInvalid }).optional(),
  credentials: z.object({ test: credentialsInput.optional(), live: credentialsInput.optional() }).optional(),
});
export type UpdatePaymentGatewayBody = z.infer<typeof updatePaymentGatewayBody>;

export const whiteLabelParams = z.object({ id: idSchema });
export const whiteLabelGatewayParams = z.object({ id: idSchema, gatewayId: idSchema });

export const gatewayTestSchema = z.object({ success: z.literal(true), ok: z.boolean(), msg: z.string() });

export const paymentSummarySchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  mode: z.enum(PAYMENT_MODES),
  gatewayReference: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
export const paymentListSchema = z.object({ docs: z.array(paymentSummarySchema) });

/** What a webhook answers the gateway: whether the event changed something. */
export const webhookAckSchema = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * Applies an edit of one mode's credentials: a field left out, or sent back as its current mask, keeps
 * the stored value; an empty string clears it; anything else replaces it. Answers the merged
 * credentials and the issues (field → Spanish message) when the mode has any value at all.
 */
export function mergeGatewayCredentials(
  gateway: PaymentGateway,
  mode: PaymentMode,
  stored: Record<string, string>,
  input: Record<string, string>,
  mask: (value: string) => string,
): { credentials: Record<string, string>; issues: Record<string, string> } {
  const fields = GATEWAY_CREDENTIAL_FIELDS[gateway];
  const merged = { ...stored };
  const issues: Record<string, string> = {};
  for (const [key, raw] of Object.entries(input)) {
    const field = fields.find((f) => f.key === key);
    if (!field) {
      issues[key] = PAYMENT_MESSAGES.credentialUnknown;
      continue;
    }
    const value = raw.trim();
    if (value.includes(MASK_CHAR)) {
      if (field.secret && stored[key] && value === mask(stored[key])) continue;
      issues[key] = PAYMENT_MESSAGES.credentialMasked;
      continue;
    }
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > 0) {
    for (const f of fields) {
      const v = merged[f.key];
      if (!v) issues[f.key] ??= PAYMENT_MESSAGES.credentialRequired;
      else if (f.prefix && !v.startsWith(f.prefix[mode])) issues[f.key] ??= PAYMENT_MESSAGES.credentialPrefix(f.prefix[mode]);
    }
  }
  return { credentials: merged, issues };
}
