import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeProvider } from './adapter.js';
import { parseStripeSignatureHeader, STRIPE_TOLERANCE_S, stripeSignature, verifyStripeSignature } from './signature.js';

/**
 * docs.stripe.com/webhooks "Verify signatures manually": signed payload = `${t}.${rawBody}`, expected =
 * HMAC-SHA256(endpoint secret, signed payload) in hex, compared with every `v1`, timestamp within the
 * tolerance (300 s by default in Stripe's libraries). The header below is the documentation's sample
 * header; Stripe publishes no secret for it, so only its parsing is checked against it (decision 0331).
 */
const DOC_HEADER =
  't=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,v0=6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39';

describe('Stripe-Signature header', () => {
  it('parses the documented sample header: the timestamp and the v1 signature, ignoring v0', () => {
    expect(parseStripeSignatureHeader(DOC_HEADER)).toEqual({
      timestamp: 1492774577,
      v1: ['5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
    });
  });

  it('verifies a header signed by the payment simulator (an independent implementation of the same scheme)', () => {
    const body = '{"id":"evt_sim","object":"event"}';
    const t = 1492774577;
    const header = `t=${t},v1=${createHmac('sha256', 'whsec_test').update(`${t}.${body}`).digest('hex')}`;
    expect(verifyStripeSignature('whsec_test', header, body, t)).toBe('ok');
    expect(stripeSignature('whsec_test', t, body)).toBe(parseStripeSignatureHeader(header).v1[0]);
  });

  it('accepts any of several v1 signatures (secret rotation) and refuses tampering, another secret and old timestamps', () => {
    const body = '{"id":"evt_1","object":"event"}';
    const t = 1_700_000_000;
    const good = stripeSignature('whsec_a', t, body);
    expect(verifyStripeSignature('whsec_a', `t=${t},v1=${'0'.repeat(64)},v1=${good}`, body, t + 10)).toBe('ok');
    expect(verifyStripeSignature('whsec_a', `t=${t},v1=${good}`, `${body} `, t)).toBe('signature');
    expect(verifyStripeSignature('whsec_b', `t=${t},v1=${good}`, body, t)).toBe('signature');
    expect(verifyStripeSignature('whsec_a', `t=${t},v1=${good}`, body, t + STRIPE_TOLERANCE_S + 1)).toBe('timestamp');
    expect(verifyStripeSignature('whsec_a', `t=${t},v1=${good}`, body, t - STRIPE_TOLERANCE_S - 1)).toBe('timestamp');
    expect(verifyStripeSignature('whsec_a', `v1=${good}`, body, t)).toBe('signature');
    // A signature for another timestamp does not verify with this one (the replayed-timestamp case).
    expect(verifyStripeSignature('whsec_a', `t=${t + 1},v1=${good}`, body, t)).toBe('signature');
  });

  it('normalises a verified Checkout Session event', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      created: 1_700_000_000,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          client_reference_id: 'p-1',
          amount_total: 12050,
          currency: 'usd',
          payment_status: 'paid',
          payment_intent: 'pi_1',
        },
      },
    });
    const t = 1_700_000_005;
    const e = stripeProvider.verifyEvent(
      { webhookSecret: 'whsec_a' },
      body,
      { 'stripe-signature': `t=${t},v1=${stripeSignature('whsec_a', t, body)}` },
      new Date(t * 1000),
    );
    expect(e).toMatchObject({
      eventId: 'evt_1',
      paymentId: 'p-1',
      sessionId: 'cs_test_1',
      status: 'approved',
      gatewayReference: 'pi_1',
      amountMinor: 12050,
      currency: 'USD',
    });
  });
});
