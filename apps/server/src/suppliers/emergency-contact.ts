import type { BookingBase, TicketBooking, TransferBooking } from './types.js';

/**
 * The supplier's emergency line as its booking answer carries it, or undefined: a ticket's contact line (Hotelbeds
 * `contactInfo`, `providerInformation`); a transfer's emergency phone (Hotelbeds `sourceMarketEmergencyNumber`) with
 * the company's name, a transfer company alone being no line to call.
 */
export function emergencyContactOf(booking: BookingBase): { name?: string; phone?: string } | undefined {
  if (booking.kind === 'ticket') {
    const c = (booking as TicketBooking).supplierContact;
    return c?.phone || c?.name ? { name: c.name, phone: c.phone } : undefined;
  }
  if (booking.kind === 'transfer') {
    const b = booking as TransferBooking;
    const phone = b.legs?.map((l) => l.emergencyPhone?.trim()).find(Boolean);
    return phone ? { name: b.supplierCompany?.name, phone } : undefined;
  }
  return undefined;
}
