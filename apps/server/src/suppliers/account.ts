import type { ProviderId, SupplierId } from '@travesia/contracts';
import { SupplierError } from './errors.js';

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
  /** An external supplier, or 'travesia' for the built-in own-inventory account (suppliers/travesia). */
  supplier: ProviderId;
  name: string;
  /** The agency's mode at use time: sandbox always reaches the simulator. */
  mode: 'sandbox' | 'production';
  /** Decrypted credentials; never logged, never returned to a client. */
  credentials: Record<string, string>;
  settings: ProviderSettings;
  /** Where requests go: the simulator's path for this supplier in sandbox, the supplier's host in production. */
  baseUrl: string;
}

/** An account of an external supplier (the ones the HTTP layer talks to). */
export type SupplierAccount = ResolvedProviderAccount & { supplier: SupplierId };

export const isSupplierAccount = (a: ResolvedProviderAccount): a is SupplierAccount => a.supplier !== 'travesia';

/** The external supplier of an account that goes over the wire; own inventory never does (SUPPLIER_UNSUPPORTED). */
export function wireSupplierOf(a: ResolvedProviderAccount): SupplierId {
  if (!isSupplierAccount(a)) throw new SupplierError('SUPPLIER_UNSUPPORTED', { supplier: a.supplier, operation: 'http' });
  return a.supplier;
}

/**
 * Production hosts from PROTOCOLS.md for the suppliers with one public host. Juniper (one host per
 * wholesaler) and TourVisio (one per operator) have none: their documented hosts are test hosts
 * (xml-uat.bookingengine.es, webservice.tourvisio.com), so a production account must name its own.
 */
const PRODUCTION_HOSTS: Partial<Record<SupplierId, string>> = {
  hotelbeds: 'https://api.hotelbeds.com',
  restel: 'http://xml.hotelresb2b.com',
};

export function supplierBaseUrl(supplier: SupplierId, mode: 'sandbox' | 'production', simulatorUrl: string, host?: string): string {
  if (mode === 'sandbox') return `${simulatorUrl.replace(/\/$/, '')}/${supplier}`;
  const chosen = host?.trim() || PRODUCTION_HOSTS[supplier];
  if (!chosen) throw new SupplierError('SUPPLIER_HOST_REQUIRED', { supplier, detail: 'production account without host' });
  return chosen.replace(/\/$/, '');
}
