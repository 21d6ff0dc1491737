import Decimal from 'decimal.js';

/**
 * ISO 4217 currencies without a minor unit as Stripe lists them ("zero-decimal currencies",
 * https://docs.stripe.com/currencies#zero-decimal). Everything else is sent in hundredths, which is also
 * how Wompi takes COP (`amount_in_cents`, decision 0331).
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export function minorUnitsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** A decimal amount in minor units, or null when it is not positive or has more decimals than the currency. */
export function toMinor(amount: string, currency: string): number | null {
  let d: Decimal;
  try {
    d = new Decimal(amount);
  } catch {
    return null;
  }
  const scaled = d.mul(new Decimal(10).pow(minorUnitsOf(currency)));
  if (!scaled.isInteger() || scaled.lte(0) || scaled.gt(Number.MAX_SAFE_INTEGER)) return null;
  return scaled.toNumber();
}
