import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The manifest Mercado Pago signs (mercadopago.com/developers, "Notificaciones" → "Validar origen de la
 * notificación", and `WebhookSignatureValidator` in mercadopago/sdk-nodejs `src/utils/webhook`):
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, a value the notification lacks left out with its
 * label. `data.id` is used as the URL carries it: the page says to lower-case an alphanumeric id, the
 * SDK keeps its case ("preserve data.id case in signature manifest", 2026); payment ids are numeric,
 * so the two agree for Checkout Pro (decision 0520).
 */
export function mercadoPagoManifest(p: { dataId: string | null; requestId: string | null; ts: string }): string {
  let manifest = '';
  if (p.dataId) manifest += `id:${p.dataId};`;
  if (p.requestId) manifest += `request-id:${p.requestId};`;
  manifest += `ts:${p.ts};`;
  return manifest;
}

/** `v1` = HMAC-SHA256 of the manifest with the application's webhooks secret key, hex. */
export function mercadoPagoSignature(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest, 'utf8').digest('hex');
}

/** Parses `x-signature: ts=…,v1=…` (the parts in any order, spaces allowed). */
export function parseMercadoPagoSignature(header: string): { ts: string | null; v1: string | null } {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts' && /^\d{1,16}$/.test(value)) ts = value;
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1 = value.toLowerCase();
  }
  return { ts, v1 };
}

/**
 * `ts` is in seconds per the SDK (its tolerance check, fixed in 2026) and the documentation's example;
 * 13-digit values (milliseconds) appear in published notifications and the SDK's own fixtures: both read.
 */
export function mercadoPagoTimestampMs(ts: string): number {
  const n = Number(ts);
  return n > 100_000_000_000 ? n : n * 1000;
}

export type MercadoPagoVerification = 'ok' | 'signature';

/** Constant-time check of the `x-signature` against the manifest built from the request. */
export function verifyMercadoPagoSignature(
  secret: string,
  header: string,
  p: { dataId: string | null; requestId: string | null },
): { verdict: MercadoPagoVerification; ts: string | null } {
  const { ts, v1 } = parseMercadoPagoSignature(header);
  if (!ts || !v1 || !secret) return { verdict: 'signature', ts };
  const expected = Buffer.from(mercadoPagoSignature(secret, mercadoPagoManifest({ ...p, ts })), 'utf8');
  const given = Buffer.from(v1, 'utf8');
  return { verdict: given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'signature', ts };
}
