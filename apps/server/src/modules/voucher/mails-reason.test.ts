import { describe, expect, it } from 'vitest';
import type { VoucherRow } from '../../db/schema/index.js';
import { cancellationMail, confirmationMail } from './mails.js';

/** Issue 15 item 2: the agent's remarks and cancellation reason reach the mails, escaped in the HTML part. */
const row = {
  id: '9f0b7a52-8c1e-4d8a-9a55-2b1f3f6d7e01',
  externalBookingReference: 'TRV-ABC123',
  locator: null,
  type: 'ticket',
  status: 'cancelled',
  startDate: '2030-06-10',
  endDate: '2030-06-10',
  client: { name: 'Laura' },
  priceGross: '100.00',
  priceCurrency: 'USD',
  penalty: { penalty: '25.00', penaltyCurrency: 'USD' },
  productName: 'Tour',
  product: { name: 'Tour' },
  agencyName: 'Viajes A',
  remarks: 'Cliente celíaco',
  cancelReason: 'El cliente <b>enfermó</b>',
} as unknown as VoucherRow;

describe('voucher mails: remarks and cancellation reason', () => {
  it('the cancellation mail says the penalty and the reason; markup is escaped in HTML', () => {
    const mail = cancellationMail('a@test.example', row);
    expect(mail.text).toContain('Penalidad: 25.00 USD');
    expect(mail.text).toContain('Motivo: El cliente <b>enfermó</b>');
    expect(mail.html).toContain('Motivo: El cliente &#60;b&#62;enfermó&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>enfermó');
  });

  it('every mail carries the booking remarks', () => {
    expect(confirmationMail('a@test.example', { ...row, cancelReason: null, status: 'confirmed' } as VoucherRow).text).toContain(
      'Observaciones: Cliente celíaco',
    );
  });
});
