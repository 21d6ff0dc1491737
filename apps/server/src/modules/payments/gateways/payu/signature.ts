import { createHash, timingSafeEqual } from 'node:crypto';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * WebCheckout payment form signature (developers.payulatam.com, "Payment Form" → "Signature for payment
 * form"): MD5 hex of `ApiKey~merchantId~referenceCode~amount~currency`, the amount exactly as sent.
 */
export function payuFormSignature(p: { apiKey: string; merchantId: string; referenceCode: string; amount: string; currency: string }) {
  return md5(`${p.apiKey}~${p.merchantId}~${p.referenceCode}~${p.amount}~${p.currency}`);
}

/**
 * `new_value` of the confirmation page's signature ("Confirmation Page" → "Signature validation"): when
 * the second decimal of `value` is zero it keeps one decimal (150.00 → 150.0), else both (150.26 →
 * 150.26). Null when `value` is not a plain decimal.
 */
export function payuNewValue(value: string): string | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const decimals = (m[2] ?? '').padEnd(2, '0');
  return decimals[1] === '0' ? `${m[1]}.${decimals[0]}` : `${m[1]}.${decimals}`;
}

/** The confirmation's `sign`: MD5 hex of `ApiKey~merchant_id~reference_sale~new_value~currency~state_pol`. */
export function payuConfirmationSign(p: {
  apiKey: string;
  merchantId: string;
  referenceSale: string;
  value: string;
  currency: string;
  statePol: string;
}): string | null {
  const newValue = payuNewValue(p.value);
  if (newValue === null) return null;
  return md5(`${p.apiKey}~${p.merchantId}~${p.referenceSale}~${newValue}~${p.currency}~${p.statePol}`);
}

export function signMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
