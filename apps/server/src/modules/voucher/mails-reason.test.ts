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
  policies: [],
  nights: null,
  usdRate: null,
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

  it('the confirmation mail states the terms with the one terms function, in the agency zone; remarks with markup are escaped', () => {
    const look = { timeZone: 'America/Bogota', logoUrl: null, footer: null, now: new Date('2030-06-01T12:00:00Z') };
    const booked = {
      ...row,
      status: 'confirmed',
      cancelReason: null,
      remarks: 'Llegada <b>tarde</b>',
      policies: [{ from: '2030-06-08T05:00:00.000Z', percent: '50', currency: 'USD' }],
    } as VoucherRow;
    const free = confirmationMail('a@test.example', booked, undefined, look);
    expect(free.text).toContain('Cancelación: Cancelación gratis hasta 07-06-2030 23:59.');
    expect(free.html).toContain('Observaciones: Llegada &#60;b&#62;tarde&#60;/b&#62;');
    expect(free.html).not.toContain('<b>tarde');
    const late = confirmationMail('a@test.example', booked, undefined, { ...look, now: new Date('2030-06-09T12:00:00Z') });
    expect(late.text).toMatch(/Cancelación: Cancelar ahora cuesta 50[.,]00 USD \(desde 08-06-2030 00:00\)\./);
    // Once cancelled, the penalty line says what it cost; no terms line.
    expect(cancellationMail('a@test.example', row, look).text).not.toContain('Cancelación:');
  });

  it('every mail carries the booking remarks', () => {
    expect(confirmationMail('a@test.example', { ...row, cancelReason: null, status: 'confirmed' } as VoucherRow).text).toContain(
      'Observaciones: Cliente celíaco',
    );
  });
});
