import { can } from './permissions.js';
import type { UserType } from './user-types.js';
import type { VoucherStatus } from './voucher-status.js';

/**
 * Who may do what to a voucher, written once (issue 13 item 7, docs/decisions/0205): the server checks
 * it before acting and the web hides or disables the buttons with the same rule.
 */

/** The reader, from the session only. */
export interface VoucherViewer {
  type: UserType;
  userId: string;
  agencyId: string | null;
  /** An adviser without it sees only the vouchers he booked (spec §6). */
  canSeeAllVouchers?: boolean;
}

/** What the rule needs to know of a voucher. */
export interface VoucherFacts {
  agencyId: string;
  userId: string | null;
  provider: string;
  status: VoucherStatus;
  approvalStatus: 'pending' | 'approved' | 'rejected' | null;
  /** Whether the holder has an e-mail (the approval link can be sent to the client). */
  clientHasEmail: boolean;
}

/** The vouchers a viewer may see (the server turns it into the query's filter). */
export type VoucherScopeRule =
  | { kind: 'all' }
  | { kind: 'agency'; agencyId: string }
  | { kind: 'user'; userId: string; agencyId: string }
  | { kind: 'own-inventory' };

export const VOUCHER_ACTIONS = ['view', 'print', 'cancel', 'approve', 'approval-link', 'send-approval-link'] as const;
export type VoucherAction = (typeof VOUCHER_ACTIONS)[number];

/** Why an action is refused; `null` in a VoucherAccess means allowed. */
export type VoucherDenial = 'out-of-scope' | 'no-permission' | 'cancelled' | 'already-decided' | 'no-client-email';
export type VoucherAccess = Record<VoucherAction, VoucherDenial | null>;

/** Spanish reasons, for the web's tooltips and the server's answers. */
export const VOUCHER_DENIAL_MESSAGES: Record<VoucherDenial, string> = {
  'out-of-scope': 'Reserva no encontrada',
  'no-permission': 'No tienes permiso para esta acción',
  cancelled: 'La reserva está cancelada',
  'already-decided': 'Esta reserva ya tiene una decisión registrada',
  'no-client-email': 'El titular no tiene correo electrónico',
};

/** The viewer's scope (spec §6): super all; product loader own inventory; a restricted adviser his own; else the agency's. */
export function voucherScopeOf(viewer: VoucherViewer): VoucherScopeRule {
  if (viewer.type === 'super') return { kind: 'all' };
  if (viewer.type === 'product-loader') return { kind: 'own-inventory' };
  // A user without an agency sees nothing: an agency id no agency has.
  if (!viewer.agencyId) return { kind: 'user', userId: viewer.userId, agencyId: viewer.userId };
  if (viewer.type === 'adviser' && !viewer.canSeeAllVouchers) return { kind: 'user', userId: viewer.userId, agencyId: viewer.agencyId };
  return { kind: 'agency', agencyId: viewer.agencyId };
}

/** Whether a voucher is inside a scope (the same condition the server's query applies). */
export function inVoucherScope(scope: VoucherScopeRule, v: Pick<VoucherFacts, 'agencyId' | 'userId' | 'provider'>): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'agency':
      return v.agencyId === scope.agencyId;
    case 'user':
      return v.userId === scope.userId && v.agencyId === scope.agencyId;
    case 'own-inventory':
      return v.provider === 'travesia';
  }
}

/** Every action at once, each allowed (`null`) or with the first reason it is refused. */
export function voucherAccess(viewer: VoucherViewer, v: VoucherFacts): VoucherAccess {
  const visible = inVoucherScope(voucherScopeOf(viewer), v);
  const first = (...checks: Array<VoucherDenial | false>) =>
    visible ? (checks.find((c): c is VoucherDenial => !!c) ?? null) : 'out-of-scope';
  const cancelled = v.status === 'cancelled' && 'cancelled';
  const decided = (v.approvalStatus === 'approved' || v.approvalStatus === 'rejected') && 'already-decided';
  const mayApprove = !can(viewer.type, 'vouchers:approve') && 'no-permission';
  return {
    view: first(),
    print: first(),
    cancel: first(!can(viewer.type, 'vouchers:cancel') && 'no-permission', cancelled),
    approve: first(mayApprove, cancelled, decided),
    'approval-link': first(mayApprove, cancelled, decided),
    'send-approval-link': first(mayApprove, cancelled, decided, !v.clientHasEmail && 'no-client-email'),
  };
}

/** One action: allowed or not. */
export function mayDoToVoucher(viewer: VoucherViewer, v: VoucherFacts, action: VoucherAction): boolean {
  return voucherAccess(viewer, v)[action] === null;
}

/** The rule's facts of a voucher as the API answers it (the web's side). */
export function voucherFactsOf(v: {
  agency: { _id: string };
  user: { _id: string } | null;
  provider: string;
  status: VoucherStatus;
  approval: { status: 'pending' | 'approved' | 'rejected' } | null;
  client: { email?: string };
}): VoucherFacts {
  return {
    agencyId: v.agency._id,
    userId: v.user?._id ?? null,
    provider: v.provider,
    status: v.status,
    approvalStatus: v.approval?.status ?? null,
    clientHasEmail: !!v.client.email,
  };
}
