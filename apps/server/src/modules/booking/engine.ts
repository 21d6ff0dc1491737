import type { ProductKind } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { KeyValueStore } from '../../lib/kv.js';
import type { SupplierLayer } from '../../suppliers/index.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import type { VoucherService } from '../voucher/service.js';
import { QuoteStore } from './quote-store.js';
import { BookingRecovery } from './recovery.js';
import { BookingRepository } from './repository.js';
import { type BookingEngineOptions, DEFAULT_BOOKING_OPTIONS, ReserveEngine } from './reserve.js';
import { type ProductAfterBooking, VoucherSettler } from './settle.js';

export interface BookingEngineDeps {
  db: Db;
  store: KeyValueStore;
  suppliers: SupplierLayer;
  providerAccounts: ProviderAccountService;
  vouchers: VoucherService;
  log: Logger;
  options?: Partial<BookingEngineOptions>;
  now?: () => Date;
  /** Per kind: the voucher's product summary completed from the supplier's booking (settle.ts). */
  productAfterBooking?: Partial<Record<ProductKind, ProductAfterBooking>>;
}

/**
 * The product-agnostic half of every booking flow (README.md): quotes kept for the seller, the one
 * reserve path, recovery of lost answers. A product kind's flow builds on it.
 */
export class BookingEngine {
  readonly options: BookingEngineOptions;
  readonly now: () => Date;
  readonly quotes: QuoteStore;
  readonly settler: VoucherSettler;
  readonly reserves: ReserveEngine;
  readonly recovery: BookingRecovery;

  constructor(d: BookingEngineDeps) {
    this.options = { ...DEFAULT_BOOKING_OPTIONS, ...d.options };
    this.now = d.now ?? (() => new Date());
    const repo = new BookingRepository(d.db);
    const shared = { repo, log: d.log, options: this.options, now: this.now };
    this.quotes = new QuoteStore(d.store);
    this.settler = new VoucherSettler({ db: d.db, repo, vouchers: d.vouchers, productAfterBooking: d.productAfterBooking });
    this.reserves = new ReserveEngine({ ...shared, db: d.db, vouchers: d.vouchers, settler: this.settler });
    this.recovery = new BookingRecovery({ ...shared, suppliers: d.suppliers, providerAccounts: d.providerAccounts, settler: this.settler });
  }

  recoverDue(limit?: number) {
    return this.recovery.recoverDue(limit);
  }

  idle(timeoutMs?: number) {
    return this.reserves.idle(timeoutMs);
  }
}
