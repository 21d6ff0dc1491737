import { and, eq, isNull } from 'drizzle-orm';
import { agencies, agencyPricingSettings, exchangeRates, markupRules, users } from '../schema/index.js';
import type { SeedContext } from './index.js';

/** Demo rates (units per USD), valid since 2020 so any demo date prices. */
const DEMO_MARKER = 'Plataforma: general';

export const DEMO_RATES = { COP: '4100', EUR: '0.92', MXN: '17.2', BRL: '5.4', PEN: '3.75', CLP: '940', ARS: '980' } as const;

/** Demo exchange rates, platform and agency markups, and Viajes Andinos' commission setting. Idempotent. */
export async function seedPricing({ db }: SeedContext) {
  const [superUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'super@travesia.example')).limit(1);
  const haveRates = new Set(
    (await db.selectDistinct({ currency: exchangeRates.currency }).from(exchangeRates)).map((r) => r.currency.trim()),
  );
  const missing = Object.entries(DEMO_RATES).filter(([currency]) => !haveRates.has(currency));
  if (missing.length) {
    await db.insert(exchangeRates).values(
      missing.map(([currency, unitsPerUsd]) => ({
        currency,
        unitsPerUsd,
        validFrom: new Date('2020-01-01T00:00:00Z'),
        setBy: superUser?.id ?? null,
      })),
    );
  }

  const [seeded] = await db
    .select({ id: markupRules.id })
    .from(markupRules)
    .where(and(isNull(markupRules.agencyId), eq(markupRules.name, DEMO_MARKER)))
    .limit(1);
  if (seeded) return;
  const [andinos] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Viajes Andinos')).limit(1);
  const by = superUser?.id ?? null;
  await db.insert(markupRules).values([
    { name: DEMO_MARKER, priority: 0, kind: 'percentage', value: '8', createdBy: by, updatedBy: by },
    {
      name: 'Plataforma: hoteles Hotelbeds',
      priority: 10,
      productKind: 'hotel',
      supplier: 'hotelbeds',
      kind: 'percentage',
      value: '10',
      createdBy: by,
      updatedBy: by,
    },
    {
      name: 'Plataforma: traslados por reserva',
      priority: 5,
      productKind: 'transfer',
      kind: 'fixed',
      value: '5',
      currency: 'USD',
      basis: 'booking',
      createdBy: by,
      updatedBy: by,
    },
  ]);
  if (!andinos) return;
  await db.insert(markupRules).values([
    { agencyId: andinos.id, name: 'Hoteles 12%', priority: 10, productKind: 'hotel', kind: 'percentage', value: '12' },
    {
      agencyId: andinos.id,
      name: 'Tickets por pasajero',
      priority: 5,
      productKind: 'ticket',
      kind: 'fixed',
      value: '20000',
      currency: 'COP',
      basis: 'pax',
    },
    { agencyId: andinos.id, name: 'General 10%', priority: 0, kind: 'percentage', value: '10' },
  ]);
  await db
    .insert(agencyPricingSettings)
    .values({
      agencyId: andinos.id,
      commissionMode: 'on-top',
      commissionType: 'percentage',
      commissionValue: '5',
      commissionCurrency: 'USD',
    })
    .onConflictDoNothing();
}
