import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance between the signed timestamp and now (docs.stripe.com/webhooks#verify-manually). */
export const STRIPE_TOLERANCE_S = 300;

/** HMAC-SHA256 of `${t}.${rawBody}` with the endpoint's signing secret, hex: the `v1` scheme. */
export function stripeSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<signature>`. */
export function stripeSignatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

/** Parses `t=…,v1=…,v1=…,v0=…`: the timestamp and every `v1` (other schemes are ignored, as Stripe says). */
export function parseStripeSignatureHeader(header: string): { timestamp: number | null; v1: string[] } {
  let timestamp: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return { timestamp, v1 };
}

export type StripeVerification = 'ok' | 'signature' | 'timestamp';

/**
 * Stripe's manual verification: one `v1` equals the expected HMAC (constant-time compare), and the
 * timestamp is within the tolerance of now. The signature is checked first, so a forged header never
 * learns whether its timestamp was acceptable.
 */
export function verifyStripeSignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds: number,
  tolerance = STRIPE_TOLERANCE_S,
): StripeVerification {
  const { timestamp, v1 } = parseStripeSignatureHeader(header);
  if (timestamp === null || v1.length === 0) return 'signature';
  const expected = Buffer.from(stripeSignature(secret, timestamp, rawBody), 'utf8');
  const ok = v1.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) return 'signature';
  if (Math.abs(nowSeconds - timestamp) > tolerance) return 'timestamp';
  return 'ok';
}
