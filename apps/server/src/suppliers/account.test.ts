import { describe, expect, it } from 'vitest';
import { caught } from '../../test/supplier-harness.js';
import { supplierBaseUrl } from './account.js';

describe('supplier hosts (issue 14)', () => {
  it('a production Juniper or TourVisio account must name its host: no silent default to a test host', async () => {
    for (const supplier of ['juniper', 'santsg'] as const) {
      const err = await caught(async () => supplierBaseUrl(supplier, 'production', 'http://sim', undefined));
      expect(err.code).toBe('SUPPLIER_HOST_REQUIRED');
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/debe indicar el host/);
      expect((await caught(async () => supplierBaseUrl(supplier, 'production', 'http://sim', '  '))).code).toBe('SUPPLIER_HOST_REQUIRED');
    }
    expect(supplierBaseUrl('juniper', 'production', 'http://sim', 'https://xml.mayorista.example/')).toBe('https://xml.mayorista.example');
  });

  it('Hotelbeds and Restel keep their public production hosts; sandbox always goes to the simulator', () => {
    expect(supplierBaseUrl('hotelbeds', 'production', 'http://sim')).toBe('https://api.hotelbeds.com');
    expect(supplierBaseUrl('restel', 'production', 'http://sim')).toBe('http://xml.hotelresb2b.com');
    expect(supplierBaseUrl('juniper', 'sandbox', 'http://sim/')).toBe('http://sim/juniper');
  });
});
