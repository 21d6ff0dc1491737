import { describe, expect, it } from 'vitest';
import { wompiProvider } from './adapter.js';
import { checksumMatches, wompiEventChecksum, wompiIntegritySignature } from './signature.js';

/**
 * The examples of Wompi's documentation (docs.wompi.co, "Widget & Checkout Web" → "Firma de
 * integridad", and "Eventos" → "Seguridad"), with their sample secrets.
 */
const DOC_INTEGRITY_SECRET = 'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6';
const DOC_EVENTS_SECRET = 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z';
const DOC_EVENT = {
  event: 'transaction.updated',
  data: {
    transaction: {
      id: '1234-1610641025-49201',
      amount_in_cents: 4490000,
      reference: 'MZQ3X2DE2SMX',
      customer_email: 'juan.perez@gmail.com',
      currency: 'COP',
      payment_method_type: 'NEQUI',
      redirect_url: 'https://mitienda.com.co/pagos/redireccion',
      status: 'APPROVED',
      shipping_address: null,
      payment_link_id: null,
      payment_source_id: null,
    },
  },
  environment: 'prod',
  signature: {
    properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'],
    // SHA-256 of the documented concatenation "1234-1610641025-49201APPROVED44900001530291411prod_events_…"
    // (the page prints 3476DDA5…8BD0 beside that string, which is not its SHA-256: decision 0331).
    checksum: '5A18EC5E8FDB7DF463E9F94774CBA8F583BA21BD04A09CEFF2EA68A4BC0AEFBE',
  },
  timestamp: 1530291411,
  sent_at: '2018-07-20T16:45:05.000Z',
};

describe('Wompi integrity signature', () => {
  it('matches the documented example (reference, amount in cents, currency, secret)', () => {
    expect(
      wompiIntegritySignature({
        reference: 'sk8-438k4-xmxm392-sn2m',
        amountInCents: 2490000,
        currency: 'COP',
        integritySecret: DOC_INTEGRITY_SECRET,
      }),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5');
  });

  it('puts the expiration time between the currency and the secret', () => {
    const withExpiry = wompiIntegritySignature({
      reference: 'sk8-438k4-xmxm392-sn2m',
      amountInCents: 2490000,
      currency: 'COP',
      expirationTime: '2023-06-09T20:28:50.000Z',
      integritySecret: DOC_INTEGRITY_SECRET,
    });
    expect(withExpiry).not.toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5');
    expect(withExpiry).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('Wompi event checksum', () => {
  it('concatenates the properties in order, the timestamp and the secret, as the documented example', () => {
    expect(wompiEventChecksum(DOC_EVENT, DOC_EVENTS_SECRET)).toBe('5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe');
    expect(checksumMatches('5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe', DOC_EVENT.signature.checksum)).toBe(true);
  });

  it('verifies the documented event at its time and normalises it', () => {
    const e = wompiProvider.verifyEvent(
      { eventsSecret: DOC_EVENTS_SECRET },
      JSON.stringify(DOC_EVENT),
      {},
      new Date(1530291411_000 + 60_000),
    );
    expect(e).toMatchObject({
      type: 'transaction.updated',
      paymentId: 'MZQ3X2DE2SMX',
      status: 'approved',
      gatewayReference: '1234-1610641025-49201',
      amountMinor: 4490000,
      currency: 'COP',
    });
    expect(e.eventId).toBe('5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe');
  });

  it('refuses a changed amount, another secret, a mismatching header and an event older than the retry window', () => {
    const at = new Date(1530291411_000);
    const tampered = structuredClone(DOC_EVENT);
    tampered.data.transaction.amount_in_cents = 100;
    expect(() => wompiProvider.verifyEvent({ eventsSecret: DOC_EVENTS_SECRET }, JSON.stringify(tampered), {}, at)).toThrow(/checksum/);
    expect(() => wompiProvider.verifyEvent({ eventsSecret: 'prod_events_otro' }, JSON.stringify(DOC_EVENT), {}, at)).toThrow(/checksum/);
    expect(() =>
      wompiProvider.verifyEvent({ eventsSecret: DOC_EVENTS_SECRET }, JSON.stringify(DOC_EVENT), { 'x-event-checksum': 'ABC' }, at),
    ).toThrow(/checksum/);
    expect(() =>
      wompiProvider.verifyEvent(
        { eventsSecret: DOC_EVENTS_SECRET },
        JSON.stringify(DOC_EVENT),
        {},
        new Date(1530291411_000 + 26 * 3_600_000),
      ),
    ).toThrow(/timestamp/);
  });
});
