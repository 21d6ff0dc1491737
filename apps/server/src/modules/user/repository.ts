import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agencies, type UserRow, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NewUser = typeof users.$inferInsert;

export interface UserListFilter {
  agencyId?: string;
  q?: string;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<{ user: UserRow; agencyName: string | null } | undefined> {
    const [row] = await this.db
      .select({ user: users, agencyName: agencies.name })
      .from(users)
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    return row;
  }

  async list(filter: UserListFilter, page: number, limit: number) {
    const conditions: SQL[] = [];
    if (filter.agencyId) conditions.push(eq(users.agencyId, filter.agencyId));
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      const q = or(
        ilike(users.email, like),
        sql`(${users.profile}->>'name') ilike ${like}`,
        sql`(${users.profile}->>'lastName') ilike ${like}`,
      );
      if (q) conditions.push(q);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ user: users, agencyName: agencies.name })
        .from(users)
        .leftJoin(agencies, eq(agencies.id, users.agencyId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total };
  }

  async insert(values: NewUser, tx: Db = this.db): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setPassword(id: string, passwordHash: string) {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
