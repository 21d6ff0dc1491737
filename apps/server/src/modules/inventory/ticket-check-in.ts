import {
  formatDateTime,
  TICKET_CHECK_IN_MESSAGES as M,
  OWN_INVENTORY_ACCOUNT_ID,
  type TicketCheckIn,
  voucherSectionOf,
} from '@travesia/contracts';
import type { VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { scopeCondition, type VoucherRepository } from '../voucher/repository.js';
import type { VoucherService } from '../voucher/service.js';
import type { OwnBookingsRepository } from './own-bookings-repository.js';

export interface TicketCheckInDeps {
  repo: Pick<VoucherRepository, 'byReference'>;
  ownBookings: OwnBookingsRepository;
  vouchers: VoucherService;
  now?: () => Date;
}

/**
 * Own-ticket check-in at the entrance (issue 17 item 6, decision 0360; moved here from the ticket flow, 0720): the voucher's QR carries our
 * reference; the booking it names is checked in once, by one conditional UPDATE of `own_bookings`
 * (migration 1080), so a second scan — or two at the same time — is refused with who and when.
 * Only vouchers the caller may see (the voucher scope, from the session); supplier tickets are
 * redeemed by the supplier with its own document.
 */
export class TicketCheckInService {
  private readonly now: () => Date;

  constructor(private readonly deps: TicketCheckInDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async checkIn(auth: AuthContext, rawCode: string): Promise<TicketCheckIn> {
    const code = rawCode.trim();
    const { repo, ownBookings } = this.deps;
    const v = await repo.byReference(code, scopeCondition(this.deps.vouchers.scopeOf(auth)));
    if (!v) throw new AppError(404, 'NOT_FOUND', M.notFound);
    if (v.type !== 'ticket' || v.providerAccountId !== OWN_INVENTORY_ACCOUNT_ID) throw new AppError(400, 'NOT_OWN_TICKET', M.notOwnTicket);
    if (v.status === 'cancelled') throw new AppError(409, 'VOUCHER_CANCELLED', M.cancelled);
    if (v.status !== 'confirmed') throw new AppError(409, 'VOUCHER_NOT_CONFIRMED', M.notConfirmed);

    const by = `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim() || auth.user.email;
    const row = await ownBookings.checkIn(code, this.now(), { id: auth.user.id, name: by });
    if (row?.checkedInAt) return answerOf(v, row.checkedInAt, by);

    const current = await ownBookings.row(code);
    if (!current) throw new AppError(404, 'NOT_FOUND', M.notFound);
    if (current.status === 'cancelled') throw new AppError(409, 'VOUCHER_CANCELLED', M.cancelled);
    const zone = await this.deps.vouchers.timeZoneOf(auth);
    const when = formatDateTime(current.checkedInAt, zone);
    throw new AppError(409, 'ALREADY_CHECKED_IN', M.alreadyCheckedIn(when, current.checkedInByName ?? 'otro usuario'));
  }
}

function answerOf(v: VoucherRow, at: Date, by: string): TicketCheckIn {
  const section = voucherSectionOf({ type: v.type, product: v.product, start: v.startDate, end: v.endDate, nights: v.nights });
  const ticket = section?.kind === 'ticket' ? section : null;
  return {
    voucherId: v.id,
    reference: v.externalBookingReference,
    activity: ticket?.activity ?? v.productName ?? v.product.name,
    date: ticket?.date ?? v.startDate ?? null,
    session: ticket?.session ?? null,
    holder: `${v.client.name} ${v.client.surname ?? ''}`.trim(),
    participants: ticket?.participants.names ?? [],
    checkedInAt: at.toISOString(),
    checkedInBy: by,
  };
}
