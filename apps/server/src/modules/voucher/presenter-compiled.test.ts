import { type PriceBreakdown, voucherDetailSchema, voucherPageSchema } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { VoucherRow } from '../../db/schema/index.js';
import { compileResponseSchema } from '../../http/compiled-response.js';
import { presentVoucher, presentVoucherForCompiledAnswer } from './presenter.js';

/**
 * Decision 0740: the voucher lists and detail are not parsed by the presenter; the route's compiled view
 * schema is what strips. Here the production serializer (no zod pass before it) must send exactly the
 * parsed view — so no hidden figure — for every kind of viewer.
 */
const breakdown: PriceBreakdown = {
  cost: '987.65',
  costCurrency: 'EUR',
  rate: '1.0811',
  convertedCost: '1067.66',
  steps: [
    { ruleId: 'rule-platform-1', scope: 'platform', kind: 'fixed', value: '111.11', valueCurrency: 'USD', basis: null, amount: '111.11' },
    { ruleId: 'rule-agency-1', scope: 'agency', kind: 'fixed', value: '77.77', valueCurrency: 'USD', basis: null, amount: '77.77' },
    { ruleId: null, scope: 'commission', kind: 'fixed', value: '22.22', valueCurrency: 'USD', basis: null, amount: '22.22' },
  ],
  agencyCost: '1178.77',
  netPrice: '1256.54',
  price: '1278.76',
  currency: 'USD',
  commission: { mode: 'on-top', type: 'fixed', value: '22.22', amount: '22.22', source: 'agency' },
  usdEquivalent: '1278.76',
  usdRate: '1',
  belowCost: false,
};

const at = new Date('2030-06-01T10:00:00Z');
const row = {
  id: '9f0b7a52-8c1e-4d8a-9a55-2b1f3f6d7e01',
  agencyId: '5a0b7a52-8c1e-4d8a-9a55-2b1f3f6d7e02',
  userId: '6b0b7a52-8c1e-4d8a-9a55-2b1f3f6d7e03',
  agencyName: 'Viajes A',
  userName: 'Asesora Uno',
  type: 'hotel',
  integrator: 'travesia',
  provider: 'travesia',
  providerAccountId: null,
  status: 'confirmed',
  startDate: '2030-06-10',
  endDate: '2030-06-13',
  nights: 3,
  client: { name: 'Laura', surname: 'Restrepo', email: 'laura@test.example' },
  companions: [],
  priceGross: '1278.76',
  priceCurrency: 'USD',
  costNet: '987.65',
  costCurrency: 'EUR',
  markups: [
    { name: 'platform:rule-platform-1', type: 'fixed', value: '111.11', amount: '111.11', currency: 'USD' },
    { name: 'agency:rule-agency-1', type: 'fixed', value: '77.77', amount: '77.77', currency: 'USD' },
  ],
  commissionAmount: '22.22',
  commissionCurrency: 'USD',
  priceUsd: '1278.76',
  costUsd: '1067.75',
  usdRate: '1',
  payments: { client: { amount: '1278.76', currency: 'USD' } },
  bookingCodes: [],
  policies: [],
  penalty: null,
  externalBookingReference: 'TRV-ABC123',
  locator: 'LOC-1',
  supplierReferences: [],
  shortLocator: 'ABC123',
  product: { name: 'Hotel Caribe', destination: 'Cartagena', breakdown },
  approvalStatus: null,
  approvalKeyExpiresAt: null,
  approvalDecision: null,
  createdAt: at,
  updatedAt: at,
  version: 1,
  supplierRemarks: [],
  remarks: null,
  cancelReason: null,
} as unknown as VoucherRow;

const SUPPLIER_SECRETS = ['987.65', '1067.75', '1067.66', '1.0811', '111.11', 'rule-platform-1', 'EUR'];
const AGENCY_SECRETS = ['1178.77', '77.77', 'rule-agency-1'];

describe('voucher answers serialised by the compiled view schema (production)', () => {
  const page = compileResponseSchema(voucherPageSchema);
  const detail = compileResponseSchema(voucherDetailSchema);
  const pageOf = (docs: unknown[]) => ({
    docs,
    totalDocs: docs.length,
    limit: 20,
    page: 1,
    totalPages: 1,
    hasNextPage: false,
    hasPrevPage: false,
    nextPage: null,
    prevPage: null,
    totalDocsCapped: false,
  });

  it.each([
    ['super', []],
    ['agency', SUPPLIER_SECRETS],
    ['adviser', [...SUPPLIER_SECRETS, ...AGENCY_SECRETS]],
    ['reseller', [...SUPPLIER_SECRETS, ...AGENCY_SECRETS]],
    ['product-loader', [...SUPPLIER_SECRETS, ...AGENCY_SECRETS]],
  ] as const)('sends the %s exactly the parsed view, nothing hidden', (viewer, hidden) => {
    const shaped = presentVoucherForCompiledAnswer(viewer, row, null, null);
    const parsed = presentVoucher(viewer, row, null, null);
    const sentPage = page(pageOf([shaped]));
    expect(JSON.parse(sentPage)).toEqual(JSON.parse(JSON.stringify(pageOf([parsed]))));
    const sentDetail = detail({ ...shaped, events: [] });
    expect(JSON.parse(sentDetail)).toEqual(JSON.parse(JSON.stringify({ ...parsed, events: [] })));
    for (const text of [sentPage, sentDetail]) {
      expect(text).toContain('1278.76');
      for (const secret of hidden) expect(text, `${viewer} sees ${secret}`).not.toContain(secret);
    }
  });
});
