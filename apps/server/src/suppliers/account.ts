import type { SupplierId } from '@travesia/contracts';

/**
 * The seam between provider accounts (stored, encrypted, per agency or template) and the supplier
 * adapters: an adapter receives a resolved account and never reads the database itself.
 */
export interface ProviderSettings {
  /** ISO 4217 currency asked of the supplier, e.g. 'USD'. */
  currency: string;
  /** ISO 3166-1 alpha-2 default nationality / country of residence / source market. */
  nationality: string;
  /** Language code sent to the supplier, e.g. 'es'. */
  language: string;
  /** Per-operation timeout overrides in milliseconds, keyed by operation name (e.g. 'hotel.search'). */
  timeouts?: Record<string, number>;
}

export interface ResolvedProviderAccount {
  id: string;
  supplier: SupplierId;
  name: string;
  /** The agency's mode at use time: sandbox always reaches the simulator. */
  mode: 'sandbox' | 'production';
  /** Decrypted credentials; never logged, never returned to a client. */
  credentials: Record<string, string>;
  settings: ProviderSettings;
  /** Where requests go: the simulator's path for this supplier in sandbox, the supplier's host in production. */
  baseUrl: string;
}

/** Production hosts from PROTOCOLS.md; Juniper and TourVisio hosts are per client and come from the account. */
const PRODUCTION_HOSTS: Record<SupplierId, string> = {
  hotelbeds: 'https://api.hotelbeds.com',
  juniper: 'https://xml-uat.bookingengine.es',
  restel: 'http://xml.hotelresb2b.com',
  santsg: 'http://webservice.tourvisio.com/v2',
};

export function supplierBaseUrl(supplier: SupplierId, mode: 'sandbox' | 'production', simulatorUrl: string, host?: string): string {
  if (mode === 'sandbox') return `${simulatorUrl.replace(/\/$/, '')}/${supplier}`;
  return (host || PRODUCTION_HOSTS[supplier]).replace(/\/$/, '');
}
