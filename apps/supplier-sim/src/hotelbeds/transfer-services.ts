import { today } from '../core/dates.js';
import { VEHICLES } from '../core/inventory.js';
import { centsToDecimal } from '../core/prng.js';
import { isTerminal, type ResolvedPoint, resolvePoint, shift } from '../core/transfer-points.js';

export { pickupAt } from '../core/transfer-points.js';

/**
 * Hotelbeds Transfer API 1.0 service bodies (availability `services[]` and booking `transfers[]`), in the
 * documented shape: puggan/apitudetransfer docs/Model TransferServiceAvail, PickupInformation, Pickup,
 * CheckPickup, TransferServiceContent, TransferServiceBooking; recorded replies typed in public code
 * (server fixtures/README.md T1–T4) — including their `null`s.
 */

/** What a rateKey carries (opaque to clients, signed by the simulator). */
export interface TrKey extends Record<string, unknown> {
  v: string;
  dir: 'ARRIVAL' | 'DEPARTURE';
  from: { type: string; code: string };
  to: { type: string; code: string };
  /** Pickup date-time (local). */
  at: string;
  /** The time the passenger asked for (flight/train arrival or departure, desired pickup at a port). */
  asked: string;
  ad: number;
  ch: number;
  inf: number;
  c: number;
  cur: string;
}

/** The public address of the final pickup time (checkPickup.url); the real one is the supplier's (guess, decision 0225). */
export const CHECK_PICKUP_URL = 'https://www.checkpickup.com';
const SIM_IMAGES = 'https://sim.travesia.test/img/transfers';

/** Departures to the listed airports and every shared shuttle towards an airport publish the final time later. */
export function mustCheckPickup(k: TrKey, from: ResolvedPoint, to: ResolvedPoint): boolean {
  const v = VEHICLES.find((x) => x.id === k.v);
  return !isTerminal(from) && to.kind === 'airport' && (from.area.checkPickupAirports.includes(to.code) || v?.transferType === 'SHARED');
}

function pickupOf(k: TrKey) {
  const from = resolvePoint(k.from.type, k.from.code) as ResolvedPoint;
  const to = resolvePoint(k.to.type, k.to.code) as ResolvedPoint;
  const check = mustCheckPickup(k, from, to);
  const description =
    from.kind === 'airport'
      ? 'Once you have collected your luggage, a staff member will be waiting for you at the arrivals hall with a sign with your name on it.'
      : from.kind === 'port'
        ? 'The driver will be waiting for you at the cruise terminal exit with a sign with your name on it.'
        : from.kind === 'station'
          ? 'The driver will be waiting for you at the main station exit with a sign with your name on it.'
          : check
            ? 'Departure pickup time is not the flight departure time. Check the final pickup time on the website given.'
            : 'The driver will pick you up at the reception of your accommodation.';
  return {
    address: from.address ?? null,
    number: null,
    town: from.town ?? null,
    zip: from.zip ?? null,
    description,
    altitude: null,
    latitude: from.latitude ?? null,
    longitude: from.longitude ?? null,
    checkPickup: { mustCheckPickupTime: check, url: check ? CHECK_PICKUP_URL : null, hoursBeforeConsulting: check ? 48 : null },
    pickupId: null,
    stopName: null,
    image: null,
  };
}

function contentOf(k: TrKey) {
  const v = VEHICLES.find((x) => x.id === k.v)!;
  const arrival = k.dir === 'ARRIVAL';
  return {
    vehicle: { code: v.id, name: v.vehicle },
    category: { code: v.category, name: v.category },
    images: ['SMALL', 'MEDIUM', 'LARGE', 'EXTRALARGE'].map((type) => ({
      url: `${SIM_IMAGES}/${v.id.toLowerCase()}-${type.toLowerCase()}.jpg`,
      type,
    })),
    transferDetailInfo: [
      v.transferType === 'PRIVATE'
        ? { id: 'ER', name: 'Exclusive ride for you', description: 'Only your party travels in the vehicle.', type: 'GENERAL_INFO' }
        : { id: 'SH', name: 'Shared ride', description: 'Other passengers may share the vehicle; several stops.', type: 'GENERAL_INFO' },
      { id: 'BAGS', name: 'Luggage', description: '1 suitcase and 1 piece of hand luggage per person.', type: 'GENERAL_INFO' },
    ],
    customerTransferTimeInfo: [{ value: arrival ? 60 : 10, type: 'CUSTOMER_MAX_WAITING_TIME', metric: 'minutes' }],
    supplierTransferTimeInfo: [{ value: arrival ? 90 : 15, type: 'SUPPLIER_MAX_WAITING_TIME_INTERNATIONAL', metric: 'minutes' }],
    transferRemarks: [
      {
        type: 'CONTRACT',
        description: arrival
          ? 'In case of flight delay the driver waits; if you cannot find the driver call the emergency number.'
          : 'Please be ready at the pickup point 5 minutes before the pickup time.',
        mandatory: true,
      },
    ],
  };
}

/** Non-refundable premium cars (penalty from today), free cancellation until 24 h before the others. */
export function policyOf(k: TrKey): { amount: number; from: string; currencyId: string }[] {
  const v = VEHICLES.find((x) => x.id === k.v)!;
  const total = Number(centsToDecimal(k.c));
  const from = v.category === 'PREMIUM' ? `${today()}T00:00:00` : shift(k.at, -24);
  return [{ amount: total, from, currencyId: k.cur }];
}

/** Penalty in force now, cents (policy `from` is local time read as UTC, as clients do). */
export function chargeNow(k: TrKey, now = Date.now()): number {
  return policyOf(k).some((p) => Date.parse(`${p.from}Z`) <= now) ? k.c : 0;
}

export function serviceBody(k: TrKey, id: number, rateKey: string | null) {
  const v = VEHICLES.find((x) => x.id === k.v)!;
  const from = resolvePoint(k.from.type, k.from.code) as ResolvedPoint;
  const to = resolvePoint(k.to.type, k.to.code) as ResolvedPoint;
  const amount = Number(centsToDecimal(k.c));
  return {
    id,
    direction: k.dir,
    transferType: v.transferType,
    vehicle: { code: v.id, name: v.vehicle },
    category: { code: v.category, name: v.category },
    pickupInformation: {
      from: { code: k.from.code, description: from.name, type: k.from.type },
      to: { code: k.to.code, description: to.name, type: k.to.type },
      date: k.at.slice(0, 10),
      time: k.at.slice(11, 19),
      pickup: pickupOf(k),
    },
    minPaxCapacity: v.min,
    maxPaxCapacity: v.max,
    content: contentOf(k),
    price: { totalAmount: amount, netAmount: amount, currencyId: k.cur },
    ...(rateKey !== null ? { rateKey } : {}),
    cancellationPolicies: policyOf(k).map((p) => ({ ...p, isForceMajeure: null })),
    links: [{ rel: 'confirm', href: '/booking', method: 'POST' }],
    factsheetId: null,
  };
}

/** The booking reply's paxes: AD/CH/IN with ages (names are not echoed per service). */
export function paxesOf(k: TrKey) {
  return [
    ...Array.from({ length: k.ad }, () => ({ type: 'AD', age: 30 })),
    ...Array.from({ length: k.ch }, () => ({ type: 'CH', age: 8 })),
    ...Array.from({ length: k.inf }, () => ({ type: 'IN', age: 1 })),
  ];
}
