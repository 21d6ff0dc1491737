import { ticketSectionSchema } from '@travesia/contracts';
import type { TicketBooking } from '../../../suppliers/index.js';
import { type AfterBookingStep, afterBooking, patchSection, supplierContactAfterBooking } from '../voucher-section.js';

const FORMATS: Record<string, string> = { 'application/pdf': 'PDF', 'text/html': 'HTML' };

/** Only web addresses are printed as links to hand over: anything else from a supplier is dropped. */
const isWebAddress = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) && url.length <= 2000;

/** The provider's own vouchers (Hotelbeds `activities[].vouchers`, mandatory to hand over when present). */
const supplierDocuments: AfterBookingStep = (product, booking) => {
  if (booking.kind !== 'ticket') return undefined;
  const documents = ((booking as TicketBooking).supplierVouchers ?? [])
    .filter((v) => isWebAddress(v.url))
    .slice(0, 20)
    .map((v) => ({
      url: v.url,
      ...(v.mimeType ? { format: (FORMATS[v.mimeType] ?? v.mimeType).slice(0, 60) } : {}),
      ...(v.language ? { language: v.language.slice(0, 10) } : {}),
    }));
  return documents.length ? patchSection(product, ticketSectionSchema, () => ({ supplierDocuments: documents })) : undefined;
};

/**
 * What only the supplier's booking answer carries, written into the voucher's ticket section when the booking
 * settles (the engine's `productAfterBooking` hook): the provider's own vouchers, then its contact line as the
 * emergency contact (the engine's step, every kind's). Undefined (left as recorded) when there is neither.
 */
export const ticketProductAfterBooking = afterBooking(supplierDocuments, supplierContactAfterBooking);
