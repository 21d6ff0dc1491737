import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: `whsec_` + 256 random bits, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature of one webhook request (decision 0261, docs/INTEGRATIONS.md): HMAC-SHA256 with the
 * endpoint's secret over `<timestamp>.<body>`, hex. The header reads `t=<timestamp>,v1=<hex>`; the
 * timestamp (Unix seconds) is signed so a captured request cannot be replayed later with a new one.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** The receiver's check, used by our tests and shown in the docs: signature valid and timestamp within `toleranceS`. */
export function verifyWebhook(secret: string, header: string, body: string, nowS: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS || !parts.v1) return false;
  const expected = Buffer.from(signWebhook(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
