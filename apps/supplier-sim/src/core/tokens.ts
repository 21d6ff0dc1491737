import { createHmac } from 'node:crypto';

/**
 * Opaque tokens (rateKey, BookingCode, lin, offerId, transactionId): a signed payload with an expiry.
 * Clients must never parse them; the simulator signs them so a tampered token is rejected.
 */
export class TokenCodec {
  constructor(private readonly key: string) {}

  encode(payload: Record<string, unknown>, ttlMs: number, now = Date.now()): { token: string; expiresAt: Date } {
    const exp = now + ttlMs;
    const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString('base64url');
    const sig = createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 16);
    return { token: `${body}.${sig}`, expiresAt: new Date(exp) };
  }

  /** The payload, 'expired', or null when the token is not one of ours. */
  decode<T extends Record<string, unknown>>(token: string, now = Date.now()): (T & { exp: number }) | 'expired' | null {
    if (typeof token !== 'string') return null;
    const [body, sig] = token.split('.');
    if (!body || !sig) return null;
    const expected = createHmac('sha256', this.key).update(body).digest('base64url').slice(0, 16);
    if (expected !== sig) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
      if (typeof payload.exp !== 'number') return null;
      return payload.exp < now ? 'expired' : payload;
    } catch {
      return null;
    }
  }
}
