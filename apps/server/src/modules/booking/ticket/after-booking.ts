import { ticketSectionSchema } from '@travesia/contracts';
import type { ProductSummaryData } from '../../../db/schema/index.js';
import type { BookingBase, TicketBooking } from '../../../suppliers/index.js';

const FORMATS: Record<string, string> = { 'application/pdf': 'PDF', 'text/html': 'HTML' };

/** Only web addresses are printed as links to hand over: anything else from a supplier is dropped. */
const isWebAddress = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) && url.length <= 2000;

/**
 * What only the supplier's booking answer carries, written into the voucher's ticket section when the
 * booking settles (the engine's `productAfterBooking` hook): the provider's own vouchers (Hotelbeds
 * `activities[].vouchers`, mandatory to hand over when present) and its contact line (`contactInfo`,
 * `providerInformation`) as the emergency contact. Undefined (left as recorded) when there is neither.
 */
export function ticketProductAfterBooking(product: ProductSummaryData, booking: BookingBase): ProductSummaryData | undefined {
  if (booking.kind !== 'ticket') return undefined;
  const b = booking as TicketBooking;
  const section = ticketSectionSchema.safeParse(product.section);
  if (!section.success) return undefined;
  const documents = (b.supplierVouchers ?? [])
    .filter((v) => isWebAddress(v.url))
    .slice(0, 20)
    .map((v) => ({
      url: v.url,
      ...(v.mimeType ? { format: (FORMATS[v.mimeType] ?? v.mimeType).slice(0, 60) } : {}),
      ...(v.language ? { language: v.language.slice(0, 10) } : {}),
    }));
  const contact = b.supplierContact;
  const emergencyContact =
    contact?.phone || contact?.name
      ? {
          ...section.data.emergencyContact,
          ...(contact.name ? { name: contact.name.slice(0, 200) } : {}),
          ...(contact.phone ? { phone: contact.phone.slice(0, 60) } : {}),
        }
      : undefined;
  if (!documents.length && !emergencyContact) return undefined;
  const next = ticketSectionSchema.safeParse({
    ...section.data,
    ...(documents.length ? { supplierDocuments: documents } : {}),
    ...(emergencyContact ? { emergencyContact } : {}),
  });
  return next.success ? { ...product, section: next.data } : undefined;
}
