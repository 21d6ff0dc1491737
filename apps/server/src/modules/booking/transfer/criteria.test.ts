import { TRANSFER_BOOKING_MESSAGES as M, transferSearchBody, transferTimeLabel, transferTimeMeaning } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { legRequirements } from '../../../suppliers/transfer-requirements.js';

const body = transferSearchBody.parse({
  from: { type: 'airport', code: 'ctg', placeId: '6f1c1a52-4b7e-4d7a-9a55-0c1d2e3f4a5b' },
  to: { type: 'hotel', code: '100000', zone: '49002' },
  outbound: { date: '2031-03-03', time: '10:30' },
  return: { date: '2031-03-05', time: '15:00' },
  adults: 2,
  childrenAges: [7, 1],
});

describe('transfer criteria', () => {
  it('says what a leg time means by direction', () => {
    expect(transferTimeMeaning('airport', 'hotel')).toBe('arrival');
    expect(transferTimeMeaning('hotel', 'airport')).toBe('departure');
    expect(transferTimeMeaning('hotel', 'port')).toBe('pickup');
    expect(transferTimeMeaning('port', 'hotel')).toBe('pickup');
    expect(transferTimeLabel('station', 'hotel')).toBe('Hora de llegada del tren');
    expect(transferTimeLabel('address', 'airport')).toBe('Hora de salida del vuelo');
  });

  it('refuses the same point twice, a return before the outbound and more infants than adults', () => {
    const issues = (over: Record<string, unknown>) =>
      transferSearchBody.safeParse({ ...body, ...over }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ to: { type: 'airport', code: 'CTG' } })).toContain(M.samePoint);
    expect(issues({ return: { date: '2031-03-03', time: '09:00' } })).toContain(M.returnBeforeOutbound);
    expect(issues({ adults: 1, childrenAges: [0, 2] })).toContain(M.infantWithoutAdult);
  });

  it('asks a transport number on a leg touching a terminal, an address for an address pickup', () => {
    const hotel = { type: 'ATLAS' as const, code: '1' };
    expect(legRequirements({ from: { type: 'PORT', code: '901' }, to: hotel })).toMatchObject({
      transportNumber: true,
      transportType: 'CRUISE',
    });
    expect(legRequirements({ from: { type: 'GPS', code: '1,1' }, to: hotel })).toMatchObject({
      transportNumber: false,
      pickupAddress: true,
    });
    expect(legRequirements({ from: hotel, to: hotel }, ['transportCompany'])).toMatchObject({
      transportCompany: true,
      transportType: null,
    });
  });
});
