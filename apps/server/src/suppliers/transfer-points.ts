import { TRANSFER_BOOKING_MESSAGES as M, type TransferPointInput, type TransferSearchBody } from '@travesia/contracts';
import { AppError } from '../http/errors.js';
import type { TransferPoint, TransferSearchInput } from './types.js';

/**
 * What every transfer adapter's `point` shares (each supplier's mapping lives in its folder): the point's name kept
 * as its description, airports by IATA code, and the 422 for a point this supplier cannot locate.
 */
export const named = (p: TransferPointInput, point: TransferPoint): TransferPoint => (p.name ? { ...point, description: p.name } : point);

export const iataPoint = (p: TransferPointInput & { type: 'airport' }): TransferPoint => named(p, { type: 'IATA', code: p.code });

export const pointNotServed = (supplierLabel: string) => new AppError(422, 'POINT_NOT_SERVED', M.noPointForSupplier(supplierLabel));

/** The adapter's search input from our criteria and its point mapping; the return leg swaps the points (the adapters do). */
export function transferSearchInput(body: TransferSearchBody, point: (p: TransferPointInput) => TransferPoint): TransferSearchInput {
  const children = body.childrenAges.filter((a) => a > 2);
  const infants = body.childrenAges.filter((a) => a <= 2);
  return {
    from: point(body.from),
    to: point(body.to),
    outbound: `${body.outbound.date}T${body.outbound.time}:00`,
    ...(body.return ? { inbound: `${body.return.date}T${body.return.time}:00` } : {}),
    adults: body.adults,
    children: children.length,
    infants: infants.length,
    childrenAges: [...children, ...infants],
  };
}
