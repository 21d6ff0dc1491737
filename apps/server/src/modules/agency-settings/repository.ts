import { eq, sql } from 'drizzle-orm';
import type { TableChanges } from '../../db/changes.js';
import type { Db } from '../../db/client.js';
import { KeptRows } from '../../db/kept-rows.js';
import { type AgencySettingsRow, agencySettings } from '../../db/schema/index.js';

export type SettingsValues = Partial<Omit<typeof agencySettings.$inferInsert, 'agencyId' | 'updatedAt'>>;

export class AgencySettingsRepository {
  private statements?: ReturnType<AgencySettingsRepository['prepare']>;
  /** Each agency's row (null: never saved) for a few seconds, emptied by any change to the table (decision 0540). */
  private readonly kept?: KeptRows<AgencySettingsRow | null>;

  /** `changes` and `keepMs`: keep rows read outside a transaction that long at most; without them every read goes to the database. */
  constructor(
    private readonly db: Db,
    changes?: TableChanges,
    keepMs = 0,
  ) {
    if (changes && keepMs > 0) this.kept = new KeptRows(changes, ['agency_settings'], keepMs, 5_000);
  }

  /**
   * The two reads signed-in requests make most (`GET /api/user`'s branding, the voucher list's zone),
   * built once and prepared (node-postgres: parsed and planned once per connection), as the session
   * look-up is (issue 21, decision 0312): building the SQL per request is CPU the answer never needed.
   */
  private prepare() {
    const agencyId = sql.placeholder('agencyId');
    return {
      find: this.db.select().from(agencySettings).where(eq(agencySettings.agencyId, agencyId)).limit(1).prepare('travesia_agency_settings'),
      timeZone: this.db
        .select({ timeZone: agencySettings.timeZone })
        .from(agencySettings)
        .where(eq(agencySettings.agencyId, agencyId))
        .limit(1)
        .prepare('travesia_agency_time_zone'),
    };
  }

  async find(agencyId: string, db: Db = this.db): Promise<AgencySettingsRow | undefined> {
    if (db !== this.db) {
      const [inTx] = await db.select().from(agencySettings).where(eq(agencySettings.agencyId, agencyId)).limit(1);
      return inTx;
    }
    const now = Date.now();
    const kept = this.kept?.get(agencyId, now);
    if (kept !== undefined) return kept ?? undefined;
    const mark = this.kept?.mark() ?? 0;
    this.statements ??= this.prepare();
    const [row] = await this.statements.find.execute({ agencyId });
    return this.kept ? (this.kept.set(agencyId, row ?? null, mark, now) ?? undefined) : row;
  }

  /** The agency's zone in one indexed read; undefined when the agency never saved its settings. */
  async timeZone(agencyId: string): Promise<string | undefined> {
    if (this.kept) return (await this.find(agencyId))?.timeZone;
    this.statements ??= this.prepare();
    const [row] = await this.statements.timeZone.execute({ agencyId });
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
