import type { PaymentGateway, PaymentMode } from '@travesia/contracts';
import type { PaymentStatus } from '../port.js';

/** Where an adapter talks: the gateway's own hosts, or the payment simulator's (decision 0332). */
export interface GatewayEndpoints {
  /** REST API base, without a trailing slash (Wompi `…/v1`, Stripe `https://api.stripe.com`). */
  api: string;
  /** Hosted checkout base (Wompi Web Checkout); Stripe answers its own URL per session. */
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
  expiresAt: Date;
  description: string;
}

export interface CheckoutOutput {
  checkoutUrl: string;
  /** The gateway's session id, when it has sessions (Stripe `cs_…`). */
  sessionId: string | null;
}

/** A verified gateway event, normalised. */
export interface GatewayEvent {
  /** Unique per gateway: a second delivery of the same event carries the same id. */
  eventId: string;
  type: string;
  /** Our payment id as the gateway echoes it (Wompi `reference`, Stripe `client_reference_id`). */
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

export interface GatewayProvider {
  readonly id: PaymentGateway;
  /** A documented authenticated read; throws `GatewayCallError` (rejected credentials or unreachable). */
  testConnection(account: GatewayAccount): Promise<void>;
  createCheckout(account: GatewayAccount, input: CheckoutInput): Promise<CheckoutOutput>;
  refund(
    account: GatewayAccount,
    payment: { gatewayReference: string; amountMinor: number; reason: string },
  ): Promise<'refunded' | 'pending'>;
  /** Reads the hints from a raw body; null when it is not this gateway's event shape. */
  hints(rawBody: string): EventHints | null;
  /**
   * Verifies the signature (and the timestamp window) with the account's secret and normalises the
   * event; throws `WebhookRejection` when it does not verify.
   */
  verifyEvent(
    credentials: Record<string, string>,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): GatewayEvent;
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
