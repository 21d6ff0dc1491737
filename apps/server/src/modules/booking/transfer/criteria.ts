import { TRANSFER_BOOKING_MESSAGES as M, type ProviderId, type TransferPointInput, type TransferSearchBody } from '@travesia/contracts';
import { AppError, badRequest } from '../../../http/errors.js';
import type { TransferPoint, TransferSearchInput } from '../../../suppliers/index.js';

/**
 * Our typed point as a supplier's point: own inventory takes our places; airports by IATA code everywhere; Hotelbeds takes hotels by
 * their ATLAS code, ports and stations by their codes and addresses as GPS; Juniper locates every
 * point but airports by its transfer zone (ZoneList TRF), which the point must then carry.
 */
export function supplierPoint(supplier: ProviderId, p: TransferPointInput): TransferPoint {
  // Own transfers go between our places.
  if (supplier === 'travesia') {
    if (!p.placeId) throw new AppError(422, 'POINT_NOT_SERVED', M.noPointForSupplier('Travesía'));
    return { type: 'PLACE', code: p.placeId, ...(p.name ? { description: p.name } : {}) };
  }
  if (p.type === 'airport') return { type: 'IATA', code: p.code, ...(p.name ? { description: p.name } : {}) };
  if (supplier === 'juniper') {
    if (p.type === 'address' || !p.zone) throw new AppError(422, 'POINT_NOT_SERVED', M.noPointForSupplier('Juniper'));
    return { type: 'ATLAS', code: p.zone, ...(p.name ? { description: p.name } : {}) };
  }
  if (p.type === 'address') return { type: 'GPS', code: `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}` };
  const type = p.type === 'hotel' ? 'ATLAS' : p.type === 'port' ? 'PORT' : 'STATION';
  return { type, code: p.code, ...(p.name ? { description: p.name } : {}) };
}

/** The adapter's search input for one supplier; the return leg swaps the points (the adapters do). */
export function searchInputFor(supplier: ProviderId, body: TransferSearchBody): TransferSearchInput {
  const children = body.childrenAges.filter((a) => a > 2);
  const infants = body.childrenAges.filter((a) => a <= 2);
  return {
    from: supplierPoint(supplier, body.from),
    to: supplierPoint(supplier, body.to),
    outbound: `${body.outbound.date}T${body.outbound.time}:00`,
    ...(body.return ? { inbound: `${body.return.date}T${body.return.time}:00` } : {}),
    adults: body.adults,
    children: children.length,
    infants: infants.length,
    childrenAges: [...children, ...infants],
  };
}

/** A 400 when the outbound is in the past (in the day of the service). */
export function checkTransferDates(body: TransferSearchBody, today: string): void {
  if (body.outbound.date < today) throw badRequest(M.dateInPast, { 'outbound.date': M.dateInPast });
}

const TERMINALS = new Set(['IATA', 'PORT', 'STATION']);

/** What a leg needs at booking: the transport on a terminal leg, the company when the supplier says so, an address for a GPS pickup. */
export function legRequirements(
  pickup: { from: TransferPoint; to: TransferPoint },
  required: readonly string[] = [],
): { transportNumber: boolean; transportCompany: boolean; pickupAddress: boolean; transportType: 'FLIGHT' | 'CRUISE' | 'TRAIN' | null } {
  const terminal = [pickup.from, pickup.to].find((p) => TERMINALS.has(p.type));
  const transportType = terminal ? (terminal.type === 'PORT' ? 'CRUISE' : terminal.type === 'STATION' ? 'TRAIN' : 'FLIGHT') : null;
  return {
    transportNumber: transportType !== null || required.includes('transportNumber'),
    transportCompany: required.includes('transportCompany'),
    pickupAddress: pickup.from.type === 'GPS' || required.includes('pickupAddress'),
    transportType,
  };
}
