import { TRANSFER_BOOKING_MESSAGES as M, type TransferSearchBody } from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import type { TransferPoint } from '../../../suppliers/index.js';

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
