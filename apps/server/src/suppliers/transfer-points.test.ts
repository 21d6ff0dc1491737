import { TRANSFER_BOOKING_MESSAGES as M, type ProviderId, type TransferPointInput, transferSearchBody } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { hotelbedsTransferPoint } from './hotelbeds/transfer-mappers.js';
import { juniperTransferPoint } from './juniper/transfer-mappers.js';
import { transferSearchInput } from './transfer-points.js';
import { ownTransferPoint } from './travesia/transfer-adapter.js';
import type { TransferPoint } from './types.js';

// Moved from modules/booking/transfer/criteria.test.ts with the mapping (each adapter's `point`, decision 0720).
const POINTS: Partial<Record<ProviderId, (p: TransferPointInput) => TransferPoint>> = {
  hotelbeds: hotelbedsTransferPoint,
  juniper: juniperTransferPoint,
  travesia: ownTransferPoint,
};
const supplierPoint = (supplier: ProviderId, p: TransferPointInput) => (POINTS[supplier] as (p: TransferPointInput) => TransferPoint)(p);
const searchInputFor = (supplier: ProviderId, b: typeof body) => transferSearchInput(b, (p) => supplierPoint(supplier, p));

const place = '6f1c1a52-4b7e-4d7a-9a55-0c1d2e3f4a5b';
const body = transferSearchBody.parse({
  from: { type: 'airport', code: 'ctg', placeId: place },
  to: { type: 'hotel', code: '100000', zone: '49002' },
  outbound: { date: '2031-03-03', time: '10:30' },
  return: { date: '2031-03-05', time: '15:00' },
  adults: 2,
  childrenAges: [7, 1],
});

describe('transfer points per supplier', () => {
  it('maps typed points per supplier: Hotelbeds by code, Juniper by zone, own inventory by our place', () => {
    expect(supplierPoint('hotelbeds', body.to)).toEqual({ type: 'ATLAS', code: '100000' });
    expect(supplierPoint('juniper', body.to)).toEqual({ type: 'ATLAS', code: '49002' });
    expect(supplierPoint('travesia', body.from)).toEqual({ type: 'PLACE', code: place });
    expect(() => supplierPoint('travesia', body.to)).toThrow(M.noPointForSupplier('Travesía'));
    expect(supplierPoint('hotelbeds', { type: 'address', latitude: 10.4, longitude: -75.5 })).toEqual({
      type: 'GPS',
      code: '10.400000,-75.500000',
    });
    expect(searchInputFor('hotelbeds', body)).toMatchObject({
      from: { type: 'IATA', code: 'CTG' },
      outbound: '2031-03-03T10:30:00',
      inbound: '2031-03-05T15:00:00',
      adults: 2,
      children: 1,
      infants: 1,
      childrenAges: [7, 1],
    });
  });
});
