import { type FlightConfirmReserveBody, FLIGHT_MESSAGES as M } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { FlightQuote } from '../../../suppliers/index.js';
import { travellersOf } from './travellers.js';

const FLIGHT_DAY = '2027-03-01';
const quote = {
  travellerIds: ['t1'],
  travellerRequirements: [{ type: 'adult', requiredFields: ['passportinfo'], birthDateFrom: '1927-03-01', birthDateTo: '2015-03-01' }],
} as unknown as FlightQuote;
const body = (companion: Record<string, unknown>) =>
  ({
    client: { name: 'Ana', surname: 'Gómez', email: 'ana@example.com', nationalityCode: 'CO' },
    companions: [{ name: 'Ana', surname: 'Gómez', birthDate: '1990-05-01', ...companion }],
  }) as unknown as FlightConfirmReserveBody;
const passport = (expireDate: string) => ({ number: 'PA123456', expireDate, citizenshipCountryCode: 'CO' });

/** Issue 19's bad input: each a Spanish 400 naming the traveller, before anything is sent. */
describe('the travellers of a flight confirmation', () => {
  it('takes a traveller with what the supplier asked for', () => {
    const [t] = travellersOf(body({ passportInfo: passport('2031-01-01') }), quote, FLIGHT_DAY);
    expect(t).toMatchObject({
      name: 'Ana',
      type: 'adult',
      nationality: 'CO',
      passport: { number: 'PA123456', citizenshipCountryCode: 'CO' },
    });
  });

  it('refuses a passport that expires on or before the first flight', () => {
    expect(() => travellersOf(body({ passportInfo: passport(FLIGHT_DAY) }), quote, FLIGHT_DAY)).toThrow(M.passportExpired(1));
    expect(() => travellersOf(body({ passportInfo: passport('2026-12-31') }), quote, FLIGHT_DAY)).toThrow(M.passportExpired(1));
  });

  it("refuses a birth date outside the supplier's window for that traveller", () => {
    expect(() => travellersOf(body({ birthDate: '2020-01-01', passportInfo: passport('2031-01-01') }), quote, FLIGHT_DAY)).toThrow(
      M.birthDateOutside(1),
    );
  });

  it('refuses a missing required field and a wrong number of travellers', () => {
    expect(() => travellersOf(body({}), quote, FLIGHT_DAY)).toThrow(M.travellerFieldRequired(1, 'Pasaporte'));
    const two = body({ passportInfo: passport('2031-01-01') });
    two.companions.push({ ...two.companions[0] });
    expect(() => travellersOf(two, quote, FLIGHT_DAY)).toThrow(M.travellersMismatch);
  });
});
