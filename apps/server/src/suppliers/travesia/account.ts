import { OWN_INVENTORY_ACCOUNT_ID, PROVIDER_CATALOGUE } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';

export { OWN_INVENTORY_ACCOUNT_ID };

/**
 * The built-in account of our own inventory: every agency may use it (its modules say for what); it
 * has no credentials nor host, and the mode is only recorded (own inventory has no sandbox).
 */
export function ownInventoryAccount(mode: 'sandbox' | 'production'): ResolvedProviderAccount {
  return {
    id: OWN_INVENTORY_ACCOUNT_ID,
    supplier: 'travesia',
    name: PROVIDER_CATALOGUE.travesia.label,
    mode,
    credentials: {},
    settings: { currency: 'USD', nationality: 'CO', language: 'es' },
    baseUrl: 'travesia:',
  };
}

/**
 * Whether an account id names the built-in account: its id, or the provider id the hotel flow's cached own searches
 * name their source by (`travesia`, booking/hotel/stream.ts), so they resolve like any account.
 */
export const isOwnInventoryAccount = (id: string | null | undefined): boolean => id === OWN_INVENTORY_ACCOUNT_ID || id === 'travesia';

/**
 * The built-in account as a source of a search, beside the agency's provider accounts (the short name is the one
 * the progress rows and filters show). Listed when the agency's module of the kind for own inventory is on.
 */
export const ownInventorySource = {
  accountId: OWN_INVENTORY_ACCOUNT_ID,
  supplier: 'travesia' as const,
  name: PROVIDER_CATALOGUE.travesia.shortLabel,
};

/** The built-in account of a provider that has one (our own inventory), for routes that name the provider, not an account. */
export const builtInAccountOf = (provider: string): string | undefined =>
  provider === ownInventorySource.supplier ? ownInventorySource.accountId : undefined;
