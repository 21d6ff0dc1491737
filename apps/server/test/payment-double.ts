import type { CheckoutRequest, CheckoutSession, PaymentPort, PaymentSettled } from '../src/modules/payments/port.js';

/**
 * A test double of the payments module's PaymentPort (issue 20), for storefront tests until the real
 * gateways land: it records the checkouts and refunds asked for and lets a test fire the verified
 * webhook events (`onSettled`) itself — approved, declined, duplicates, out of order, other amounts.
 */
export class RecordingPaymentPort implements PaymentPort {
  readonly checkouts: Array<CheckoutRequest & { paymentId: string }> = [];
  readonly refunds: Array<{ paymentId: string; reason: string }> = [];
  /** When set, `refund` fails as an unreachable gateway would. */
  failRefunds = false;
  private readonly handlers: Array<(e: PaymentSettled) => Promise<void>> = [];
  private seq = 0;

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const paymentId = `pay-test-${++this.seq}`;
    this.checkouts.push({ ...request, paymentId });
    return { paymentId, gateway: 'wompi', checkoutUrl: `https://checkout.payments.test/${paymentId}` };
  }

  async refund(paymentId: string, reason: string): Promise<{ status: 'refunded' | 'pending' }> {
    if (this.failRefunds) throw new Error('gateway unreachable');
    this.refunds.push({ paymentId, reason });
    return { status: 'refunded' };
  }

  onSettled(handler: (event: PaymentSettled) => Promise<void>): void {
    this.handlers.push(handler);
  }

  /** The checkout opened for an order (by its id). */
  checkoutOf(orderId: string) {
    const c = this.checkouts.find((x) => x.orderId === orderId);
    if (!c) throw new Error(`no checkout for order ${orderId}`);
    return c;
  }

  /** Tells every handler that the order's payment settled (amount/currency default to the checkout's). */
  async fire(orderId: string, status: PaymentSettled['status'], over: Partial<PaymentSettled> = {}): Promise<void> {
    const c = this.checkoutOf(orderId);
    const event: PaymentSettled = {
      paymentId: c.paymentId,
      orderId: c.orderId,
      whiteLabelId: c.whiteLabelId,
      gateway: 'wompi',
      gatewayReference: `wompi-${c.paymentId}`,
      status,
      amount: c.amount,
      currency: c.currency,
      occurredAt: new Date(),
      ...over,
    };
    for (const h of this.handlers) await h(event);
  }
}
