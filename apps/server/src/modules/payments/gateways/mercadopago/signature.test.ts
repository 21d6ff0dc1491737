import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mercadoPagoProvider } from './adapter.js';
import { mercadoPagoManifest, mercadoPagoSignature, parseMercadoPagoSignature, verifyMercadoPagoSignature } from './signature.js';

/**
 * mercadopago.com/developers "Notificaciones" → "Validar origen de la notificación": manifest
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, HMAC-SHA256 with the webhooks secret, hex, compared
 * with `v1` of `x-signature: ts=…,v1=…`. The page's sample header is used to test parsing; Mercado Pago
 * publishes no secret for it, so the HMAC is checked against an independent computation (decision 0520).
 */
const DOC_HEADER = 'ts=1704908010,v1=618c85345248dd820d5fd456117c2ab2ef8eda45a0282ff693eac24131a5e839';

describe('Mercado Pago x-signature', () => {
  it('parses the documented sample header', () => {
    expect(parseMercadoPagoSignature(DOC_HEADER)).toEqual({
      ts: '1704908010',
      v1: '618c85345248dd820d5fd456117c2ab2ef8eda45a0282ff693eac24131a5e839',
    });
    expect(parseMercadoPagoSignature(' v1=ZZ , ts=12')).toEqual({ ts: '12', v1: null });
  });

  it('builds the documented manifest: data.id as given (the SDK keeps its case), missing values left out', () => {
    expect(mercadoPagoManifest({ dataId: '123456', requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', ts: '1704908010' })).toBe(
      'id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1704908010;',
    );
    expect(mercadoPagoManifest({ dataId: 'ORD01ABC', requestId: null, ts: '1' })).toBe('id:ORD01ABC;ts:1;');
    expect(mercadoPagoManifest({ dataId: null, requestId: 'r', ts: '1' })).toBe('request-id:r;ts:1;');
  });

  it("verifies the SDK's own fixture (mercadopago/sdk-nodejs src/utils/webhook/webhook.spec.ts)", () => {
    // Its secret, request id, order id and 13-digit ts; the hash is the HMAC of the documented manifest.
    const secret = 'your_secret_key_here';
    const requestId = '2066ca19-c6f1-498a-be75-1923005edd06';
    const dataId = 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3';
    const ts = '1742505638683';
    const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    expect(verifyMercadoPagoSignature(secret, `ts=${ts},v1=${v1}`, { dataId, requestId }).verdict).toBe('ok');
    expect(verifyMercadoPagoSignature(secret, `ts=${ts},v1=${v1}`, { dataId: dataId.toLowerCase(), requestId }).verdict).toBe('signature');
  });

  it('verifies an independently computed signature and refuses tampering', () => {
    const manifest = 'id:123456;request-id:req-1;ts:1704908010;';
    const v1 = createHmac('sha256', 'secreto').update(manifest).digest('hex');
    expect(mercadoPagoSignature('secreto', manifest)).toBe(v1);
    const header = `ts=1704908010,v1=${v1}`;
    expect(verifyMercadoPagoSignature('secreto', header, { dataId: '123456', requestId: 'req-1' }).verdict).toBe('ok');
    expect(verifyMercadoPagoSignature('otro', header, { dataId: '123456', requestId: 'req-1' }).verdict).toBe('signature');
    expect(verifyMercadoPagoSignature('secreto', header, { dataId: '123457', requestId: 'req-1' }).verdict).toBe('signature');
    expect(verifyMercadoPagoSignature('secreto', header, { dataId: '123456', requestId: 'req-2' }).verdict).toBe('signature');
    expect(verifyMercadoPagoSignature('secreto', `ts=1704908011,v1=${v1}`, { dataId: '123456', requestId: 'req-1' }).verdict).toBe(
      'signature',
    );
    expect(verifyMercadoPagoSignature('', header, { dataId: '123456', requestId: 'req-1' }).verdict).toBe('signature');
  });

  const notify = (ts: number, secret = 'secreto', dataId = '98765') => {
    const body = JSON.stringify({
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: dataId },
      date_created: '2024-01-10T17:33:30Z',
      id: 112233,
      live_mode: false,
      type: 'payment',
      user_id: '44',
    });
    const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:req-9;ts:${ts};`).digest('hex');
    return { body, headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'req-9' } };
  };

  it('normalises a verified notification (the payment itself is read afterwards) and reads its hint from the URL', () => {
    const now = 1_704_908_010_000;
    const n = notify(now);
    const e = mercadoPagoProvider.verifyEvent({ webhookSecret: 'secreto' }, n.body, n.headers, new Date(now + 1000), {
      'data.id': '98765',
      type: 'payment',
      payment_id: 'p-1',
    });
    expect(e).toMatchObject({
      eventId: '112233',
      type: 'payment:payment.updated',
      gatewayReference: '98765',
      status: null,
      paymentId: null,
    });
    expect(mercadoPagoProvider.hints(n.body, { 'data.id': '98765', payment_id: 'p-1' })).toEqual({ paymentId: 'p-1', sessionId: null });
    // Seconds (the SDK's unit and the documentation's example) and milliseconds are both read.
    const s = notify(now / 1000);
    expect(() => mercadoPagoProvider.verifyEvent({ webhookSecret: 'secreto' }, s.body, s.headers, new Date(now), {})).not.toThrow();
  });

  it('refuses another secret, a data.id in the URL that was not signed, a missing header and an old timestamp', () => {
    const now = 1_704_908_010_000;
    const n = notify(now);
    const at = new Date(now);
    expect(() => mercadoPagoProvider.verifyEvent({ webhookSecret: 'otro' }, n.body, n.headers, at, {})).toThrow(/x-signature/);
    expect(() => mercadoPagoProvider.verifyEvent({ webhookSecret: 'secreto' }, n.body, n.headers, at, { 'data.id': '1' })).toThrow(
      /x-signature/,
    );
    expect(() => mercadoPagoProvider.verifyEvent({ webhookSecret: 'secreto' }, n.body, {}, at, {})).toThrow(/no x-signature/);
    expect(() =>
      mercadoPagoProvider.verifyEvent({ webhookSecret: 'secreto' }, n.body, n.headers, new Date(now + 26 * 3_600_000), {}),
    ).toThrow(/ts/);
  });
});
