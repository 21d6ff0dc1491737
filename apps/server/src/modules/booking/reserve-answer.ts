import type { FastifyReply } from 'fastify';
import type { VoucherRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { presentVoucher } from '../voucher/presenter.js';

/**
 * Every flow's reserve answer: 202 while the provider still books (the page follows the voucher), 201
 * for a new booking, 200 for a replay of the same idempotency key; the voucher as the reader may see it.
 */
export function reserveAnswer(
  reply: FastifyReply,
  auth: AuthContext,
  { voucher, created }: { voucher: VoucherRow; created: boolean },
  msg: { pending: string; done: string },
) {
  const pending = voucher.status === 'pending-provider';
  reply.status(pending ? 202 : created ? 201 : 200);
  return {
    success: true as const,
    created,
    msg: pending ? msg.pending : msg.done,
    response: presentVoucher(auth.user.type, voucher, null),
  };
}
