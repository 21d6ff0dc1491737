import type { Logger } from 'pino';
import type { SecretBox } from '../../lib/secret-box.js';
import { seedDemoProviderAccounts, seedSupplierDestinations } from '../../modules/booking/hotel/seed.js';
import { seedInventory } from '../../modules/inventory/seed.js';
import { seedDemoPaymentGateway } from '../../modules/payments/seed.js';
import { seedPlaces } from '../../modules/place/seed/seed.js';
import { seedDemoWhiteLabel } from '../../modules/white-label/seed.js';
import type { Db } from '../client.js';
import { seedFoundation } from './demo-foundation.js';
import { seedPricing } from './demo-pricing.js';
import { seedDemoVouchers } from './demo-vouchers.js';

export interface SeedContext {
  db: Db;
  log: Logger;
  /** Seals seeded provider credentials; seeders that need it skip without it. */
  secrets?: () => SecretBox;
}

/**
 * Demo seeders in order; each is idempotent (it checks before it writes), so `npm run seed:demo`
 * can run on any database. Each module appends its own.
 */
export const demoSeeders: Array<{ name: string; run: (ctx: SeedContext) => Promise<void> }> = [
  { name: 'foundation', run: seedFoundation },
  { name: 'places', run: async (ctx) => void (await seedPlaces(ctx)) },
  { name: 'inventory', run: seedInventory },
  { name: 'pricing', run: seedPricing },
  { name: 'vouchers', run: seedDemoVouchers },
  { name: 'provider-accounts', run: seedDemoProviderAccounts },
  { name: 'supplier-destinations', run: seedSupplierDestinations },
  { name: 'white-labels', run: seedDemoWhiteLabel },
  { name: 'payment-gateways', run: seedDemoPaymentGateway },
];

export async function seedDemo(ctx: SeedContext) {
  for (const s of demoSeeders) {
    const started = Date.now();
    await s.run(ctx);
    ctx.log.info({ seeder: s.name, ms: Date.now() - started }, 'demo data seeded');
  }
}
