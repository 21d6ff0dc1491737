import type { ProductKind, ProviderId } from '@travesia/contracts';
import type { ResolvedProviderAccount } from './account.js';
import { SupplierError } from './errors.js';
import { HotelbedsActivityAdapter } from './hotelbeds/activity-adapter.js';
import { testHotelbedsConnection } from './hotelbeds/connection.js';
import { HotelbedsHotelAdapter } from './hotelbeds/hotel-adapter.js';
import { HotelbedsTransferAdapter } from './hotelbeds/transfer-adapter.js';
import type { SupplierHttp } from './http/supplier-http.js';
import { JuniperHotelAdapter, testJuniperConnection } from './juniper/adapter.js';
import { JuniperTicketAdapter } from './juniper/ticket-adapter.js';
import { JuniperTransferAdapter } from './juniper/transfer-adapter.js';
import { RestelHotelAdapter, testRestelConnection } from './restel/adapter.js';
import { TourVisioFlightAdapter, testTourVisioConnection } from './santsg/adapter.js';
import { TravesiaHotelAdapter } from './travesia/hotel-adapter.js';
import type { OwnInventoryPort } from './travesia/ports.js';
import { TravesiaTicketAdapter } from './travesia/ticket-adapter.js';
import { TravesiaTransferAdapter } from './travesia/transfer-adapter.js';
import type { CallContext, ConnectionTestResult, SupplierAdapterMap } from './types.js';

type Factory<K extends ProductKind> = (http: SupplierHttp, account: ResolvedProviderAccount) => SupplierAdapterMap[K];
type ConnectionTester = (http: SupplierHttp, account: ResolvedProviderAccount, ctx?: CallContext) => Promise<ConnectionTestResult>;

/**
 * Adapters keyed by supplier and product kind, as Medusa v2 providers are: callers ask for the
 * adapter of a provider account and get one bound to it. Adapters never read the database.
 */
export class SupplierRegistry {
  private readonly factories = new Map<string, Factory<ProductKind>>();
  private readonly testers = new Map<ProviderId, ConnectionTester>();

  constructor(readonly http: SupplierHttp) {}

  register<K extends ProductKind>(supplier: ProviderId, kind: K, factory: Factory<K>): this {
    this.factories.set(`${supplier}:${kind}`, factory as unknown as Factory<ProductKind>);
    return this;
  }

  registerConnectionTest(supplier: ProviderId, tester: ConnectionTester): this {
    this.testers.set(supplier, tester);
    return this;
  }

  supports(supplier: ProviderId, kind: ProductKind): boolean {
    return this.factories.has(`${supplier}:${kind}`);
  }

  /** The product kinds a supplier serves. */
  kindsOf(supplier: ProviderId): ProductKind[] {
    return [...this.factories.keys()].filter((k) => k.startsWith(`${supplier}:`)).map((k) => k.split(':')[1] as ProductKind);
  }

  /** The adapter of `kind` bound to this account; SUPPLIER_UNSUPPORTED (400) when the supplier doesn't sell it. */
  get<K extends ProductKind>(account: ResolvedProviderAccount, kind: K): SupplierAdapterMap[K] {
    const factory = this.factories.get(`${account.supplier}:${kind}`);
    if (!factory) throw new SupplierError('SUPPLIER_UNSUPPORTED', { supplier: account.supplier, operation: `${kind}.get` });
    return factory(this.http, account) as SupplierAdapterMap[K];
  }

  hotel(account: ResolvedProviderAccount) {
    return this.get(account, 'hotel');
  }
  ticket(account: ResolvedProviderAccount) {
    return this.get(account, 'ticket');
  }
  transfer(account: ResolvedProviderAccount) {
    return this.get(account, 'transfer');
  }
  flight(account: ResolvedProviderAccount) {
    return this.get(account, 'flight');
  }

  /** A cheap authenticated call per product key pair ("probar conexión"); never throws. */
  async testConnection(account: ResolvedProviderAccount, ctx?: CallContext): Promise<ConnectionTestResult> {
    const tester = this.testers.get(account.supplier);
    if (!tester) return { ok: false, checks: [{ product: 'account', ok: false, message: 'Proveedor no soportado', durationMs: 0 }] };
    return tester(this.http, account, ctx);
  }
}

/**
 * The registry with every adapter this codebase ships. Own inventory (`travesia`) answers through
 * the port the inventory module implements, asked at use time (services.ts builds it after this).
 */
export function createSupplierRegistry(http: SupplierHttp, opts: { ownInventory?: () => OwnInventoryPort | null } = {}): SupplierRegistry {
  const own = (): OwnInventoryPort => {
    const port = opts.ownInventory?.();
    if (!port) throw new SupplierError('SUPPLIER_UNSUPPORTED', { supplier: 'travesia', operation: 'own-inventory' });
    return port;
  };
  return new SupplierRegistry(http)
    .register('travesia', 'hotel', (_h, a) => new TravesiaHotelAdapter(own(), a))
    .register('travesia', 'ticket', (_h, a) => new TravesiaTicketAdapter(own(), a))
    .register('travesia', 'transfer', (_h, a) => new TravesiaTransferAdapter(own(), a))
    .register('hotelbeds', 'hotel', (h, a) => new HotelbedsHotelAdapter(h, a))
    .register('hotelbeds', 'ticket', (h, a) => new HotelbedsActivityAdapter(h, a))
    .register('hotelbeds', 'transfer', (h, a) => new HotelbedsTransferAdapter(h, a))
    .registerConnectionTest('hotelbeds', testHotelbedsConnection)
    .register('juniper', 'hotel', (h, a) => new JuniperHotelAdapter(h, a))
    .register('juniper', 'ticket', (h, a) => new JuniperTicketAdapter(h, a))
    .register('juniper', 'transfer', (h, a) => new JuniperTransferAdapter(h, a))
    .registerConnectionTest('juniper', testJuniperConnection)
    .register('restel', 'hotel', (h, a) => new RestelHotelAdapter(h, a))
    .registerConnectionTest('restel', testRestelConnection)
    .register('santsg', 'flight', (h, a) => new TourVisioFlightAdapter(h, a))
    .registerConnectionTest('santsg', testTourVisioConnection);
}
