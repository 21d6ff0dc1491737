import { SUPPLIER_CREDENTIAL_FIELDS } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';

const MASK = '***';

/** Field names whose values are secrets or card data, in JSON keys, XML elements/attributes and form fields. */
const SECRET_NAMES = [
  'password',
  'clausu',
  'secacc',
  'secret',
  'token',
  'cvv',
  'cvv_targeta',
  'num_targeta',
  'cardNumber',
  'cardCVC',
  'cvc',
  'number_card',
];
const namePattern = SECRET_NAMES.join('|');
const JSON_FIELD = new RegExp(`("(?:${namePattern})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const XML_ELEMENT = new RegExp(`<((?:\\w+:)?(?:${namePattern}))>([^<]*)</\\1>`, 'gi');
const XML_ATTRIBUTE = new RegExp(`(\\s(?:${namePattern})\\s*=\\s*)("[^"]*"|'[^']*')`, 'gi');
const FORM_FIELD = new RegExp(`(^|&)((?:${namePattern})=)[^&]*`, 'gi');
const BEARER = /(Bearer\s+)[\w.~+/=-]+/gi;
/** 13–19 digit runs (optionally spaced/dashed) that pass Luhn: card numbers. */
const PAN = /\b(?:\d[ -]?){12,18}\d\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The secret credential values of an account (and their URL-encoded forms), to blank out wherever they appear. */
export function secretValuesOf(account: ResolvedProviderAccount): string[] {
  const fields = account.supplier === 'travesia' ? [] : (SUPPLIER_CREDENTIAL_FIELDS[account.supplier] ?? []);
  const values = new Set<string>();
  for (const f of fields) {
    const v = account.credentials[f.key];
    if (f.secret && v && v.length >= 3) {
      values.add(v);
      values.add(encodeURIComponent(v));
    }
  }
  return [...values];
}

/**
 * Masks credentials and card data in a request or response body before it is stored: named secret
 * fields in JSON, XML and form bodies, bearer tokens, Luhn-valid card numbers (last 4 kept), and every
 * literal secret value of the account.
 */
export function maskBody(text: string, secrets: string[] = []): string {
  let out = text;
  for (const s of secrets) out = out.replace(new RegExp(escapeRegExp(s), 'g'), MASK);
  out = out
    .replace(JSON_FIELD, `$1"${MASK}"`)
    .replace(XML_ELEMENT, `<$1>${MASK}</$1>`)
    .replace(XML_ATTRIBUTE, `$1"${MASK}"`)
    .replace(FORM_FIELD, `$1$2${MASK}`)
    .replace(BEARER, `$1${MASK}`)
    .replace(PAN, (m) => {
      const digits = m.replace(/\D/g, '');
      return digits.length >= 13 && luhn(digits) ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : m;
    });
  return out;
}
