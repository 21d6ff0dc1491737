import { formatPercent, MARKUP_BASIS_LABELS, type MarkupBasis, type MarkupKind, priceDecimals } from '@travesia/contracts';

/**
 * Money on screen (spec §9): COP and EUR in Colombian style (1.234.567,89), others in US style, the
 * code appended; COP without decimals. A small local helper until the shared formatter in
 * packages/contracts/src/format lands; amounts arrive already rounded by the server.
 */
export function formatMoney(amount: string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '' || !currency) return '';
  const d = priceDecimals(currency);
  const locale = currency === 'COP' || currency === 'EUR' ? 'es-CO' : 'en-US';
  // Intl formats decimal strings exactly (no float round trip); the cast is for the DOM typings.
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(amount as unknown as number)} ${currency}`;
}

/** '10 %', '5,00 EUR por noche'. */
export function describeMarkup(r: {
  kind: MarkupKind | 'percentage' | 'fixed';
  value: string;
  currency: string | null;
  basis: MarkupBasis | string | null;
}): string {
  if (r.kind === 'percentage') return formatPercent(r.value);
  const basis = r.basis && r.basis in MARKUP_BASIS_LABELS ? MARKUP_BASIS_LABELS[r.basis as MarkupBasis].toLowerCase() : '';
  return `${formatMoney(r.value, r.currency)}${basis ? ` ${basis}` : ''}`;
}

const ddmmyyyy = (d: string) => d.split('-').reverse().join('-');

/** A rule's date range as dd-MM-yyyy ('Desde 01-07-2026', 'Cualquiera'). */
export function formatDateRange(from: string | null, to: string | null): string {
  if (from && to) return `${ddmmyyyy(from)} a ${ddmmyyyy(to)}`;
  if (from) return `Desde ${ddmmyyyy(from)}`;
  if (to) return `Hasta ${ddmmyyyy(to)}`;
  return 'Cualquiera';
}
