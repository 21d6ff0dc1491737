import { formatMoney } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { VoucherRow } from '../../db/schema/index.js';
import { approvalDecisionMail, approvalRequestMail, cancellationMail, confirmationMail } from './mails.js';

/**
 * Issue 12 #5: mails go to clients and agency staff, so they carry the price only — never the
 * supplier's cost, the markups or the stored breakdown, whoever receives them.
 */
const row = {
  id: '9f0b7a52-8c1e-4d8a-9a55-2b1f3f6d7e01',
  externalBookingReference: 'TRV-ABC123',
  locator: 'LOC-1',
  type: 'hotel',
  status: 'confirmed',
  startDate: '2030-06-10',
  endDate: '2030-06-13',
  client: { name: 'Laura', surname: 'Restrepo', email: 'laura@test.example' },
  priceGross: '1278.76',
  priceCurrency: 'USD',
  costNet: '987.65',
  costCurrency: 'EUR',
  costUsd: '1067.75',
  markups: [{ name: 'platform:rule-platform-1', type: 'fixed', value: '111.11', amount: '111.11', currency: 'USD' }],
  commissionAmount: '22.22',
  commissionCurrency: 'USD',
  penalty: null,
  policies: [],
  nights: 3,
  usdRate: null,
  productName: 'Hotel Caribe',
  product: { name: 'Hotel Caribe', breakdown: { cost: '987.65', agencyCost: '1178.77' } },
  agencyName: 'Viajes A',
} as unknown as VoucherRow;

describe('voucher mails', () => {
  const mails = [
    confirmationMail('laura@test.example', row, 'http://travesia.test/booking/x'),
    approvalRequestMail('laura@test.example', row, 'http://travesia.test/ext/x', new Date('2030-06-01T00:00:00Z')),
    approvalDecisionMail('asesor@test.example', row, true, 'Laura'),
    cancellationMail('asesor@test.example', row),
  ];
  it.each(mails.map((m) => [m.subject, m] as const))('%s shows the price and nothing of the cost or margins', (_s, mail) => {
    const text = `${mail.text}\n${mail.html}`;
    expect(text).toContain(formatMoney('1278.76', 'USD'));
    const formatted = ['987.65', '1067.75', '111.11', '1178.77'].map((a) => formatMoney(a, 'USD'));
    for (const secret of ['987', '1067', '111.11', '1178', 'rule-platform-1', 'EUR', ...formatted]) expect(text).not.toContain(secret);
  });
});
