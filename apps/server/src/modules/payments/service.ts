import { randomUUID } from 'node:crypto';
import {
  type CreatePaymentGatewayBody,
  gatewayAccepts,
  maskSecret,
  mergeGatewayCredentials,
  PAYMENT_MESSAGES,
  type PaymentGateway,
  type PaymentMode,
  type UpdatePaymentGatewayBody,
} from '@travesia/contracts';
import type { Logger } from 'pino';
import type { PaymentGatewayRow, PaymentRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { maskGatewayCredentials, openGatewayCredentials, sealGatewayCredentials } from './credentials.js';
import { toMinor } from './gateways/minor-units.js';
import { GATEWAY_PROVIDERS, gatewayEndpoints } from './gateways/registry.js';
import { type GatewayAccount, GatewayCallError, type GatewayEvent, type WebhookQuery, WebhookRejection } from './gateways/types.js';
import type { CheckoutRequest, CheckoutSession, PaymentPort, PaymentSettled, PaymentStatus } from './port.js';
import type { PaymentRepository } from './repository.js';

export interface PaymentServiceDeps {
  repo: PaymentRepository;
  secrets: () => SecretBox;
  /** The payment simulator test-mode accounts of sandbox agencies talk to. */
  simulatorUrl: () => string;
  publicUrl: string;
  log: Logger;
  now?: () => Date;
}

type Handler = (event: PaymentSettled) => Promise<void>;

/**
 * The monotonic status machine (decision 0333): pending moves to any final status; an approval after a
 * local or gateway expiry is still told (the money moved, the seller must refund it, never lose it);
 * only an approved payment is refunded. Anything else — an older event after a newer one — is ignored.
 */
export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (from === 'pending') return to !== 'refunded';
  if (from === 'expired') return to === 'approved';
  if (from === 'approved') return to === 'refunded';
  return false;
}

const NOTIFY_LEASE_MS = 120_000;
const EXPIRY_GRACE_MS = 15 * 60_000;
const retryMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** A gateway must charge in the white label's display currency (decision 0560): a Spanish 400 otherwise. */
export function checkCurrency(gateway: PaymentGateway, currency: string): void {
  if (gatewayAccepts(gateway, currency)) return;
  const message = PAYMENT_MESSAGES.currencyNotAccepted(gateway, currency.trim());
  throw badRequest(message, { gateway: message }, 'GATEWAY_CURRENCY_UNSUPPORTED');
}

/** An event body as stored: JSON as it is, a form-encoded one (PayU's confirmation) as its fields. */
function payloadOf(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return Object.fromEntries(new URLSearchParams(rawBody));
  }
}

/** Gateway configuration per white label, checkouts, webhooks and settlement notifications: `PaymentPort`. */
export class PaymentService implements PaymentPort {
  private readonly handlers: Handler[] = [];
  private dispatching: Promise<number> | null = null;
  private again = false;
  private readonly now: () => Date;

  constructor(private readonly d: PaymentServiceDeps) {
    this.now = d.now ?? (() => new Date());
  }

  // ---- scope and configuration ----

  /** The white label the caller may manage: its agency's admin, or super for any; another's is a 404. */
  async whiteLabelFor(auth: AuthContext, id: string) {
    const wl = await this.d.repo.whiteLabel(id);
    if (!wl || (auth.user.type !== 'super' && wl.agencyId !== auth.agency?.id)) throw notFound(PAYMENT_MESSAGES.whiteLabelNotFound);
    return wl;
  }

  async gatewayFor(auth: AuthContext, whiteLabelId: string, gatewayId: string): Promise<PaymentGatewayRow> {
    await this.whiteLabelFor(auth, whiteLabelId);
    const row = await this.d.repo.gateway(gatewayId);
    if (!row || row.whiteLabelId !== whiteLabelId) throw notFound(PAYMENT_MESSAGES.gatewayNotFound);
    return row;
  }

  webhookUrl(gateway: PaymentGateway): string {
    return `${this.d.publicUrl.replace(/\/$/, '')}/api/payments/webhook/${gateway}`;
  }

  /** The platform's page that POSTs a form checkout (PayU WebCheckout) to the gateway. */
  formCheckoutUrl(paymentId: string): string {
    return `${this.d.publicUrl.replace(/\/$/, '')}/api/payments/${paymentId}/checkout`;
  }

  /**
   * A pending payment's checkout form, for the page the traveller is sent to: 404 for an unknown one,
   * 409 once it is settled or its hold expired (PayU's WebCheckout has no expiry of its own).
   */
  async checkoutForm(paymentId: string) {
    const p = /^[0-9a-f-]{36}$/i.test(paymentId) ? await this.d.repo.payment(paymentId) : null;
    if (!p?.checkoutForm) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (p.status !== 'pending' || p.expiresAt.getTime() <= this.now().getTime())
      throw conflict(PAYMENT_MESSAGES.checkoutClosed, 'PAYMENT_NOT_PENDING');
    return { gateway: p.gateway, amount: p.amount, currency: p.currency, form: p.checkoutForm };
  }

  credentialsOf(row: PaymentGatewayRow, mode: PaymentMode): Record<string, string> {
    return openGatewayCredentials(this.d.secrets(), row, mode);
  }

  maskedCredentials(row: PaymentGatewayRow) {
    return {
      test: maskGatewayCredentials(row.gateway, this.credentialsOf(row, 'test')),
      live: maskGatewayCredentials(row.gateway, this.credentialsOf(row, 'live')),
    };
  }

  async listGateways(auth: AuthContext, whiteLabelId: string) {
    await this.whiteLabelFor(auth, whiteLabelId);
    return this.d.repo.gateways(whiteLabelId);
  }

  /** Merges both modes' edits; every issue of both answers one 400 with per-field messages (`test.publicKey`). */
  private merged(
    row: { gateway: PaymentGateway } & Partial<PaymentGatewayRow>,
    input: CreatePaymentGatewayBody['credentials'] | undefined,
  ) {
    const issues: Record<string, string> = {};
    const out = {} as Record<PaymentMode, Record<string, string>>;
    for (const mode of ['test', 'live'] as const) {
      const stored = row.id ? this.credentialsOf(row as PaymentGatewayRow, mode) : {};
      const r = mergeGatewayCredentials(row.gateway, mode, stored, input?.[mode] ?? {}, maskSecret);
      out[mode] = r.credentials;
      for (const [k, v] of Object.entries(r.issues)) issues[`credentials.${mode}.${k}`] = v;
    }
    if (Object.keys(issues).length) throw badRequest(Object.values(issues)[0], issues, 'VALIDATION_ERROR');
    return out;
  }

  async createGateway(auth: AuthContext, whiteLabelId: string, body: CreatePaymentGatewayBody): Promise<PaymentGatewayRow> {
    const wl = await this.whiteLabelFor(auth, whiteLabelId);
    if ((await this.d.repo.gateways(whiteLabelId)).some((g) => g.gateway === body.gateway)) {
      throw conflict(PAYMENT_MESSAGES.gatewayTaken, 'PAYMENT_GATEWAY_TAKEN');
    }
    const creds = this.merged({ gateway: body.gateway }, body.credentials);
    if (body.active && Object.keys(creds[body.mode]).length === 0) throw badRequest(PAYMENT_MESSAGES.activeGatewayIncomplete);
    if (body.active) checkCurrency(body.gateway, wl.currency);
    const id = randomUUID();
    const box = this.d.secrets();
    const row = await this.d.repo.insertGateway({
      id,
      whiteLabelId,
      agencyId: wl.agencyId,
      gateway: body.gateway,
      mode: body.mode,
      testCredentialsSealed: sealGatewayCredentials(box, id, 'test', creds.test),
      liveCredentialsSealed: sealGatewayCredentials(box, id, 'live', creds.live),
    });
    return body.active ? this.d.repo.activate(whiteLabelId, row.id) : row;
  }

  async updateGateway(
    auth: AuthContext,
    whiteLabelId: string,
    gatewayId: string,
    body: UpdatePaymentGatewayBody,
  ): Promise<PaymentGatewayRow> {
    const row = await this.gatewayFor(auth, whiteLabelId, gatewayId);
    const creds = this.merged(row, body.credentials);
    const mode = body.mode ?? row.mode;
    if (row.active && Object.keys(creds[mode]).length === 0) throw badRequest(PAYMENT_MESSAGES.activeGatewayIncomplete);
    const box = this.d.secrets();
    const changed = body.mode !== undefined && body.mode !== row.mode;
    return this.d.repo.updateGateway(row.id, {
      mode,
      testCredentialsSealed: sealGatewayCredentials(box, row.id, 'test', creds.test),
      liveCredentialsSealed: sealGatewayCredentials(box, row.id, 'live', creds.live),
      // A test result says nothing about other keys or another mode.
      ...(changed || body.credentials ? { lastTestOk: null, lastTestAt: null, lastTestMsg: null } : {}),
    });
  }

  async activateGateway(auth: AuthContext, whiteLabelId: string, gatewayId: string): Promise<PaymentGatewayRow> {
    const wl = await this.whiteLabelFor(auth, whiteLabelId);
    const row = await this.gatewayFor(auth, whiteLabelId, gatewayId);
    if (Object.keys(this.credentialsOf(row, row.mode)).length === 0) throw badRequest(PAYMENT_MESSAGES.activeGatewayIncomplete);
    checkCurrency(row.gateway, wl.currency);
    return this.d.repo.activate(whiteLabelId, row.id);
  }

  async deleteGateway(auth: AuthContext, whiteLabelId: string, gatewayId: string): Promise<void> {
    const row = await this.gatewayFor(auth, whiteLabelId, gatewayId);
    if (row.active) throw conflict(PAYMENT_MESSAGES.activeCannotDelete, 'PAYMENT_GATEWAY_ACTIVE');
    if (await this.d.repo.hasPayments(row.id))
      throw conflict('No se puede eliminar: la pasarela tiene pagos registrados', 'PAYMENT_GATEWAY_IN_USE');
    await this.d.repo.deleteGateway(row.id);
  }

  private async account(row: PaymentGatewayRow, mode: PaymentMode, agencyId: string): Promise<GatewayAccount> {
    const credentials = this.credentialsOf(row, mode);
    if (Object.keys(credentials).length === 0)
      throw badRequest(PAYMENT_MESSAGES.credentialsMissing, undefined, 'PAYMENT_CREDENTIALS_MISSING');
    const agencyMode = await this.d.repo.agencyMode(agencyId);
    return {
      id: row.id,
      gateway: row.gateway,
      mode,
      credentials,
      endpoints: gatewayEndpoints(row.gateway, mode, agencyMode, this.d.simulatorUrl()),
    };
  }

  /** Maps a failed gateway call to the Spanish answer: refused keys are the caller's 4xx, the rest a 502. */
  private callFailure(err: unknown, context: Record<string, unknown>): AppError {
    if (!(err instanceof GatewayCallError)) return err as AppError;
    this.d.log.warn({ ...context, reason: err.reason, detail: err.message }, 'payment gateway call failed');
    if (err.reason === 'rejected') return new AppError(422, 'PAYMENT_CREDENTIALS_REJECTED', PAYMENT_MESSAGES.credentialsRejected);
    if (err.reason === 'unreachable') return new AppError(502, 'PAYMENT_GATEWAY_UNREACHABLE', PAYMENT_MESSAGES.gatewayUnreachable);
    return new AppError(502, 'PAYMENT_GATEWAY_FAILED', PAYMENT_MESSAGES.gatewayFailed);
  }

  /** "Probar conexión": the gateway's documented authenticated read with the keys of the mode in use. */
  async testConnection(auth: AuthContext, whiteLabelId: string, gatewayId: string): Promise<{ ok: true; msg: string }> {
    const row = await this.gatewayFor(auth, whiteLabelId, gatewayId);
    const account = await this.account(row, row.mode, row.agencyId);
    try {
      await GATEWAY_PROVIDERS[row.gateway].testConnection(account);
    } catch (err) {
      const failure = this.callFailure(err, { gatewayId: row.id, gateway: row.gateway, mode: row.mode });
      await this.d.repo.updateGateway(row.id, { lastTestOk: false, lastTestAt: this.now(), lastTestMsg: failure.message });
      throw failure;
    }
    await this.d.repo.updateGateway(row.id, { lastTestOk: true, lastTestAt: this.now(), lastTestMsg: PAYMENT_MESSAGES.testOk });
    return { ok: true, msg: PAYMENT_MESSAGES.testOk };
  }

  async recentPayments(auth: AuthContext, whiteLabelId: string): Promise<PaymentRow[]> {
    await this.whiteLabelFor(auth, whiteLabelId);
    return this.d.repo.recentPayments(whiteLabelId);
  }

  // ---- PaymentPort ----

  async startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const wl = await this.d.repo.whiteLabel(request.whiteLabelId);
    if (!wl || wl.agencyId !== request.agencyId) throw notFound(PAYMENT_MESSAGES.whiteLabelNotFound);
    const currency = request.currency.toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw badRequest(PAYMENT_MESSAGES.currencyUnsupported);
    const amountMinor = toMinor(request.amount, currency);
    if (amountMinor === null) throw badRequest(PAYMENT_MESSAGES.amountInvalid);
    const row = await this.d.repo.activeGateway(wl.id);
    if (!row) throw new AppError(409, 'PAYMENT_NO_ACTIVE_GATEWAY', PAYMENT_MESSAGES.noActiveGateway);
    // Refused before any payment row or gateway call (a gateway activated before this check existed).
    checkCurrency(row.gateway, currency);
    const account = await this.account(row, row.mode, wl.agencyId);
    const payment = await this.d.repo.insertPayment({
      whiteLabelId: wl.id,
      agencyId: wl.agencyId,
      gatewayAccountId: row.id,
      orderId: request.orderId,
      gateway: row.gateway,
      mode: row.mode,
      amount: request.amount,
      amountMinor,
      currency,
      expiresAt: request.expiresAt,
    });
    try {
      const out = await GATEWAY_PROVIDERS[row.gateway].createCheckout(account, {
        paymentId: payment.id,
        amountMinor,
        currency,
        customer: request.customer,
        returnUrl: request.returnUrl,
        notifyUrl: this.webhookUrl(row.gateway),
        expiresAt: request.expiresAt,
        description: `${wl.name} · ${request.orderId}`.slice(0, 200),
      });
      // A form checkout (PayU) is POSTed by the browser: the traveller goes to our page that holds it.
      const checkoutUrl = out.form ? this.formCheckoutUrl(payment.id) : out.checkoutUrl;
      await this.d.repo.updatePayment(payment.id, { checkoutUrl, checkoutForm: out.form ?? null, gatewaySessionId: out.sessionId });
      return { paymentId: payment.id, gateway: row.gateway, checkoutUrl };
    } catch (err) {
      // No session was opened: the payment can never be paid, and nobody waits on a settlement for it.
      await this.d.repo.updatePayment(payment.id, { status: 'error' });
      throw this.callFailure(err, { paymentId: payment.id, gateway: row.gateway });
    }
  }

  async refund(paymentId: string, reason: string): Promise<{ status: 'refunded' | 'pending' }> {
    const payment = await this.d.repo.payment(paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'refunded') return { status: 'refunded' };
    if (payment.status !== 'approved' || !payment.gatewayReference)
      throw conflict(PAYMENT_MESSAGES.refundNotApproved, 'PAYMENT_NOT_APPROVED');
    const row = await this.d.repo.gateway(payment.gatewayAccountId);
    if (!row) throw notFound(PAYMENT_MESSAGES.gatewayNotFound);
    const account = await this.account(row, payment.mode, payment.agencyId);
    let status: 'refunded' | 'pending';
    try {
      status = await GATEWAY_PROVIDERS[payment.gateway].refund(account, {
        paymentId: payment.id,
        gatewayReference: payment.gatewayReference,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reason,
      });
    } catch (err) {
      throw this.callFailure(err, { paymentId, gateway: payment.gateway });
    }
    if (status === 'refunded') {
      await this.d.repo.transaction((tx) => this.d.repo.transition(tx, payment.id, 'refunded', this.now(), null, 'approved'));
      this.kick();
    }
    return { status };
  }

  onSettled(handler: Handler): void {
    this.handlers.push(handler);
    this.kick();
  }

  // ---- webhooks ----

  /**
   * A gateway's event (decision 0333): find the payment the event names, verify the signature with its
   * account's secret (and, for a notification naming only the gateway's id, read the payment from the
   * gateway), then in one transaction record the event once, check amount and currency, and move the
   * status if the machine allows; the seller is told after commit.
   */
  async receiveEvent(
    gateway: PaymentGateway,
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    query: WebhookQuery = {},
  ): Promise<WebhookOutcome> {
    const provider = GATEWAY_PROVIDERS[gateway];
    const hints = provider.hints(rawBody, query);
    if (!hints) throw this.refused(gateway, 'body', 'event body not understood');
    const byId = hints.paymentId && /^[0-9a-f-]{36}$/i.test(hints.paymentId) ? await this.d.repo.payment(hints.paymentId) : null;
    const payment = byId ?? (hints.sessionId ? await this.d.repo.paymentBySession(gateway, hints.sessionId) : null);
    if (!payment || payment.gateway !== gateway) {
      this.d.log.warn({ gateway, hints }, 'payment webhook for an unknown payment');
      throw new AppError(404, 'PAYMENT_WEBHOOK_UNKNOWN', PAYMENT_MESSAGES.webhookUnknownPayment);
    }
    const row = await this.d.repo.gateway(payment.gatewayAccountId);
    if (!row) throw new AppError(404, 'PAYMENT_WEBHOOK_UNKNOWN', PAYMENT_MESSAGES.webhookUnknownPayment);
    let event: GatewayEvent;
    try {
      event = provider.verifyEvent(this.credentialsOf(row, payment.mode), rawBody, headers, this.now(), query);
    } catch (err) {
      if (err instanceof WebhookRejection) throw this.refused(gateway, err.reason, err.message, payment.id);
      throw err;
    }
    if (provider.completeEvent) {
      // A failed read answers 502: the gateway retries the notification.
      try {
        event = await provider.completeEvent(await this.account(row, payment.mode, payment.agencyId), event);
      } catch (err) {
        throw this.callFailure(err, { paymentId: payment.id, gateway });
      }
    }
    // The hint that found the account must be the payment the verified event names.
    if (event.paymentId !== null && event.paymentId !== payment.id)
      throw this.refused(gateway, 'body', `event names payment ${event.paymentId}`, payment.id);
    const result = await this.d.repo.transaction(async (tx) => {
      // The payment is locked before the event row (which references it) is written: two events of one
      // payment at once queue here instead of deadlocking on the foreign key's share lock (PostgreSQL).
      const current = await this.d.repo.lockPayment(tx, payment.id);
      const fresh = await this.d.repo.insertEvent(tx, {
        gateway,
        eventId: event.eventId,
        paymentId: payment.id,
        type: event.type,
        status: event.status,
        occurredAt: event.occurredAt,
        payload: payloadOf(rawBody),
      });
      if (!fresh) return 'duplicate' as const;
      if (!current || !event.status) {
        await this.d.repo.setEventOutcome(tx, gateway, event.eventId, 'ignored-type');
        return 'ignored' as const;
      }
      if (event.amountMinor !== current.amountMinor || event.currency !== current.currency) {
        await this.d.repo.setEventOutcome(tx, gateway, event.eventId, 'refused-amount');
        return 'mismatch' as const;
      }
      if (!canMove(current.status, event.status)) {
        await this.d.repo.setEventOutcome(tx, gateway, event.eventId, `ignored-${current.status}`);
        return 'ignored' as const;
      }
      await this.d.repo.transition(tx, current.id, event.status, event.occurredAt, event.gatewayReference, current.status);
      await this.d.repo.setEventOutcome(tx, gateway, event.eventId, 'applied');
      return 'applied' as const;
    });
    if (result === 'duplicate' && (await this.d.repo.eventOutcome(gateway, event.eventId)) === 'refused-amount')
      throw this.mismatch(payment, event);
    if (result === 'mismatch') throw this.mismatch(payment, event);
    this.d.log.info({ gateway, paymentId: payment.id, eventId: event.eventId, status: event.status, result }, 'payment webhook');
    if (result === 'applied') this.kick();
    return result;
  }

  private refused(gateway: PaymentGateway, reason: string, detail: string, paymentId?: string): AppError {
    this.d.log.warn({ gateway, reason, detail, paymentId }, 'payment webhook refused');
    if (reason === 'timestamp') return badRequest(PAYMENT_MESSAGES.webhookTimestamp, undefined, 'PAYMENT_WEBHOOK_TIMESTAMP');
    if (reason === 'signature') return badRequest(PAYMENT_MESSAGES.webhookSignature, undefined, 'PAYMENT_WEBHOOK_SIGNATURE');
    return badRequest(PAYMENT_MESSAGES.webhookBody, undefined, 'PAYMENT_WEBHOOK_BODY');
  }

  private mismatch(payment: PaymentRow, event: GatewayEvent): AppError {
    this.d.log.warn(
      {
        paymentId: payment.id,
        expected: { amountMinor: payment.amountMinor, currency: payment.currency },
        got: { amountMinor: event.amountMinor, currency: event.currency },
      },
      'payment webhook amount or currency mismatch',
    );
    return new AppError(422, 'PAYMENT_WEBHOOK_MISMATCH', PAYMENT_MESSAGES.webhookMismatch);
  }

  // ---- settlement notifications ----

  /**
   * Expires pending Wompi, PayU and Mercado Pago payments `EXPIRY_GRACE_MS` after their checkout's
   * expiration time (their checkouts send no event for an unpaid checkout: decisions 0333 and 0520).
   * A late approval still moves them on.
   */
  async expireStale(now = this.now()): Promise<number> {
    const ids = await this.d.repo.expireStale(new Date(now.getTime() - EXPIRY_GRACE_MS));
    if (ids.length) {
      this.d.log.info({ ids }, 'pending payments expired');
      this.kick();
    }
    return ids.length;
  }

  /** Tells the handlers now, in the background; the job retries whatever this misses. */
  private kick() {
    void this.dispatchDue().catch((err) => this.d.log.error({ err }, 'payment notification dispatch failed'));
  }

  /**
   * Claims due notifications and calls every handler; a notification is done only when all handlers
   * returned, else retried with backoff. Concurrent calls share one pass, and the claim's lease keeps
   * two processes from telling the same transition at once.
   */
  dispatchDue(): Promise<number> {
    if (this.handlers.length === 0) return Promise.resolve(0);
    if (this.dispatching) {
      // A transition committed during this pass may have been after its last claim: one more pass.
      this.again = true;
      return this.dispatching;
    }
    this.dispatching = (async () => {
      let told = 0;
      try {
        do {
          this.again = false;
          told += await this.pass();
        } while (this.again);
      } finally {
        this.dispatching = null;
      }
      return told;
    })();
    return this.dispatching;
  }

  private async pass(): Promise<number> {
    let told = 0;
    for (;;) {
      const due = await this.d.repo.claimNotifications(20, NOTIFY_LEASE_MS);
      for (const n of due) if (await this.notifyOne(n.paymentId, n.status, n.occurredAt, n.attempts)) told++;
      if (due.length < 20) return told;
    }
  }

  private async notifyOne(paymentId: string, status: PaymentStatus, occurredAt: Date, attempts: number): Promise<boolean> {
    const p = await this.d.repo.payment(paymentId);
    if (!p) return false;
    const event: PaymentSettled = {
      paymentId: p.id,
      orderId: p.orderId,
      whiteLabelId: p.whiteLabelId,
      gateway: p.gateway,
      gatewayReference: p.gatewayReference ?? '',
      status: status as PaymentSettled['status'],
      amount: p.amount,
      currency: p.currency,
      occurredAt,
    };
    try {
      for (const h of this.handlers) await h(event);
      await this.d.repo.notified(paymentId, status);
      return true;
    } catch (err) {
      this.d.log.warn({ err, paymentId, status, attempts }, 'payment settlement handler failed; retried later');
      await this.d.repo.notifyFailed(paymentId, status, (err as Error).message ?? String(err), retryMs(attempts));
      return false;
    }
  }
}
