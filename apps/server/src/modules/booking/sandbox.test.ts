import { describe, expect, it } from 'vitest';
import type { SupplierAccount } from '../../suppliers/account.js';
import { ownInventoryAccount } from '../../suppliers/travesia/account.js';
import { sandboxed } from './sandbox.js';

const suppliers = { baseUrlFor: (supplier: string, mode: string) => `http://sim.test/${supplier}/${mode}` };
const production: SupplierAccount = {
  id: 'acc-1',
  supplier: 'hotelbeds',
  name: 'Hotelbeds',
  mode: 'production',
  credentials: { apiKey: 'k' },
  settings: { currency: 'USD', nationality: 'CO', language: 'es' },
  baseUrl: 'https://api.hotelbeds.example',
};

describe('sandboxed', () => {
  it("points a supplier's production account at its simulator, keeping everything else", () => {
    const s = sandboxed(suppliers, production);
    expect(s).toEqual({ ...production, mode: 'sandbox', baseUrl: 'http://sim.test/hotelbeds/sandbox' });
    expect(production.mode).toBe('production');
  });

  it('answers an account already in sandbox as it is', () => {
    const inSandbox = { ...production, mode: 'sandbox' as const, baseUrl: 'http://elsewhere.test' };
    expect(sandboxed(suppliers, inSandbox)).toBe(inSandbox);
  });

  it('leaves the built-in own-inventory account alone: own inventory has no simulator', () => {
    const own = ownInventoryAccount('production');
    expect(sandboxed(suppliers, own)).toBe(own);
    expect(own).toMatchObject({ mode: 'production', baseUrl: 'travesia:' });
  });
});
