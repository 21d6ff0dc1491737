import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The payment simulator's state and scenarios (decision 0332). One merchant per gateway with fixed
 * sandbox credentials (README); checkouts kept in memory; events signed exactly as each gateway signs
 * them and POSTed to the platform's webhook URL.
 */
export const PAYMENT_SANDBOX_CREDENTIALS = {
  wompi: {
    publicKey: 'pub_test_travesia_sim',
    privateKey: 'prv_test_travesia_sim',
    integritySecret: 'test_integrity_travesia_sim',
    eventsSecret: 'test_events_travesia_sim',
  },
  stripe: { secretKey: 'sk_test_travesia_sim', webhookSecret: 'whsec_travesia_sim' },
  payu: { merchantId: '900100', accountId: '900101', apiLogin: 'sim_login_travesia', apiKey: 'sim_apikey_travesia' },
  mercadopago: { accessToken: 'TEST-travesia-sim-access-token', webhookSecret: 'mp_webhook_secret_travesia_sim' },
} as const;

export const PAYMENT_SCENARIOS = [
  'approved',
  'declined',
  'pending-then-approved',
  'expired',
  'duplicate',
  'out-of-order',
  'late-approval',
] as const;
export type PaymentScenario = (typeof PAYMENT_SCENARIOS)[number];
export const PAYMENT_SCENARIO_LABELS: Record<PaymentScenario, string> = {
  approved: 'Pago aprobado',
  declined: 'Pago rechazado',
  'pending-then-approved': 'Pendiente y luego aprobado',
  expired: 'El pago vence sin pagarse',
  duplicate: 'Aprobado, con el evento enviado dos veces',
  'out-of-order': 'Aprobado, con los eventos en desorden',
  'late-approval': 'Aprobación tardía (llega después de vencer el plazo de pago)',
};

/** How long the hosted page's pending and late approvals wait (the control API may set another delay). */
export const PAGE_DELAY_MS = 5_000;
/** A late approval lands this long after the checkout's expiry. */
const LATE_MARGIN_MS = 2_000;

/**
 * The delay a scenario played without an explicit one waits: a late approval lands just after the
 * checkout's expiration time — the platform's hold — when the gateway was given one (Wompi
 * `expiration-time`, Mercado Pago `expiration_date_to`, Stripe `expires_at`), so it is a payment
 * arriving after the hold expired; otherwise, and for every other scenario, PAGE_DELAY_MS.
 */
export function defaultDelayMs(c: Pick<SimCheckout, 'expiresAt'>, scenario: PaymentScenario, now = Date.now()): number {
  if (scenario !== 'late-approval' || !Number.isFinite(c.expiresAt)) return PAGE_DELAY_MS;
  return Math.max(PAGE_DELAY_MS, c.expiresAt - now + LATE_MARGIN_MS);
}

export type SimGateway = 'wompi' | 'stripe' | 'payu' | 'mercadopago';
export const SIM_GATEWAYS: readonly SimGateway[] = ['wompi', 'stripe', 'payu', 'mercadopago'];
export type SimStatus = 'pending' | 'approved' | 'declined' | 'expired';

export interface SimCheckout {
  id: string;
  gateway: SimGateway;
  /**
   * Our platform's payment id (Wompi `reference`, Stripe `client_reference_id`, PayU `referenceCode`,
   * Mercado Pago `external_reference`).
   */
  reference: string;
  amountMinor: number;
  currency: string;
  customerEmail: string;
  returnUrl: string;
  expiresAt: number;
  /** Wompi transaction id / Stripe payment intent id / PayU transaction id / Mercado Pago payment id, once paid. */
  transactionId: string | null;
  status: SimStatus;
  livemode: false;
  metadata: Record<string, string>;
  createdAt: number;
}

export interface SimDelivery {
  gateway: SimGateway;
  checkoutId: string;
  status: SimStatus;
  httpStatus: number | null;
  body: string;
}

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s, 'utf8').digest('hex');
export const randomId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export interface PaymentSimOptions {
  /** The platform's base URL; webhooks go to `<platformUrl>/api/payments/webhook/<gateway>` (decision 0332). */
  platformUrl?: string;
}

export class PaymentSimState {
  readonly checkouts = new Map<string, SimCheckout>();
  readonly deliveries: SimDelivery[] = [];
  readonly idempotency = new Map<string, unknown>();
  platformUrl: string | null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(opts: PaymentSimOptions) {
    this.platformUrl = opts.platformUrl ?? null;
  }

  /** Runs `fn` after `ms`; pending timers are cleared when the simulator closes. */
  later(ms: number, fn: () => Promise<void>) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void fn();
    }, ms);
    this.timers.add(t);
  }

  close() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** POSTs an event to the platform's webhook URL (`query`: the gateway's own parameters, e.g. Mercado Pago's `data.id`). */
  async post(gateway: SimGateway, checkout: SimCheckout, status: SimStatus, body: string, headers: Record<string, string>, query = '') {
    const delivery: SimDelivery = { gateway, checkoutId: checkout.id, status, httpStatus: null, body };
    this.deliveries.push(delivery);
    if (!this.platformUrl) return;
    try {
      const res = await fetch(`${this.platformUrl.replace(/\/$/, '')}/api/payments/webhook/${gateway}${query ? `?${query}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `travesia-payment-sim (${gateway})`, ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.httpStatus = res.status;
      await res.text();
    } catch {
      delivery.httpStatus = 0;
    }
  }
}

/** The statuses a scenario sends, in order, with the delay before each (ms) and whether to repeat the same event. */
export interface ScenarioStep {
  status: SimStatus;
  delayMs: number;
  /** Send the event built for step `index` again, byte for byte (a duplicate delivery). */
  repeatOf?: number;
  /** Date the event this many seconds before the previous one (an older event arriving late). */
  backdateS?: number;
}

export function scenarioSteps(scenario: PaymentScenario, delayMs: number): ScenarioStep[] {
  switch (scenario) {
    case 'approved':
      return [{ status: 'approved', delayMs: 0 }];
    case 'declined':
      return [{ status: 'declined', delayMs: 0 }];
    case 'pending-then-approved':
      return [
        { status: 'pending', delayMs: 0 },
        { status: 'approved', delayMs: Math.max(delayMs, 100) },
      ];
    case 'expired':
      return [{ status: 'expired', delayMs: 0 }];
    case 'duplicate':
      return [
        { status: 'approved', delayMs: 0 },
        { status: 'approved', delayMs: 50, repeatOf: 0 },
      ];
    case 'out-of-order':
      return [
        { status: 'approved', delayMs: 0 },
        { status: 'pending', delayMs: 50, backdateS: 30 },
      ];
    case 'late-approval':
      return [{ status: 'approved', delayMs }];
  }
}
