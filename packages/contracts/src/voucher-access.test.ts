import { describe, expect, it } from 'vitest';
import { mayDoToVoucher, type VoucherFacts, type VoucherViewer, voucherAccess, voucherScopeOf } from './voucher-access.js';

const A = 'agency-a';
const voucher: VoucherFacts = {
  agencyId: A,
  userId: 'adviser-1',
  provider: 'hotelbeds',
  status: 'confirmed',
  approvalStatus: null,
  clientHasEmail: true,
};
const viewer = (over: Partial<VoucherViewer>): VoucherViewer => ({ type: 'agency', userId: 'admin', agencyId: A, ...over });

describe('voucherAccess', () => {
  it('an agency admin may do everything to its agency voucher', () => {
    expect(Object.values(voucherAccess(viewer({}), voucher)).every((d) => d === null)).toBe(true);
  });

  it('another agency: every action is out of scope', () => {
    const access = voucherAccess(viewer({ agencyId: 'agency-b' }), voucher);
    expect(new Set(Object.values(access))).toEqual(new Set(['out-of-scope']));
  });

  it('an adviser sees his own vouchers only unless he may see all; he cancels but never approves', () => {
    const own = viewer({ type: 'adviser', userId: 'adviser-1' });
    expect(voucherAccess(own, voucher)).toMatchObject({
      view: null,
      cancel: null,
      approve: 'no-permission',
      'approval-link': 'no-permission',
    });
    expect(voucherAccess(viewer({ type: 'adviser', userId: 'adviser-2' }), voucher).view).toBe('out-of-scope');
    expect(voucherAccess(viewer({ type: 'adviser', userId: 'adviser-2', canSeeAllVouchers: true }), voucher).view).toBeNull();
  });

  it('the product loader sees own-inventory vouchers only and can neither cancel nor approve', () => {
    const loader = viewer({ type: 'product-loader', agencyId: null });
    expect(voucherAccess(loader, voucher).view).toBe('out-of-scope');
    expect(voucherAccess(loader, { ...voucher, provider: 'travesia' })).toMatchObject({
      view: null,
      cancel: 'no-permission',
      approve: 'no-permission',
    });
  });

  it('a cancelled voucher is printed but not cancelled or approved again; a decided one is not decided twice', () => {
    const admin = viewer({});
    expect(voucherAccess(admin, { ...voucher, status: 'cancelled' })).toMatchObject({
      print: null,
      cancel: 'cancelled',
      approve: 'cancelled',
    });
    expect(voucherAccess(admin, { ...voucher, approvalStatus: 'approved' })).toMatchObject({ cancel: null, approve: 'already-decided' });
    expect(mayDoToVoucher(admin, { ...voucher, clientHasEmail: false }, 'send-approval-link')).toBe(false);
    expect(mayDoToVoucher(admin, { ...voucher, clientHasEmail: false }, 'approval-link')).toBe(true);
  });

  it('super sees every agency; a user without agency sees nothing', () => {
    expect(voucherScopeOf(viewer({ type: 'super', agencyId: null }))).toEqual({ kind: 'all' });
    expect(voucherAccess(viewer({ type: 'reseller', agencyId: null, userId: 'u' }), voucher).view).toBe('out-of-scope');
  });
});
