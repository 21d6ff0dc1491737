import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type AgencySettingsRow, agencySettings } from '../../db/schema/index.js';

export type SettingsValues = Partial<Omit<typeof agencySettings.$inferInsert, 'agencyId' | 'updatedAt'>>;

export class AgencySettingsRepository {
  constructor(private readonly db: Db) {}

  async find(agencyId: string, db: Db = this.db): Promise<AgencySettingsRow | undefined> {
    const [row] = await db.select().from(agencySettings).where(eq(agencySettings.agencyId, agencyId)).limit(1);
    return row;
  }

  /** The agency's zone in one indexed read; undefined when the agency never saved its settings. */
  async timeZone(agencyId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ timeZone: agencySettings.timeZone })
      .from(agencySettings)
      .where(eq(agencySettings.agencyId, agencyId))
      .limit(1);
    return row?.timeZone;
  }

  async upsert(agencyId: string, values: SettingsValues, db: Db = this.db): Promise<AgencySettingsRow> {
    const set = { ...values, updatedAt: new Date() };
    const [row] = await db
      .insert(agencySettings)
      .values({ agencyId, ...set })
      .onConflictDoUpdate({ target: agencySettings.agencyId, set })
      .returning();
    return row;
  }

  /** The dashboard's daily figures of one agency again, in its (new) zone: same transaction as the change. */
  async rebuildDailyStats(agencyId: string, db: Db) {
    await db.execute(sql`select voucher_daily_stats_rebuild_agency(${agencyId}::uuid)`);
  }
}
