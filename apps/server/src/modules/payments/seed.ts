import { eq } from 'drizzle-orm';
import { agencies, whiteLabels } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/index.js';

/** The demo white label's fixed id, so the payments page has a stable address in the demo (and in e2e/payments.spec.ts). */
export const DEMO_WHITE_LABEL_ID = '7a1e5b1e-0000-4000-8000-00000000d001';

/**
 * A draft white label of the demo agency "Viajes Andinos", for the payments page until the white-label
 * admin creates them; skipped when the agency already has one or the row exists.
 */
export async function seedDemoWhiteLabel(ctx: SeedContext) {
  const [agency] = await ctx.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, 'Viajes Andinos'));
  if (!agency) return;
  const existing = await ctx.db.select({ id: whiteLabels.id }).from(whiteLabels).where(eq(whiteLabels.agencyId, agency.id));
  if (existing.length) return;
  await ctx.db
    .insert(whiteLabels)
    .values({ id: DEMO_WHITE_LABEL_ID, agencyId: agency.id, name: 'Andinos Viajes en línea', slug: 'andinos', currency: 'COP' })
    .onConflictDoNothing();
}
