import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import type { PaymentStatus } from '../port.js';

/** Where an adapter talks: the gateway's own hosts, or the payment simulator's (decision 0332). */
export interface GatewayEndpoints {
  /**
   * REST API base, without a trailing slash (Wompi `…/v1`, Stripe `https://api.stripe.com`, PayU
   * `https://api.payulatam.com`, Mercado Pago `https://api.mercadopago.com`).
   */
  api: string;
  /** Hosted checkout base (Wompi Web Checkout, PayU WebCheckout); Stripe and Mercado Pago answer their own URL. */
  checkout: string;
}

/** One gateway account as an adapter uses it: decrypted credentials of the mode in use, and its endpoints. */
export interface GatewayAccount {
  id: string;
  gateway: PaymentGateway;
  mode: PaymentMode;
  credentials: Record<string, string>;
  endpoints: GatewayEndpoints;
}

export interface CheckoutInput {
  paymentId: string;
  amountMinor: number;
  currency: string;
  customer: { email: string; fullName: string; phone?: string };
  returnUrl: string;
  /** Where the gateway sends its events for this payment (PayU `confirmationUrl`, Mercado Pago `notification_url`). */
  notifyUrl: string;
  expiresAt: Date;
  description: string;
}

/** A checkout the traveller's browser must POST (PayU WebCheckout): the platform renders it as a form. */
export interface CheckoutForm {
  action: string;
  fields: Record<string, string>;
}

export interface CheckoutOutput {
  /** Where the traveller goes; empty when `form` is given (the service points to its own form page). */
  checkoutUrl: string;
  form?: CheckoutForm;
  /** The gateway's session id, when it has sessions (Stripe `cs_…`). */
  sessionId: string | null;
}

/** A verified gateway event, normalised. */
export interface GatewayEvent {
  /** Unique per gateway: a second delivery of the same event carries the same id. */
  eventId: string;
  type: string;
  /**
   * Our payment id as the gateway echoes it (Wompi `reference`, Stripe `client_reference_id`, PayU
   * `reference_sale`, Mercado Pago `external_reference` once the payment is read).
   */
  paymentId: string | null;
  /** The gateway's session id (Stripe), to find the payment when the reference is missing. */
  sessionId: string | null;
  status: PaymentStatus | null;
  gatewayReference: string | null;
  amountMinor: number | null;
  currency: string | null;
  occurredAt: Date;
}

/**
 * What the webhook route reads before verification: untrusted hints naming the payment (so its
 * account's secret can be found) and the environment the event claims.
 */
export interface EventHints {
  paymentId: string | null;
  sessionId: string | null;
}

/** The webhook request's query string, parsed (Mercado Pago signs `data.id` as it comes in the URL). */
export type WebhookQuery = Record<string, string | string[] | undefined>;

export interface GatewayProvider {
  readonly id: PaymentGateway;
  /** A documented authenticated read; throws `GatewayCallError` (rejected credentials or unreachable). */
  testConnection(account: GatewayAccount): Promise<void>;
  createCheckout(account: GatewayAccount, input: CheckoutInput): Promise<CheckoutOutput>;
  refund(
    account: GatewayAccount,
    payment: { paymentId: string; gatewayReference: string; amountMinor: number; currency: string; reason: string },
  ): Promise<'refunded' | 'pending'>;
  /** Reads the hints from a raw body (and the query); null when it is not this gateway's event shape. */
  hints(rawBody: string, query?: WebhookQuery): EventHints | null;
  /**
   * Verifies the signature (and the timestamp window) with the account's secret and normalises the
   * event; throws `WebhookRejection` when it does not verify.
   */
  verifyEvent(
    credentials: Record<string, string>,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
    query?: WebhookQuery,
  ): GatewayEvent;
  /**
   * For gateways whose notification names the resource only (Mercado Pago): reads it from the API after
   * the signature verified, and answers the event with its status, amount and our reference.
   */
  completeEvent?(account: GatewayAccount, event: GatewayEvent): Promise<GatewayEvent>;
}

export type GatewayCallFailure = 'rejected' | 'unreachable' | 'failed';

/** A gateway call that failed: credentials refused, host unreachable, or an error answer. */
export class GatewayCallError extends Error {
  constructor(
    readonly reason: GatewayCallFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'GatewayCallError';
  }
}

/** A webhook that does not verify: bad signature, or a timestamp outside the accepted window. */
export class WebhookRejection extends Error {
  constructor(
    readonly reason: 'signature' | 'timestamp' | 'body',
    detail: string,
  ) {
    super(detail);
    this.name = 'WebhookRejection';
  }
}
