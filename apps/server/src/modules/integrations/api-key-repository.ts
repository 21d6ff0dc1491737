import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ApiKeyRow, apiKeys, users } from '../../db/schema/index.js';

export interface ApiKeyListRow {
  key: ApiKeyRow;
  createdBy: string | null;
}

export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [row] = await this.db.insert(apiKeys).values(values).returning();
    return row;
  }

  async list(agencyId: string): Promise<ApiKeyListRow[]> {
    return this.db
      .select({ key: apiKeys, createdBy: users.email })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.agencyId, agencyId))
      .orderBy(desc(apiKeys.createdAt))
      .limit(200);
  }

  async find(agencyId: string, id: string): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.agencyId, agencyId), eq(apiKeys.id, id)))
      .limit(1);
    return row;
  }

  /** Revokes with one conditional UPDATE; answers false when the key was already revoked. */
  async revoke(agencyId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.agencyId, agencyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length === 1;
  }
}
