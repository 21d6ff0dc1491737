/**
 * A fresh idempotency key for one checkout: `<prefix>-` and 32 hex characters from getRandomValues
 * (crypto.randomUUID is missing on plain-HTTP intranet hosts, getRandomValues is not). The server
 * accepts 8–100 letters, digits, - and _ (HOTEL_BOOKING_MESSAGES.idempotencyKeyInvalid).
 */
export function newIdempotencyKey(prefix = 'hb'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
