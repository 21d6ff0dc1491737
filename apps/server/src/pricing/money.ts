import { priceDecimals } from '@travesia/contracts';
import Decimal from 'decimal.js';

/**
 * The engine's own decimal type: 40 significant digits and half-up rounding, independent of any
 * global Decimal configuration another module might set.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;

export type RoundingMode = 'half-up' | 'up';

/** `value` rounded to the decimals a price keeps in `currency` (COP 0, others 2). */
export function roundFor(value: Dec, currency: string, mode: RoundingMode = 'half-up'): Dec {
  return value.toDecimalPlaces(priceDecimals(currency), mode === 'up' ? Dec.ROUND_CEIL : Dec.ROUND_HALF_UP);
}

/** A rounded amount as the wire carries it: fixed decimals for the currency ('12.30', '4100'). */
export function moneyString(value: Dec, currency: string): string {
  return value.toFixed(priceDecimals(currency));
}

/** A decimal without exponent or trailing zeros ('4100', '0.000243902439'). */
export function plain(value: Dec, maxDecimals = 12): string {
  const s = value.toDecimalPlaces(maxDecimals).toFixed();
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}
