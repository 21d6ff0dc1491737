import { describe, expect, it } from 'vitest';
import { payuProvider } from './adapter.js';
import { payuConfirmationSign, payuFormSignature, payuNewValue } from './signature.js';

/**
 * The examples of PayU Latam's documentation (developers.payulatam.com, WebCheckout → "Payment Form" →
 * "Signature for payment form", and "Confirmation Page" → "Signature validation"), with PayU's public
 * sandbox API key and merchant.
 */
const DOC_API_KEY = '4Vj8eK4rloUd272L48hsrarnUA';
const DOC_MERCHANT = '508029';

describe('PayU WebCheckout signature', () => {
  it('matches the documented payment form example', () => {
    expect(
      payuFormSignature({ apiKey: DOC_API_KEY, merchantId: DOC_MERCHANT, referenceCode: 'TestPayU', amount: '20000', currency: 'COP' }),
    ).toBe('7ee7cf808ce6a39b17481c54f2c57acc');
  });
});

describe('PayU confirmation sign', () => {
  it('rounds new_value as documented: one decimal when the second is zero, else both', () => {
    expect(payuNewValue('150.00')).toBe('150.0');
    expect(payuNewValue('150.26')).toBe('150.26');
    expect(payuNewValue('150.20')).toBe('150.2');
    expect(payuNewValue('150')).toBe('150.0');
    expect(payuNewValue('100.5')).toBe('100.5');
    expect(payuNewValue('15,00')).toBeNull();
    expect(payuNewValue('1.005')).toBeNull();
  });

  it('matches the documented two-decimal example (TestPayU05, 150.26 USD, state 4)', () => {
    expect(
      payuConfirmationSign({
        apiKey: DOC_API_KEY,
        merchantId: DOC_MERCHANT,
        referenceSale: 'TestPayU05',
        value: '150.26',
        currency: 'USD',
        statePol: '4',
      }),
    ).toBe('1d95778a651e11a0ab93c2169a519cd6');
  });

  it('matches the documented one-decimal digest, which is for state 4 (the page prints state_pol = 6 beside it)', () => {
    const sign = (statePol: string) =>
      payuConfirmationSign({
        apiKey: DOC_API_KEY,
        merchantId: DOC_MERCHANT,
        referenceSale: 'TestPayU04',
        value: '150.00',
        currency: 'USD',
        statePol,
      });
    expect(sign('4')).toBe('b607a2c2fa100e0947b206d41864fb86');
    expect(sign('6')).not.toBe('b607a2c2fa100e0947b206d41864fb86');
  });

  const confirmation = (over: Record<string, string> = {}) =>
    new URLSearchParams({
      merchant_id: DOC_MERCHANT,
      state_pol: '4',
      response_code_pol: '1',
      reference_sale: 'TestPayU05',
      reference_pol: '7069375',
      sign: '1d95778a651e11a0ab93c2169a519cd6',
      value: '150.26',
      currency: 'USD',
      transaction_id: 'f5e668f1-7ecc-4b83-a4d1-0aaa68260862',
      transaction_date: '2015-05-27 13:07:35',
      test: '1',
      ...over,
    }).toString();

  it('verifies the documented confirmation and normalises it', () => {
    const e = payuProvider.verifyEvent({ apiKey: DOC_API_KEY, merchantId: DOC_MERCHANT }, confirmation(), {}, new Date());
    expect(e).toMatchObject({
      eventId: 'f5e668f1-7ecc-4b83-a4d1-0aaa68260862:4',
      paymentId: 'TestPayU05',
      status: 'approved',
      gatewayReference: 'f5e668f1-7ecc-4b83-a4d1-0aaa68260862',
      amountMinor: 15026,
      currency: 'USD',
    });
    expect(e.occurredAt.toISOString()).toBe('2015-05-27T18:07:35.000Z');
    expect(payuProvider.hints(confirmation())).toEqual({ paymentId: 'TestPayU05', sessionId: null });
  });

  it('refuses a changed value or state, another key or merchant, and a body without sign', () => {
    const creds = { apiKey: DOC_API_KEY, merchantId: DOC_MERCHANT };
    const now = new Date();
    expect(() => payuProvider.verifyEvent(creds, confirmation({ value: '1.26' }), {}, now)).toThrow(/sign/);
    expect(() => payuProvider.verifyEvent(creds, confirmation({ state_pol: '6' }), {}, now)).toThrow(/sign/);
    expect(() => payuProvider.verifyEvent({ ...creds, apiKey: 'otra' }, confirmation(), {}, now)).toThrow(/sign/);
    expect(() => payuProvider.verifyEvent({ ...creds, merchantId: '1' }, confirmation(), {}, now)).toThrow(/sign/);
    expect(() => payuProvider.verifyEvent(creds, confirmation({ sign: '' }), {}, now)).toThrow(/not a PayU/);
    expect(payuProvider.hints('{"id":1}')).toBeNull();
  });
});
