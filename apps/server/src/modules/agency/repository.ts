import { asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type AgencyRow, agencies } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NewAgency = typeof agencies.$inferInsert;

export class AgencyRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<AgencyRow | undefined> {
    const [row] = await this.db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
    return row;
  }

  async findByName(name: string): Promise<AgencyRow | undefined> {
    const [row] = await this.db.select().from(agencies).where(sql`lower(${agencies.name}) = ${name.toLowerCase()}`).limit(1);
    return row;
  }

  async list(q: string | undefined, page: number, limit: number) {
    const where: SQL | undefined = q ? ilike(agencies.name, `%${escapeLike(q)}%`) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(agencies)
        .where(where)
        .orderBy(asc(agencies.name))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(agencies).where(where),
    ]);
    return { rows, total };
  }

  async insert(values: NewAgency): Promise<AgencyRow> {
    const [row] = await this.db.insert(agencies).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewAgency>, db: Db = this.db): Promise<AgencyRow | undefined> {
    const [row] = await db
      .update(agencies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(agencies.id, id))
      .returning();
    return row;
  }
}
