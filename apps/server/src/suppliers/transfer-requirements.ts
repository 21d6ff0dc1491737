import type { TransferPoint } from './types.js';

const TERMINALS = new Set(['IATA', 'PORT', 'STATION']);

/**
 * What a supplier needs to book a transfer leg: the transport (flight, cruise or train) on a leg touching a terminal,
 * the company when the supplier's quote asks for it (Juniper `TransferRequiredFields`), an address for a GPS pickup.
 */
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
