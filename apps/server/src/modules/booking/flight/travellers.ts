import { type FlightConfirmReserveBody, FLIGHT_MESSAGES as M } from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import type { FlightQuote, Traveller } from '../../../suppliers/index.js';

/** The supplier's required field (TourVisio `requiredFields`, lower-cased) as our form words it, with its check. */
const FIELDS: Record<
  string,
  { label: string; has: (t: FlightConfirmReserveBody['companions'][number], b: FlightConfirmReserveBody) => boolean }
> = {
  title: { label: 'Título', has: (t) => !!t.title },
  birthdate: { label: 'Fecha de nacimiento', has: (t) => !!t.birthDate },
  nationality: { label: 'Nacionalidad', has: (t, b) => !!(t.nationalityCode ?? b.client.nationalityCode) },
  gender: { label: 'Género', has: (t) => !!t.gender },
  leaderemail: { label: 'Email', has: (t, b) => !!(t.email ?? b.client.email) },
  passportinfo: { label: 'Pasaporte', has: (t) => !!(t.passportInfo?.number && t.passportInfo.expireDate) },
};

/**
 * The travellers of a confirmation, checked against what the pre-reservation asked for each (the
 * supplier's required fields and birth-date window, spec §3 flight fields): a Spanish 400 naming the
 * traveller and the field, before anything is written or sent.
 */
export function travellersOf(body: FlightConfirmReserveBody, quote: FlightQuote, firstFlightDay: string): Traveller[] {
  const reqs = quote.travellerRequirements ?? [];
  if (body.companions.length !== quote.travellerIds.length) throw badRequest(M.travellersMismatch, { companions: M.travellersMismatch });
  return body.companions.map((t, i) => {
    const n = i + 1;
    const r = reqs[i];
    for (const field of r?.requiredFields ?? []) {
      const rule = FIELDS[field];
      if (rule && !rule.has(t, body)) {
        const msg = M.travellerFieldRequired(n, rule.label);
        throw badRequest(msg, { [`companions.${i}`]: msg });
      }
    }
    if (t.birthDate && r && ((r.birthDateFrom && t.birthDate < r.birthDateFrom) || (r.birthDateTo && t.birthDate > r.birthDateTo)))
      throw badRequest(M.birthDateOutside(n), { [`companions.${i}.birthDate`]: M.birthDateOutside(n) });
    const p = t.passportInfo;
    if (p?.expireDate && p.expireDate <= firstFlightDay)
      throw badRequest(M.passportExpired(n), { [`companions.${i}.passportInfo.expireDate`]: M.passportExpired(n) });
    const nationality = (t.nationalityCode ?? body.client.nationalityCode)?.toUpperCase();
    return {
      name: t.name,
      surname: t.surname,
      type: r?.type ?? t.type ?? 'adult',
      ...(t.title ? { title: t.title } : {}),
      ...(t.birthDate ? { birthDate: t.birthDate } : {}),
      ...(nationality ? { nationality } : {}),
      ...(t.gender ? { gender: t.gender === 'female' ? ('F' as const) : ('M' as const) } : {}),
      ...(p?.number && p.expireDate
        ? {
            passport: {
              number: p.number,
              expireDate: p.expireDate,
              ...(p.issueDate ? { issueDate: p.issueDate } : {}),
              citizenshipCountryCode: (p.citizenshipCountryCode ?? nationality ?? '').toUpperCase(),
              ...(p.serial ? { serial: p.serial } : {}),
            },
          }
        : {}),
    };
  });
}
