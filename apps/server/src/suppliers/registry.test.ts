import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../test/supplier-harness.js';

let h: SupplierHarness;
beforeAll(async () => {
  h = await startSupplierHarness();
});
afterAll(() => h.close());

describe('supplier registry', () => {
  it('knows which product kinds each supplier sells', () => {
    expect(h.registry.kindsOf('hotelbeds').sort()).toEqual(['hotel', 'ticket', 'transfer']);
    expect(h.registry.kindsOf('juniper').sort()).toEqual(['hotel', 'ticket', 'transfer']);
    expect(h.registry.kindsOf('restel')).toEqual(['hotel']);
    expect(h.registry.kindsOf('santsg')).toEqual(['flight']);
    expect(h.registry.supports('restel', 'flight')).toBe(false);
  });

  it('refuses a product the supplier does not sell with our error', async () => {
    const err = await caught(async () => h.registry.get(h.account('restel'), 'flight'));
    expect(err).toMatchObject({ code: 'SUPPLIER_UNSUPPORTED', status: 400, message: 'Este proveedor no ofrece este tipo de producto.' });
  });

  it('validates input before calling the supplier (Restel: up to 3 rooms)', async () => {
    const rooms = Array.from({ length: 4 }, () => ({ adults: 1, childrenAges: [] }));
    const err = await caught(() =>
      h.registry.hotel(h.account('restel')).search({ checkIn: inDays(10), checkOut: inDays(12), destination: 'COBOL', rooms }),
    );
    expect(err.code).toBe('SUPPLIER_INVALID_REQUEST');
  });

  it('never sends simulator scenarios for production accounts', async () => {
    const account = { ...h.account('hotelbeds'), mode: 'production' as const };
    const res = await h.registry
      .hotel(account)
      .search(
        { checkIn: inDays(10), checkOut: inDays(12), destination: 'MIA', rooms: [{ adults: 2, childrenAges: [] }] },
        { simScenario: 'quota' },
      );
    expect(res.offers.length).toBeGreaterThan(0);
  });
});
