import {
  formatDateTime,
  TICKET_CHECK_IN_MESSAGES as M,
  OWN_INVENTORY_ACCOUNT_ID,
  type TicketCheckIn,
  voucherSectionOf,
} from '@travesia/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ownBookings, type VoucherRow, vouchers } from '../../../db/schema/index.js';
import type { AuthContext } from '../../../http/auth.js';
import { AppError } from '../../../http/errors.js';
import { scopeCondition } from '../../voucher/repository.js';
import type { VoucherService } from '../../voucher/service.js';

export interface TicketCheckInDeps {
  db: Db;
  vouchers: VoucherService;
  now?: () => Date;
}

/**
 * Own-ticket check-in at the entrance (issue 17 item 6, decision 0360): the voucher's QR carries our
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
    const { db } = this.deps;
    const [v] = await db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.externalBookingReference, code), scopeCondition(this.deps.vouchers.scopeOf(auth))))
      .limit(1);
    if (!v) throw new AppError(404, 'NOT_FOUND', M.notFound);
    if (v.type !== 'ticket' || v.providerAccountId !== OWN_INVENTORY_ACCOUNT_ID) throw new AppError(400, 'NOT_OWN_TICKET', M.notOwnTicket);
    if (v.status === 'cancelled') throw new AppError(409, 'VOUCHER_CANCELLED', M.cancelled);
    if (v.status !== 'confirmed') throw new AppError(409, 'VOUCHER_NOT_CONFIRMED', M.notConfirmed);

    const by = `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim() || auth.user.email;
    const [row] = await db
      .update(ownBookings)
      .set({ checkedInAt: this.now(), checkedInBy: auth.user.id, checkedInByName: by })
      .where(and(eq(ownBookings.clientReference, code), eq(ownBookings.status, 'confirmed'), isNull(ownBookings.checkedInAt)))
      .returning();
    if (row?.checkedInAt) return answerOf(v, row.checkedInAt, by);

    const [current] = await db.select().from(ownBookings).where(eq(ownBookings.clientReference, code)).limit(1);
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
