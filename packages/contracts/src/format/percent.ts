/**
 * Percentages, one style on every screen (decision 0173): Colombian Spanish digits (2.468,83) and a
 * space before the sign, as the RAE and ISO 31-0 write it: '12 %', '2.468,83 %', '-3,5 %'. Up to two
 * decimals, none when whole. Accepts a decimal string (exact, no float on the way) or a number.
 */
const PERCENT = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: true });

export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  // Intl formats a decimal string exactly; the cast is for the typings.
  return `${PERCENT.format((typeof value === 'string' ? value.trim() : value) as unknown as number)} %`;
}
