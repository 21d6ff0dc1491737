import { describe, expect, it } from 'vitest';
import { MARKUP_SUPPLIER_LABELS } from '../markup.js';
import { SUPPLIER_PRODUCT_KINDS } from '../provider-account.js';
import { SUPPLIER_LABELS } from '../suppliers.js';
import { VOUCHER_PROVIDER_LABELS } from '../vouchers.js';
import { providerMaxRooms, providerModule } from './providers.js';

describe('the provider catalogue', () => {
  it('gives the labels every older map showed', () => {
    expect(SUPPLIER_LABELS).toEqual({ hotelbeds: 'Hotelbeds', juniper: 'Juniper', restel: 'Restel', santsg: 'SAN TSG TourVisio' });
    expect(MARKUP_SUPPLIER_LABELS.travesia).toBe('Travesía (inventario propio)');
    expect(VOUCHER_PROVIDER_LABELS).toEqual({
      travesia: 'Travesía',
      hotelbeds: 'Hotelbeds',
      juniper: 'Juniper',
      restel: 'Restel',
      santsg: 'SAN TSG',
    });
    expect(SUPPLIER_PRODUCT_KINDS).toEqual({
      hotelbeds: ['hotel', 'ticket', 'transfer'],
      juniper: ['hotel', 'ticket', 'transfer'],
      restel: ['hotel'],
      santsg: ['flight'],
    });
  });

  it('names the module of each kind, resort modes included, and null for a kind not sold', () => {
    expect(providerModule('hotelbeds', 'transfer')).toBe('transfers-hotelbeds');
    expect(providerModule('juniper', 'hotel', 'disney')).toBe('hotels-juniper-disney');
    expect(providerModule('hotelbeds', 'hotel', 'disney')).toBeNull();
    expect(providerModule('travesia', 'ticket')).toBe('tickets-travesia');
    expect(providerModule('restel', 'ticket')).toBeNull();
  });

  it('keeps the room limits of spec §9', () => {
    expect(providerMaxRooms('restel')).toBe(3);
    expect(providerMaxRooms('hotelbeds')).toBe(9);
    expect(providerMaxRooms('santsg')).toBe(0);
  });
});
