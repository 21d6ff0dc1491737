import { z } from 'zod';
import { voucherSchema } from '../vouchers.js';

/**
 * What every kind's reserve answers: 202 while the supplier still books, 201 a new booking, 200 a replay of the same
 * idempotency key; the voucher as the reader's price view shows it.
 */
export const reserveAnswerSchema = z.object({
  success: z.literal(true),
  created: z.boolean(),
  msg: z.string(),
  response: voucherSchema,
});
