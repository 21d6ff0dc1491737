import { seedFoundation } from '../db/seed/demo-foundation.js';
import { seedPricing } from '../db/seed/demo-pricing.js';
import { seedDemoVouchers } from '../db/seed/demo-vouchers.js';
import type { BackgroundSeedContext, SeedContext } from '../db/seed/index.js';
import { seedDemoProviderAccounts, seedSupplierDestinations } from '../modules/booking/hotel/seed.js';
import { seedInventory } from '../modules/inventory/seed.js';
import { seedDemoPaymentGateway } from '../modules/payments/seed.js';
import { seedPlaces } from '../modules/place/seed/seed.js';
import { seedDemoWhiteLabel } from '../modules/white-label/seed.js';

type Seeder = { name: string; run: (ctx: BackgroundSeedContext) => Promise<void> };

/**
 * Demo seeders in order; each is idempotent (it checks before it writes), so `npm run seed:demo`
 * can run on any database. Each module appends its own. These are what the first screens need
 * (sign-in, dashboard, searches of the demo destinations): `npm start` waits for them before it is ready.
 */
export const demoSeeders: Seeder[] = [
  { name: 'foundation', run: seedFoundation },
  { name: 'places (demo countries)', run: async (ctx) => void (await seedPlaces(ctx, { part: 'demo-countries' })) },
  { name: 'inventory', run: seedInventory },
  { name: 'pricing', run: seedPricing },
  { name: 'vouchers', run: seedDemoVouchers },
  { name: 'provider-accounts', run: seedDemoProviderAccounts },
  { name: 'supplier-destinations', run: seedSupplierDestinations },
  { name: 'white-labels', run: seedDemoWhiteLabel },
  { name: 'payment-gateways', run: seedDemoPaymentGateway },
];

/**
 * The rest of the demo data, which no first screen waits for: `npm start` runs these after it is
 * ready, in the background (decision 0470); `/health/ready` says `seed: 'running'` meanwhile.
 */
export const backgroundSeeders: Seeder[] = [
  {
    name: 'places (rest of the world)',
    run: async (ctx) => void (await seedPlaces(ctx, { part: 'remaining', pause: ctx.pause, signal: ctx.signal })),
  },
];

async function runSeeders(seeders: Seeder[], ctx: BackgroundSeedContext) {
  for (const s of seeders) {
    const started = Date.now();
    const cpu = process.cpuUsage();
    await s.run(ctx);
    const used = process.cpuUsage(cpu);
    // CPU of the whole process (the figure a loaded machine does not inflate; background work included).
    ctx.log.info({ seeder: s.name, ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000) }, 'demo data seeded');
  }
}

/** What the first screens need (before readiness). */
export const seedDemoFirst = (ctx: SeedContext) => runSeeders(demoSeeders, ctx);
/** The rest (after readiness, in the background). */
export const seedDemoRest = (ctx: BackgroundSeedContext) => runSeeders(backgroundSeeders, ctx);

/** All the demo data, in the foreground (`npm run seed:demo`, tests, benchmarks). */
export async function seedDemo(ctx: SeedContext) {
  await seedDemoFirst(ctx);
  await seedDemoRest(ctx);
}
