import { INVENTORY_MESSAGES, type PriceBreakdown, VOUCHER_MESSAGES } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import type { MarkupAppliedData, PolicyRuleData, VoucherRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import type { CancellationPolicy } from '../../suppliers/types.js';
import { newBookingReference, type RecordVoucherInput, type VoucherService } from '../voucher/service.js';

/**
 * What the hotel, ticket and transfer bookings of our own inventory share: the re-priced option must
 * still cost what the client saw, and the voucher's money and policy fields come from the same pricing.
 */

/** The client saw another price (or currency) than the one re-priced now: 409 PRICE_CHANGED with the current one. */
export function assertExpectedPrice(expected: { amount: string; currency: string } | undefined, pricing: PriceBreakdown): void {
  if (expected && (expected.currency !== pricing.currency || !new Decimal(expected.amount).eq(pricing.price)))
    throw new AppError(409, 'PRICE_CHANGED', INVENTORY_MESSAGES.priceChanged, { price: `${pricing.price} ${pricing.currency}` });
}

/** The option a booking consumes (migration 0740): a search's option token is booked once. */
export const ownOptionRef = (token: string) => `travesia-option:${token}`;

/**
 * A retry (same key, same user, checked by `vouchers.findReplay`) must be of the same option: a key
 * reused for another option is a 409, never the first option's voucher.
 */
export function assertSameOption(previous: VoucherRow, token: string): VoucherRow {
  if (previous.quoteRef && previous.quoteRef !== ownOptionRef(token))
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', VOUCHER_MESSAGES.idempotencyKeyOtherUser);
  return previous;
}

/** A cancellation policy's rules as a voucher stores them: the penalty fields present, no `to` nor `kind`. */
export function policiesOf(p: CancellationPolicy): PolicyRuleData[] {
  return p.rules.map((r) => ({
    from: r.from,
    ...(r.amount !== undefined ? { amount: r.amount } : {}),
    ...(r.percent !== undefined ? { percent: r.percent } : {}),
    ...(r.nights !== undefined ? { nights: r.nights } : {}),
    currency: r.currency,
  }));
}

/** The voucher's price, markups (one per pricing step), commission, USD rate and policies of an own-inventory booking. */
export function ownVoucherPricing(
  pricing: PriceBreakdown,
  policy: CancellationPolicy,
): {
  price: { gross: string; currency: string };
  markups: MarkupAppliedData[];
  commission: { amount: string; currency: string } | null;
  usdRate: string | null;
  policies: PolicyRuleData[];
} {
  return {
    price: { gross: pricing.price, currency: pricing.currency },
    markups: pricing.steps.map((st) => ({ name: st.scope, type: st.kind, value: st.value, amount: st.amount, currency: pricing.currency })),
    commission: pricing.commission ? { amount: pricing.commission.amount, currency: pricing.currency } : null,
    usdRate: pricing.usdRate,
    policies: policiesOf(policy),
  };
}

/** What differs between own bookings; the rest of the voucher is the same for all of them. */
export type OwnVoucherFields = Omit<
  RecordVoucherInput,
  'agencyId' | 'userId' | 'integrator' | 'provider' | 'status' | 'externalBookingReference' | 'locator'
>;

/**
 * Records an own-inventory booking and takes its rooms or places in ONE transaction: the voucher first
 * (confirmed, provider travesia, our reference as locator: the operator is the supplier), so a retry
 * with the same idempotency key answers the first voucher and takes nothing; then `take`, whose
 * refusal rolls the voucher back as 409 'Sin disponibilidad'. Nothing is ever half-written.
 */
export async function recordOwnBooking(
  deps: { db: Db; vouchers: VoucherService },
  auth: AuthContext,
  agencyId: string,
  fields: OwnVoucherFields,
  take: (tx: Db) => Promise<boolean>,
): Promise<{ voucher: VoucherRow; created: boolean }> {
  const reference = newBookingReference();
  const actor = { kind: 'user' as const, userId: auth.user.id, name: `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim() };
  const outcome = await inTransaction(deps.db, async (tx) => {
    const recorded = await deps.vouchers.record(
      {
        ...fields,
        agencyId,
        userId: auth.user.id,
        integrator: 'travesia',
        provider: 'travesia',
        status: 'confirmed',
        externalBookingReference: reference,
        locator: reference,
      },
      { tx, actor },
    );
    if (recorded.created && !(await take(tx))) throw conflict(INVENTORY_MESSAGES.noAvailability, 'NO_AVAILABILITY');
    return recorded;
  });
  if (outcome.created) deps.vouchers.notifyRecorded(outcome.voucher, undefined);
  return { voucher: outcome.voucher, created: outcome.created };
}
