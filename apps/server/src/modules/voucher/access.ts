import { type VoucherAction, type VoucherDenial, type VoucherFacts, type VoucherViewer, voucherAccess } from '@travesia/contracts';
import type { VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { VOUCHER_ACCESS_ERRORS } from '../../messages/vouchers.js';

/** The session's user as the voucher access rule sees it (contracts/voucher-access.ts). */
export function viewerOf(auth: AuthContext): VoucherViewer {
  const { user } = auth;
  return { type: user.type, userId: user.id, agencyId: user.agencyId, canSeeAllVouchers: user.canSeeAllVouchers };
}

export function factsOf(v: VoucherRow): VoucherFacts {
  return {
    agencyId: v.agencyId,
    userId: v.userId,
    provider: v.provider,
    status: v.status,
    approvalStatus: v.approvalStatus,
    clientHasEmail: !!v.client.email,
  };
}

/** The error a refused action answers; each action keeps the code its clients already know. */
function denialError(action: VoucherAction, denial: VoucherDenial): AppError {
  const e = VOUCHER_ACCESS_ERRORS[denial];
  if (denial === 'cancelled' && action !== 'cancel')
    return new AppError(e.status, 'VOUCHER_CANCELLED', VOUCHER_ACCESS_ERRORS.approveCancelled);
  return new AppError(e.status, e.code, e.message);
}

/** Throws unless the caller may do `action` to the voucher (the same rule the web uses to show the button). */
export function assertMayDo(auth: AuthContext, v: VoucherRow, action: VoucherAction): void {
  const denial = voucherAccess(viewerOf(auth), factsOf(v))[action];
  if (denial) throw denialError(action, denial);
}
