import { type HotelReserveBody, HOTEL_BOOKING_MESSAGES as M } from '@travesia/contracts';
import { badRequest } from '../../http/errors.js';
import type { Holder, HolderRequirement } from '../../suppliers/index.js';

/** The holder block of a reserve body (spec §3 client), shared by every product kind. */
export type ReserveClient = HotelReserveBody['client'];

/** The holder's value for each detail a supplier may require. */
const HOLDER_VALUES: Record<HolderRequirement, (c: ReserveClient) => string | undefined> = {
  email: (c) => c.email,
  phone: (c) => c.phones?.find((p) => p.trim()),
  address: (c) => c.address,
  city: (c) => c.city,
  postalCode: (c) => c.postalCode,
  country: (c) => c.countryCode ?? c.country,
};

/**
 * A 400 naming each holder detail the quoted option requires (Juniper HotelRequiredFields) and the
 * body lacks, before anything is recorded or the supplier is called (docs/decisions/0181).
 */
export function assertRequiredHolderFields(required: readonly HolderRequirement[] | undefined, client: ReserveClient): void {
  const missing = (required ?? []).filter((f) => HOLDER_VALUES[f] && !HOLDER_VALUES[f](client)?.trim());
  if (!missing.length) return;
  const fields = Object.fromEntries(
    missing.map((f) => [`client.${f === 'phone' ? 'phones' : f === 'country' ? 'countryCode' : f}`, M.holderFieldRequired[f]]),
  );
  throw badRequest(M.holderFieldRequired[missing[0]], fields, 'HOLDER_FIELD_REQUIRED');
}

/** The holder as the adapters take it: name, contact and, when given, the postal address. */
export function supplierHolder(c: ReserveClient): Holder {
  const name = c.name.trim();
  const phone = HOLDER_VALUES.phone(c)?.trim();
  const address = {
    line: c.address?.trim() || undefined,
    city: c.city?.trim() || undefined,
    postalCode: c.postalCode?.trim() || undefined,
    country: HOLDER_VALUES.country(c)?.trim() || undefined,
  };
  return {
    name,
    surname: c.surname?.trim() || name,
    email: c.email,
    ...(phone ? { phone } : {}),
    ...(Object.values(address).some(Boolean) ? { address } : {}),
  };
}

/**
 * The supplier's remarks as kept on the voucher: trimmed, blank and repeated ones dropped, in the
 * supplier's order (docs/decisions/0180); each capped so a runaway reply cannot bloat the row.
 */
export function voucherRemarks(remarks: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const r of remarks ?? []) {
    if (typeof r !== 'string') continue;
    const text = r.replace(/\s+/g, ' ').trim().slice(0, 2000);
    if (text && !out.includes(text)) out.push(text);
    if (out.length === 50) break;
  }
  return out;
}
