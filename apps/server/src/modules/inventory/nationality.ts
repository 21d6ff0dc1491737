import { badRequest } from '../../http/errors.js';
import { countryCatalog } from '../catalog/countries.js';

const UNKNOWN = 'País de nacionalidad desconocido';

/**
 * The travellers' nationality of a search (spec §7 `countryCode`, decision 0087): alpha-2 or alpha-3,
 * checked against the country catalogue and kept as alpha-2 on the option and the voucher. Absent: null.
 */
export function nationalityOf(code: string | undefined): { code: string; name: string } | null {
  if (!code) return null;
  const c = countryCatalog().find((x) => x.alpha2 === code || x.alpha3 === code);
  if (!c) throw badRequest(UNKNOWN, { countryCode: UNKNOWN });
  return { code: c.alpha2, name: c.name };
}
