import Decimal from 'decimal.js';

/**
 * Money formats (spec §9): COP and EUR in Colombian Spanish style (1.234.567,89), USD in US style
 * (1,234,567.89), the currency code appended. COP shows no decimals; every other currency 2, with an
 * optional round-up instead of the usual half-up rounding.
 */
const COLOMBIAN_STYLE = new Set(['COP', 'EUR']);
const ZERO_DECIMALS = new Set(['COP']);

export interface MoneyFormatOptions {
  /** Round up (towards +infinity for positives, away from zero) instead of half-up. */
  roundUp?: boolean;
  /** Decimals to show; defaults to 0 for COP and 2 otherwise. */
  decimals?: number;
  /** Leave the code out (a column whose header already names the currency). */
  hideCode?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(locale: string, decimals: number) {
  const key = `${locale}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    formatters.set(key, f);
  }
  return f;
}

export const currencyDecimals = (currency: string) => (ZERO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2);

/** Rounds a decimal string to what `formatMoney` shows, as a decimal string. */
export function roundMoney(
  amount: string | number | Decimal,
  currency: string,
  opts: Pick<MoneyFormatOptions, 'roundUp' | 'decimals'> = {},
) {
  const decimals = opts.decimals ?? currencyDecimals(currency);
  return new Decimal(amount).toDecimalPlaces(decimals, opts.roundUp ? Decimal.ROUND_UP : Decimal.ROUND_HALF_UP).toFixed(decimals);
}

/** The exact sum of decimal amounts ('0.10' + '0.20' is '0.30', never 0.30000000000000004), with 2 decimals. */
export function sumAmounts(amounts: readonly string[]): string {
  return amounts.reduce((total, a) => total.plus(a), new Decimal(0)).toFixed(2);
}

/** '1234567.891', 'COP' -> '1.234.568 COP'; '1234.5', 'USD' -> '1,234.50 USD'; bad input -> ''. */
export function formatMoney(amount: string | number | Decimal | null | undefined, currency: string, opts: MoneyFormatOptions = {}): string {
  if (amount === null || amount === undefined || amount === '') return '';
  let value: Decimal;
  try {
    value = new Decimal(amount);
  } catch {
    return '';
  }
  if (!value.isFinite()) return '';
  const code = (currency || '').toUpperCase();
  const decimals = opts.decimals ?? currencyDecimals(code);
  const rounded = roundMoney(value, code, { ...opts, decimals });
  const locale = COLOMBIAN_STYLE.has(code) ? 'es-CO' : 'en-US';
  // Intl formats a decimal string exactly (no float on the way).
  const text = formatterFor(locale, decimals).format(rounded as unknown as number);
  return opts.hideCode || !code ? text : `${text} ${code}`;
}
