import type { AgencyModule } from '../modules.js';
import type { ProductKind, SupplierId } from '../suppliers.js';

/** Every provider a booking can come from: the external suppliers and our own inventory. */
export type ProviderId = SupplierId | 'travesia';

/**
 * The built-in provider account of our own inventory (suppliers/travesia): a voucher booked from own
 * inventory keeps it as `providerAccountId`, so recovery and cancellation resolve it like any
 * supplier account. Never stored in provider_accounts; no credentials.
 */
export const OWN_INVENTORY_ACCOUNT_ID = '7a7e5100-0000-4000-8000-000000000001';

/** What a provider sells of one product kind: the agency module that enables it, and its limits. */
export interface ProviderKind {
  module: AgencyModule;
  /** Hotels: most rooms per search (spec §9: Restel up to 3). */
  maxRooms?: number;
  /** Hotels: the module of each resort mode (Juniper's Disney / Universal). */
  resortModules?: Partial<Record<'disney' | 'universal', AgencyModule>>;
}

export interface ProviderEntry {
  /** Spanish name, as lists, filters and markups show it. */
  label: string;
  /** Shorter name (voucher lists, exports). */
  shortLabel: string;
  kinds: Partial<Record<ProductKind, ProviderKind>>;
  /**
   * Answered inside our own process (our own inventory's queries), not over the network: a streamed search starts
   * it once every network source's request has left (decision 0510), since its work would hold them back.
   */
  inProcess?: true;
}

/**
 * THE provider catalogue (issue 13): id → Spanish labels, the kinds each sells with their module flag
 * and limits. The older per-purpose lists and label maps (`SUPPLIER_LABELS`, `MARKUP_SUPPLIER_LABELS`,
 * `VOUCHER_PROVIDER_LABELS`, `SUPPLIER_PRODUCT_KINDS`) are derived from it.
 */
export const PROVIDER_CATALOGUE = {
  travesia: {
    label: 'Travesía (inventario propio)',
    shortLabel: 'Travesía',
    inProcess: true,
    kinds: {
      hotel: { module: 'hotels-travesia', maxRooms: 9 },
      ticket: { module: 'tickets-travesia' },
      transfer: { module: 'transfers-travesia' },
    },
  },
  hotelbeds: {
    label: 'Hotelbeds',
    shortLabel: 'Hotelbeds',
    kinds: {
      hotel: { module: 'hotels-hotelbeds', maxRooms: 9 },
      ticket: { module: 'tickets-hotelbeds' },
      transfer: { module: 'transfers-hotelbeds' },
    },
  },
  juniper: {
    label: 'Juniper',
    shortLabel: 'Juniper',
    kinds: {
      hotel: {
        module: 'hotels-juniper',
        maxRooms: 9,
        resortModules: { disney: 'hotels-juniper-disney', universal: 'hotels-juniper-universal' },
      },
      ticket: { module: 'tickets-juniper' },
      transfer: { module: 'transfers-juniper' },
    },
  },
  restel: { label: 'Restel', shortLabel: 'Restel', kinds: { hotel: { module: 'hotels-restel', maxRooms: 3 } } },
  santsg: { label: 'SAN TSG TourVisio', shortLabel: 'SAN TSG', kinds: { flight: { module: 'flights-santsg-tourvisio' } } },
} as const satisfies Record<ProviderId, ProviderEntry>;

const entry = (id: ProviderId): ProviderEntry => PROVIDER_CATALOGUE[id];

/** The kinds a provider sells, in the catalogue's order. */
export const providerKinds = (id: ProviderId): ProductKind[] => Object.keys(entry(id).kinds) as ProductKind[];

/**
 * The agency module a provider's kind needs (a resort mode has its own), or null when the provider
 * does not sell the kind.
 */
export function providerModule(id: ProviderId, kind: ProductKind, resort?: 'disney' | 'universal' | null): AgencyModule | null {
  const k = entry(id).kinds[kind];
  if (!k) return null;
  return resort ? (k.resortModules?.[resort] ?? null) : k.module;
}

/** Whether a provider is answered inside our own process (`inProcess`); false for an id the catalogue does not know. */
export const providerInProcess = (id: string): boolean =>
  (PROVIDER_CATALOGUE as Record<string, ProviderEntry | undefined>)[id]?.inProcess === true;

/** A provider's Spanish label; an id the catalogue does not know as it is. */
export const providerLabel = (id: string): string => (PROVIDER_CATALOGUE as Record<string, ProviderEntry | undefined>)[id]?.label ?? id;

/** Most rooms per hotel search a provider accepts (0 when it sells no hotels). */
export const providerMaxRooms = (id: ProviderId): number => entry(id).kinds.hotel?.maxRooms ?? 0;

/** Labels derived from the catalogue, for the maps older code imports. */
export const providerLabels = <K extends ProviderId>(ids: readonly K[], short = false): Record<K, string> =>
  perProvider(ids, (id) => (short ? entry(id).shortLabel : entry(id).label));

/** One value per provider of `ids`, as a record (derived maps of the catalogue). */
export function perProvider<K extends ProviderId, V>(ids: readonly K[], of: (id: K) => V): Record<K, V> {
  const out = {} as Record<K, V>;
  for (const id of ids) out[id] = of(id);
  return out;
}
