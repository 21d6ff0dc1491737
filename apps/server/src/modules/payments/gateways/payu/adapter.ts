import Decimal from 'decimal.js';
import type { PaymentStatus } from '../../port.js';
import { gatewayFetch, str } from '../http.js';
import { minorUnitsOf, toMinor } from '../minor-units.js';
import {
  type CheckoutInput,
  type CheckoutOutput,
  type EventHints,
  type GatewayAccount,
  GatewayCallError,
  type GatewayEvent,
  type GatewayProvider,
  WebhookRejection,
} from '../types.js';
import { payuConfirmationSign, payuFormSignature, signMatches } from './signature.js';

/** `state_pol` of the confirmation page (developers.payulatam.com, "Response codes and variables"). */
const STATE_POL: Record<string, PaymentStatus> = { '4': 'approved', '5': 'expired', '6': 'declined', '7': 'pending', '104': 'error' };

/** PayU dates (`transaction_date`) carry no zone; PayU Latam's platform runs on Bogotá time (a guess: decision 0520). */
const PAYU_ZONE = '-05:00';

const PAYMENTS_API = '/payments-api/4.0/service.cgi';
const REPORTS_API = '/reports-api/4.0/service.cgi';

interface PayuAnswer {
  code?: unknown;
  error?: unknown;
  result?: { payload?: unknown } | null;
  transactionResponse?: { state?: unknown; responseCode?: unknown } | null;
}

/**
 * One call to PayU's JSON APIs: `{command, merchant: {apiLogin, apiKey}, test, language}` POSTed with
 * `Accept: application/json` (PayU answers XML otherwise). PayU reports refused credentials and other
 * errors with HTTP 200 and `code: "ERROR"`; a refused `PING` is read as rejected credentials.
 */
async function payuCall(account: GatewayAccount, path: string, command: string, extra: Record<string, unknown>): Promise<PayuAnswer> {
  const body = (await gatewayFetch(`${account.endpoints.api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
    body: JSON.stringify({
      test: account.mode === 'test',
      language: 'es',
      command,
      merchant: { apiLogin: account.credentials.apiLogin, apiKey: account.credentials.apiKey },
      ...extra,
    }),
  })) as PayuAnswer;
  if (body.code !== 'SUCCESS') {
    const detail = `${command}: ${String(body.error ?? body.code ?? 'no code')}`.slice(0, 300);
    throw new GatewayCallError(command === 'PING' ? 'rejected' : 'failed', detail);
  }
  return body;
}

function parse(rawBody: string): URLSearchParams | null {
  const form = new URLSearchParams(rawBody);
  return form.has('reference_sale') && form.has('state_pol') ? form : null;
}

function dateOf(value: string | null, now: Date): Date {
  if (!value) return now;
  const d = new Date(`${value.trim().replace(' ', 'T')}${PAYU_ZONE}`);
  return Number.isNaN(d.getTime()) ? now : d;
}

/** An amount in minor units as PayU takes it: a plain decimal with the currency's decimals (`150000.00`). */
function payuAmount(amountMinor: number, currency: string): string {
  const digits = minorUnitsOf(currency);
  return new Decimal(amountMinor).div(new Decimal(10).pow(digits)).toFixed(digits);
}

/**
 * PayU Latam: WebCheckout by a POSTed form signed with the API key, the confirmation page (form-encoded
 * POST with an MD5 `sign`), the Queries API (`PING`, `ORDER_DETAIL_BY_REFERENCE_CODE`) and refunds
 * through the Payments API (`SUBMIT_TRANSACTION` of type `REFUND`) (decision 0520).
 */
export const payuProvider: GatewayProvider = {
  id: 'payu',

  async testConnection(account) {
    await payuCall(account, REPORTS_API, 'PING', {});
  },

  async createCheckout(account, input: CheckoutInput): Promise<CheckoutOutput> {
    const { merchantId, accountId, apiKey } = account.credentials;
    const amount = payuAmount(input.amountMinor, input.currency);
    const fields: Record<string, string> = {
      merchantId,
      accountId,
      description: input.description,
      referenceCode: input.paymentId,
      amount,
      tax: '0',
      taxReturnBase: '0',
      currency: input.currency,
      signature: payuFormSignature({ apiKey, merchantId, referenceCode: input.paymentId, amount, currency: input.currency }),
      test: account.mode === 'test' ? '1' : '0',
      buyerEmail: input.customer.email,
      buyerFullName: input.customer.fullName,
      responseUrl: input.returnUrl,
      confirmationUrl: input.notifyUrl,
      lng: 'es',
    };
    if (input.customer.phone) fields.telephone = input.customer.phone;
    return { checkoutUrl: '', sessionId: null, form: { action: account.endpoints.checkout, fields } };
  },

  async refund(account, payment) {
    // A refund names PayU's order and the transaction to refund: the order is found by our reference.
    const found = await payuCall(account, REPORTS_API, 'ORDER_DETAIL_BY_REFERENCE_CODE', {
      details: { referenceCode: payment.paymentId },
    });
    const orders = Array.isArray(found.result?.payload) ? (found.result.payload as Record<string, unknown>[]) : [];
    const order = orders.find(
      (o) => Array.isArray(o.transactions) && (o.transactions as { id?: unknown }[]).some((t) => t.id === payment.gatewayReference),
    );
    if (!order || (typeof order.id !== 'number' && typeof order.id !== 'string'))
      throw new GatewayCallError('failed', `no PayU order holds transaction ${payment.gatewayReference}`);
    const answer = await payuCall(account, PAYMENTS_API, 'SUBMIT_TRANSACTION', {
      transaction: {
        order: { id: String(order.id) },
        type: 'REFUND',
        reason: payment.reason.slice(0, 255),
        parentTransactionId: payment.gatewayReference,
      },
    });
    const state = str(answer.transactionResponse?.state);
    if (state === 'APPROVED') return 'refunded';
    if (state === 'PENDING' || state === 'SUBMITTED') return 'pending';
    throw new GatewayCallError('failed', `refund ${state ?? 'without state'}: ${String(answer.transactionResponse?.responseCode ?? '')}`);
  },

  hints(rawBody): EventHints | null {
    const form = parse(rawBody);
    if (!form) return null;
    return { paymentId: str(form.get('reference_sale')), sessionId: null };
  },

  verifyEvent(credentials, rawBody, _headers, now): GatewayEvent {
    const form = parse(rawBody);
    const given = str(form?.get('sign'));
    if (!form || !given) throw new WebhookRejection('body', 'not a PayU confirmation');
    const merchantId = form.get('merchant_id') ?? '';
    const value = form.get('value') ?? '';
    const currency = form.get('currency') ?? '';
    const statePol = form.get('state_pol') ?? '';
    const referenceSale = form.get('reference_sale') ?? '';
    // The values signed are the confirmation's own (PayU: "do not get them from your database").
    const expected = payuConfirmationSign({ apiKey: credentials.apiKey ?? '', merchantId, referenceSale, value, currency, statePol });
    if (!expected || !signMatches(expected, given) || merchantId !== credentials.merchantId) {
      throw new WebhookRejection('signature', 'sign does not match');
    }
    const transactionId = str(form.get('transaction_id'));
    return {
      // A confirmation carries no event id: PayU retries it unchanged (up to 9 times), and each payment
      // attempt of a reference has its own transaction id, so transaction and state name the event.
      eventId: `${transactionId ?? given.toLowerCase()}:${statePol}`,
      type: `confirmation.${statePol}`,
      paymentId: referenceSale || null,
      sessionId: null,
      status: STATE_POL[statePol] ?? null,
      gatewayReference: transactionId,
      amountMinor: toMinor(value, currency),
      currency: currency || null,
      occurredAt: dateOf(str(form.get('transaction_date')), now),
    };
  },
};
