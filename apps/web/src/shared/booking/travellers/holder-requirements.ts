import { HOTEL_BOOKING_MESSAGES, type HolderRequirementKey } from '@travesia/contracts';
import { ApiError } from '../../../lib/api';

/** A required text field's rule: blank or spaces only is missing. */
export const required = (message: string) => [{ required: true, whitespace: true, message }];

/** The postal-address details; the reserve page shows them only when the quoted option requires one. */
const ADDRESS_PARTS: readonly HolderRequirementKey[] = ['address', 'city', 'postalCode', 'country'];

export const holderAddressShown = (required: readonly HolderRequirementKey[]) => required.some((f) => ADDRESS_PARTS.includes(f));

/** The form rules of one holder detail: required, with the server's Spanish message, when the option requires it. */
export function holderRules(required: readonly HolderRequirementKey[], field: HolderRequirementKey) {
  return required.includes(field) ? [{ required: true, whitespace: true, message: HOTEL_BOOKING_MESSAGES.holderFieldRequired[field] }] : [];
}

/** The reserve body's paths (`client.phones`, `client.countryCode`) as the form's field names. */
const FORM_NAMES: Record<string, string> = { 'client.phones': 'client.phone', 'client.countryCode': 'client.country' };

export function formFieldErrors(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [FORM_NAMES[k] ?? k, v]));
  return new ApiError(err.status, err.message, err.code, fields);
}
