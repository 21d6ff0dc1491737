import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { formFieldErrors, holderAddressShown, holderRules } from './holder-requirements';

describe('holder requirements on the reserve page', () => {
  it('shows the address block only when the option requires a part of it', () => {
    expect(holderAddressShown([])).toBe(false);
    expect(holderAddressShown(['phone', 'email'])).toBe(false);
    expect(holderAddressShown(['phone', 'postalCode'])).toBe(true);
  });

  it('makes a field required, with the server message, only when the option requires it', () => {
    expect(holderRules(['address'], 'city')).toEqual([]);
    expect(holderRules(['address', 'city'], 'address')).toEqual([
      { required: true, whitespace: true, message: 'La dirección del titular es obligatoria para este proveedor' },
    ]);
  });

  it('puts the server field errors on the form names', () => {
    const err = new ApiError(400, 'El teléfono del titular es obligatorio para este proveedor', 'HOLDER_FIELD_REQUIRED', {
      'client.phones': 'El teléfono del titular es obligatorio para este proveedor',
      'client.countryCode': 'El país del titular es obligatorio para este proveedor',
      'client.address': 'La dirección del titular es obligatoria para este proveedor',
    });
    const mapped = formFieldErrors(err) as ApiError;
    expect(mapped).toBeInstanceOf(ApiError);
    expect(mapped.code).toBe('HOLDER_FIELD_REQUIRED');
    expect(Object.keys(mapped.fields ?? {})).toEqual(['client.phone', 'client.country', 'client.address']);
  });
});
