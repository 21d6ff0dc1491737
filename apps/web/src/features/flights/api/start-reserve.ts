import { useMutation } from '@tanstack/react-query';
import type { Holder, PriceBreakdown, Voucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface FlightTravellerRequirement {
  travellerId: string;
  type: 'adult' | 'child' | 'infant';
  requiredFields: string[];
  birthDateFrom: string | null;
  birthDateTo: string | null;
  titles: string[];
}

export interface StartReserveAnswer {
  success: true;
  msg: string;
  response: {
    voucher: Voucher;
    transaction: { id: string; expiresAt: string | null };
    priceChanged: boolean;
    price: { amount: string; currency: string };
    previousPrice: { amount: string; currency: string };
    breakdown: PriceBreakdown;
    policies: { refundable: boolean; rules: Record<string, unknown>[]; text: string | null };
    travellers: FlightTravellerRequirement[];
  };
}

export interface StartReserveRequest {
  type: 'flight';
  bookingCodes: { cacheId: string; optionId: string };
  start: string;
  flightClass: string;
  client: Holder;
}

/**
 * POST /api/voucher/start-reserve (spec §4, §7): the pre-reservation ('Pre reserve successfully'). A retry
 * under the same idempotency key answers the same pre-reservation (200) instead of opening another.
 */
export const startReserve = ({ body, key }: { body: StartReserveRequest; key: string }) =>
  api<StartReserveAnswer>('/api/voucher/start-reserve', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
    timeoutMs: 60_000,
  });

export const useStartReserve = () => useMutation({ mutationFn: startReserve });
