import { formatMoney, storefrontPaymentLines } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { channelOf } from './presenter.js';

// Storefront bookings as the agency sees them (issue 20 item 5, docs/decisions/0390): the channel a
// voucher shows and the payments block of its detail, PDF and print page.

describe('channelOf', () => {
  it('names a storefront booking by its white label, and falls back to the slug when the white label is gone', () => {
    expect(channelOf({ integrator: 'storefront:mar-azul' }, 'Mar Azul Viajes')).toEqual({ kind: 'storefront', label: 'Mar Azul Viajes' });
    expect(channelOf({ integrator: 'storefront:mar-azul' }, null)).toEqual({ kind: 'storefront', label: 'Tienda online mar-azul' });
  });
  it('every other integrator is the back office', () => {
    for (const integrator of ['hotelbeds', 'travesia', 'api', 'storefront']) {
      expect(channelOf({ integrator }, null)).toEqual({ kind: 'backoffice', label: 'Back office' });
    }
  });
});

describe('storefront payments block', () => {
  it('shows gateway, reference, amount and status in Spanish', () => {
    const lines = storefrontPaymentLines({
      client: { amount: '10.00', currency: 'USD' },
      storefront: [
        { gateway: 'wompi', reference: '15113-1700000000-12345', amount: '1380.5', currency: 'COP', status: 'approved' },
        { gateway: 'stripe', reference: 'pi_3Nxyz', amount: '99.90', currency: 'USD', status: 'refunded' },
      ],
    });
    expect(lines).toEqual([
      { gateway: 'Wompi', reference: '15113-1700000000-12345', amount: formatMoney('1380.5', 'COP'), status: 'Aprobado' },
      { gateway: 'Stripe', reference: 'pi_3Nxyz', amount: formatMoney('99.90', 'USD'), status: 'Reembolsado' },
    ]);
  });
  it('keeps an unknown gateway or status verbatim rather than hiding the payment', () => {
    const [line] = storefrontPaymentLines({
      storefront: [{ gateway: 'epayco', reference: 'R-1', amount: '5', currency: 'USD', status: 'chargeback' }],
    });
    expect(line).toMatchObject({ gateway: 'epayco', status: 'chargeback' });
  });
  it('is empty for a back-office booking and for a malformed entry', () => {
    expect(storefrontPaymentLines({ client: { amount: '10.00', currency: 'USD' } })).toEqual([]);
    expect(storefrontPaymentLines({ storefront: [{ gateway: 'wompi' }] })).toEqual([]);
    expect(storefrontPaymentLines({ storefront: 'x' })).toEqual([]);
  });
});
