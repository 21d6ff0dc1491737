import type { MeResponse, Voucher } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { accessOf, penaltyLine, shiftOf, termsOf } from './voucher-view';

const voucher = {
  _id: 'v1',
  agency: { _id: 'ag-1', name: 'Viajes A', logo: null },
  user: { _id: 'u-adviser', profile: { name: 'Ana' } },
  provider: 'travesia',
  status: 'confirmed',
  approval: null,
  client: { name: 'Laura', email: 'laura@test.example' },
  price: { gross: '304.82', currency: 'USD' },
  nights: 2,
  usd: { price: '304.82', rate: '1' },
  policies: [{ from: '2026-11-18T05:00:00Z', percent: '50', currency: 'USD' }],
  penalty: null,
} as unknown as Voucher;

const me = (type: MeResponse['user']['type'], id: string, agencyId: string | null = 'ag-1') =>
  ({ user: { _id: id, type, agency: agencyId ? { _id: agencyId, name: 'A' } : null, canSeeAllVouchers: false } }) as unknown as MeResponse;

describe('voucher screens', () => {
  it('the buttons follow the server rule: an adviser cancels his booking but never approves', () => {
    const access = accessOf(me('adviser', 'u-adviser'), voucher);
    expect(access.cancel).toBeNull();
    expect(access.approve).toBe('no-permission');
    expect(accessOf(me('agency', 'admin'), { ...voucher, status: 'cancelled' } as Voucher).cancel).toBe('cancelled');
  });

  it('the dialog never says "Sin penalidad" while a penalty runs (issue 15: 50% right after booking)', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(penaltyLine(voucher, now, 'America/Bogota')).toBe('Penalidad si cancelas ahora: 152.41 USD');
    expect(termsOf(voucher, now, 'America/Bogota').badge).toBe('Reembolsable con penalidad');
    const before = new Date('2026-11-10T12:00:00Z');
    expect(penaltyLine(voucher, before, 'America/Bogota')).toBe(
      'Sin penalidad si cancelas ahora. Cancelación gratis hasta 17-11-2026 23:59.',
    );
  });

  it('a cancelled voucher shows what was charged', () => {
    const cancelled = { ...voucher, status: 'cancelled', penalty: { penalty: '10.00', penaltyCurrency: 'USD' } } as unknown as Voucher;
    expect(penaltyLine(cancelled, new Date(), 'UTC')).toBe('Penalidad cobrada: 10.00 USD');
  });

  it("the agency's users see its deadline shift on its own vouchers; platform staff and other agencies the supplier's", () => {
    const branding = { deadlineShiftDays: 3 } as MeResponse['branding'];
    const own = { ...me('adviser', 'u-adviser'), branding } as MeResponse;
    const other = { ...me('agency', 'x', 'ag-2'), branding } as MeResponse;
    expect(shiftOf(own, voucher)).toBe(3);
    expect(shiftOf(other, voucher)).toBe(0);
    expect(shiftOf(me('super', 's', null), voucher)).toBe(0);
    const before = new Date('2026-11-10T12:00:00Z');
    expect(penaltyLine(voucher, before, 'America/Bogota', shiftOf(own, voucher))).toBe(
      'Sin penalidad si cancelas ahora. Cancelación gratis hasta 14-11-2026 23:59.',
    );
  });
});
