import { voucherSectionSchema } from '@travesia/contracts';
import type { z } from 'zod';
import type { ProductSummaryData } from '../../db/schema/index.js';
import { emergencyContactOf } from '../../suppliers/emergency-contact.js';
import type { BookingBase } from '../../suppliers/index.js';

/** A step of the engine's `productAfterBooking` hook: the product with what the booking answer adds, or undefined. */
export type AfterBookingStep = (product: ProductSummaryData, booking: BookingBase) => ProductSummaryData | undefined;

/**
 * The product with its section patched, both checked against the contracts' section schema: undefined (the product
 * left as recorded) when the section is not one, the patch adds nothing or the result would not be valid.
 */
export function patchSection<S extends object>(
  product: ProductSummaryData,
  schema: z.ZodType<S>,
  patch: (section: S) => Partial<S> | undefined,
): ProductSummaryData | undefined {
  const section = schema.safeParse(product.section);
  const added = section.success ? patch(section.data) : undefined;
  if (!section.success || !added) return undefined;
  const next = schema.safeParse({ ...section.data, ...added });
  return next.success ? { ...product, section: next.data } : undefined;
}

/** Steps run in order, each on what the previous left; undefined when none added anything. */
export const afterBooking =
  (...steps: AfterBookingStep[]): AfterBookingStep =>
  (product, booking) => {
    let changed: ProductSummaryData | undefined;
    for (const step of steps) changed = step(changed ?? product, booking) ?? changed;
    return changed;
  };

/**
 * What every kind's voucher takes from the supplier's booking answer: its emergency line (suppliers'
 * `emergencyContactOf`), printed on the detail and the PDF, merged into what the section already had.
 */
export const supplierContactAfterBooking: AfterBookingStep = (product, booking) => {
  const c = emergencyContactOf(booking);
  if (!c) return undefined;
  return patchSection(product, voucherSectionSchema, (section) => ({
    emergencyContact: {
      ...section.emergencyContact,
      ...(c.name ? { name: c.name.slice(0, 200) } : {}),
      ...(c.phone ? { phone: c.phone.slice(0, 60) } : {}),
    },
  }));
};
