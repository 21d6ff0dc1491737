import {
  type CancellationTerms,
  formatMoney,
  type MeResponse,
  type Voucher,
  type VoucherAccess,
  voucherAccess,
  voucherFactsOf,
  voucherTerms,
} from '@travesia/contracts';

/**
 * What the voucher screens derive from a voucher, kept apart from the components so it is tested
 * without a DOM: which actions the signed-in user may take (the server's own rule, contracts'
 * voucherAccess) and the cancellation terms every voucher screen shows (contracts' voucherTerms).
 */

/** The signed-in user's access to a voucher; the buttons show or enable from it. */
export function accessOf(me: Pick<MeResponse, 'user'>, v: Voucher): VoucherAccess {
  const viewer = {
    type: me.user.type,
    userId: me.user._id,
    agencyId: me.user.agency?._id ?? null,
    canSeeAllVouchers: me.user.canSeeAllVouchers,
  };
  return voucherAccess(viewer, voucherFactsOf(v));
}

/**
 * The deadline shift the reader sees on a voucher (docs/decisions/0300): the agency's, for its own
 * users; platform staff see the supplier's dates.
 */
export function shiftOf(me: Pick<MeResponse, 'user' | 'branding'>, v: Voucher): number {
  return me.branding && me.user.agency?._id === v.agency._id ? me.branding.deadlineShiftDays : 0;
}

/** The terms now, in the reader's zone, with the agency's deadline shift. */
export function termsOf(v: Voucher, now: Date, timeZone: string, shiftDays = 0): CancellationTerms {
  return voucherTerms(v, now, timeZone, shiftDays);
}

/**
 * The penalty line of the bookings dialog: what the cancellation cost when the voucher is cancelled,
 * else what cancelling now would cost (never "Sin penalidad" while a penalty runs).
 */
export function penaltyLine(v: Voucher, now: Date, timeZone: string, shiftDays = 0): string {
  if (v.status === 'cancelled')
    return v.penalty ? `Penalidad cobrada: ${formatMoney(v.penalty.penalty, v.penalty.penaltyCurrency)}` : 'Cancelada sin penalidad';
  const t = termsOf(v, now, timeZone, shiftDays);
  return t.status === 'free' || t.status === 'free-until'
    ? `Sin penalidad si cancelas ahora. ${t.headline}`
    : `Penalidad si cancelas ahora: ${formatMoney(t.penaltyNow.amount, t.penaltyNow.currency)}`;
}
