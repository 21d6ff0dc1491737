import { describe, expect, it } from 'vitest';
import type { ProductSummaryData } from '../../../db/schema/index.js';
import type { BookingBase } from '../../../suppliers/index.js';
import { ticketProductAfterBooking } from './after-booking.js';

const product = {
  name: 'Tour',
  section: { kind: 'ticket', activity: 'Tour', date: '2027-01-10', participants: { adults: 2, children: 0 } },
} as unknown as ProductSummaryData;
const booking = (over: Record<string, unknown>) => ({ kind: 'ticket', ...over }) as unknown as BookingBase;

describe("a ticket voucher after the supplier's answer", () => {
  it("keeps the provider's own vouchers and its contact line", () => {
    const next = ticketProductAfterBooking(
      product,
      booking({
        supplierVouchers: [{ url: 'https://vouchers.example/R1.pdf', mimeType: 'application/pdf', language: 'es' }],
        supplierContact: { name: 'Operador', phone: '+5756600000' },
      }),
    );
    expect(next?.section).toMatchObject({
      supplierDocuments: [{ url: 'https://vouchers.example/R1.pdf', format: 'PDF', language: 'es' }],
      emergencyContact: { name: 'Operador', phone: '+5756600000' },
    });
  });

  it('leaves the voucher as recorded when the answer adds nothing, or is not a ticket', () => {
    expect(ticketProductAfterBooking(product, booking({ supplierVouchers: [] }))).toBeUndefined();
    expect(ticketProductAfterBooking(product, { kind: 'hotel' } as unknown as BookingBase)).toBeUndefined();
  });

  it('drops a document whose address is not http(s) rather than the whole section', () => {
    const next = ticketProductAfterBooking(
      product,
      booking({ supplierVouchers: [{ url: 'javascript:alert(1)' }], supplierContact: { phone: '+1 555' } }),
    );
    expect(next?.section).toMatchObject({ emergencyContact: { phone: '+1 555' } });
    expect(next?.section).not.toHaveProperty('supplierDocuments');
  });
});
