import { z } from 'zod';
import { formatMoney } from './format/index.js';
import { PAYMENT_GATEWAY_LABELS, PAYMENT_STATUS_LABELS } from './payments.js';

/**
 * Where a booking was sold (issue 20 item 5, docs/decisions/0390): the back office (an agency's
 * users, the API) or a white label's public storefront (integrator 'storefront:<slug>').
 */
export const VOUCHER_CHANNELS = ['backoffice', 'storefront'] as const;
export type VoucherChannel = (typeof VOUCHER_CHANNELS)[number];
export const VOUCHER_CHANNEL_LABELS: Record<VoucherChannel, string> = { backoffice: 'Back office', storefront: 'Tienda online' };

/** The list's and the dashboard's channel filter. */
export const voucherChannelFilter = z.enum(VOUCHER_CHANNELS, { error: 'Canal no válido (backoffice o storefront)' });

/** A voucher's channel as the list and the detail show it: the white label's name for a storefront booking. */
export const voucherChannelSchema = z.object({ kind: z.enum(VOUCHER_CHANNELS), label: z.string() });
export type VoucherChannelView = z.infer<typeof voucherChannelSchema>;

/** One payment of a storefront order, as the storefront stores it in `payments.storefront[]`. */
export const storefrontPaymentSchema = z
  .object({
    gateway: z.string().max(40),
    reference: z.string().max(200),
    amount: z.string().max(40),
    currency: z.string().max(3),
    status: z.string().max(40),
  })
  .loose();
export type StorefrontPayment = z.infer<typeof storefrontPaymentSchema>;

export interface StorefrontPaymentLine {
  gateway: string;
  reference: string;
  amount: string;
  status: string;
}

const label = <K extends string>(labels: Record<K, string>, key: string) => (Object.hasOwn(labels, key) ? labels[key as K] : key);

/**
 * The payments block of a voucher sold by a storefront (web detail, PDF): gateway, reference, amount
 * and status in Spanish. The amount is what the traveller paid, i.e. the sale price every viewer of
 * the voucher sees; nothing here comes from cost or markups.
 */
export function storefrontPaymentLines(payments: { storefront?: unknown; [key: string]: unknown }): StorefrontPaymentLine[] {
  const parsed = z.array(storefrontPaymentSchema).safeParse(payments.storefront ?? []);
  if (!parsed.success) return [];
  return parsed.data.map((p) => ({
    gateway: label(PAYMENT_GATEWAY_LABELS, p.gateway),
    reference: p.reference,
    amount: formatMoney(p.amount, p.currency),
    status: label(PAYMENT_STATUS_LABELS, p.status),
  }));
}
