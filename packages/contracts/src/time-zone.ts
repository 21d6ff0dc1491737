/**
 * The agency's business time zone (issue 16): every date its users, vouchers, PDFs, e-mails and
 * dashboard periods show is read in it. Bogotá is the default of an agency that never chose one.
 */
export const DEFAULT_TIME_ZONE = 'America/Bogota';

/** An IANA zone name ('Europe/Madrid', 'UTC') that this runtime's ICU knows; offsets and abbreviations are refused. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every zone name the runtime lists, for pickers (falls back to the default alone on old runtimes). */
export function timeZoneNames(): string[] {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return list?.length ? list : [DEFAULT_TIME_ZONE];
}
