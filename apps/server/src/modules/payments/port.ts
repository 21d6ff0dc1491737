/**
 * The contract between payments (gateways, webhooks, the payment simulator) and whoever sells through
 * them (the storefront's orders). Issue 20: the signed webhook is the only proof of payment — the
 * gateway's return URL is not — so a seller learns that a payment settled only through `onSettled`.
 */

/** Gateways Travesía speaks (decision records in docs/decisions cite each one's documentation). */
export type PaymentGatewayId = 'wompi' | 'stripe' | 'payu' | 'mercadopago';

export type PaymentStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'refunded' | 'error';

export interface CheckoutRequest {
  whiteLabelId: string;
  agencyId: string;
  /** The seller's record this payment is for (a storefront order id). */
  orderId: string;
  /** Decimal string in `currency`, exactly the hold's amount. */
  amount: string;
  currency: string;
  customer: { email: string; fullName: string; phone?: string };
  /** Where the gateway sends the traveller back; it proves nothing. */
  returnUrl: string;
  /** The hold's end: the checkout must not be payable after it (where the gateway allows a deadline). */
  expiresAt: Date;
}

export interface CheckoutSession {
  paymentId: string;
  gateway: PaymentGatewayId;
  /** The gateway's hosted checkout page (the simulator's in sandbox). */
  checkoutUrl: string;
}

/** A payment reaching a final state, told once per transition after its signature was verified. */
export interface PaymentSettled {
  paymentId: string;
  orderId: string;
  whiteLabelId: string;
  gateway: PaymentGatewayId;
  /** The gateway's own transaction id. */
  gatewayReference: string;
  status: Extract<PaymentStatus, 'approved' | 'declined' | 'expired' | 'refunded' | 'error'>;
  amount: string;
  currency: string;
  occurredAt: Date;
}

export interface PaymentPort {
  /** Opens a payment session on the white label's active gateway (test or live per its mode). */
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Refunds an approved payment in full through its gateway. */
  refund(paymentId: string, reason: string): Promise<{ status: 'refunded' | 'pending' }>;
  /**
   * Registers the seller's handler. Called at least once per final transition (after the
   * transition is committed; retried by a background job until the handler returns), so the
   * handler must be idempotent.
   */
  onSettled(handler: (event: PaymentSettled) => Promise<void>): void;
}
