import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type AgencyPricingSettingsRow, agencyPricingSettings } from '../../db/schema/index.js';

export type PricingSettingsValues = Omit<typeof agencyPricingSettings.$inferInsert, 'agencyId' | 'updatedAt'>;

export class CommissionSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(agencyId: string): Promise<AgencyPricingSettingsRow | undefined> {
    const [row] = await this.db.select().from(agencyPricingSettings).where(eq(agencyPricingSettings.agencyId, agencyId)).limit(1);
    return row;
  }

  async upsert(agencyId: string, values: PricingSettingsValues): Promise<AgencyPricingSettingsRow> {
    const set = { ...values, updatedAt: new Date() };
    const [row] = await this.db
      .insert(agencyPricingSettings)
      .values({ agencyId, ...set })
      .onConflictDoUpdate({ target: agencyPricingSettings.agencyId, set })
      .returning();
    return row;
  }
}
