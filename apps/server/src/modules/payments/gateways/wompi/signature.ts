import { createHash, timingSafeEqual } from 'node:crypto';
import { pathValue } from '../http.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Web Checkout integrity signature (docs.wompi.co "Widget & Checkout Web", "Firma de integridad"):
 * SHA-256 of reference + amount in cents + currency [+ expiration time] + integrity secret, hex.
 */
export function wompiIntegritySignature(p: {
  reference: string;
  amountInCents: number;
  currency: string;
  expirationTime?: string;
  integritySecret: string;
}) {
  return sha256(`${p.reference}${p.amountInCents}${p.currency}${p.expirationTime ?? ''}${p.integritySecret}`);
}

/**
 * Event checksum (docs.wompi.co "Eventos", "Seguridad"): the values of `signature.properties` read in
 * `data`, in the given order, then `timestamp`, then the events secret, SHA-256 in hex. Wompi shows it
 * in upper case; compared case-insensitively.
 */
export function wompiEventChecksum(
  body: { data?: unknown; signature?: { properties?: unknown }; timestamp?: unknown },
  eventsSecret: string,
): string | null {
  const properties = body.signature?.properties;
  if (!Array.isArray(properties) || properties.length === 0 || !properties.every((p) => typeof p === 'string')) return null;
  if (typeof body.timestamp !== 'number' && typeof body.timestamp !== 'string') return null;
  const values: string[] = [];
  for (const p of properties as string[]) {
    const v = pathValue(body.data, p);
    if (v === undefined || v === null || typeof v === 'object') return null;
    values.push(String(v));
  }
  return sha256(`${values.join('')}${body.timestamp}${eventsSecret}`);
}

export function checksumMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
