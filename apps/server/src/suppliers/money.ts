import Decimal from 'decimal.js';
import type { Money } from './types.js';

const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,8})?$/;

/** A supplier amount (JSON number or decimal text) as a Decimal, or null when it isn't a plain finite number. */
export function parseAmount(value: unknown): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(String(value)) : null;
  if (typeof value === 'string') {
    const t = value.trim();
    return DECIMAL_TEXT.test(t) ? new Decimal(t) : null;
  }
  return null;
}

export function isCurrency(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

export function money(amount: Decimal.Value, currency: string): Money {
  return { amount: new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), currency };
}

export function sameMoney(a: Money, b: Money): boolean {
  return a.currency === b.currency && new Decimal(a.amount).eq(b.amount);
}

export function sumMoney(items: Money[], currency: string): Money {
  let total = new Decimal(0);
  for (const m of items) {
    if (m.currency !== currency) throw new Error(`mixed currencies ${m.currency}/${currency}`);
    total = total.plus(m.amount);
  }
  return money(total, currency);
}
