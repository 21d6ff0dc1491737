import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordTokens, sessions } from '../../db/schema/index.js';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(values: typeof sessions.$inferInsert) {
    const [row] = await this.db.insert(sessions).values(values).returning({ id: sessions.id, expiresAt: sessions.expiresAt });
    return row;
  }

  async revoke(sessionId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async createPasswordToken(values: typeof passwordTokens.$inferInsert) {
    await this.db.insert(passwordTokens).values(values);
  }

  /** Marks a live token used and answers its user, atomically: a token works once, even under a race. */
  async consumePasswordToken(tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())))
      .returning({ userId: passwordTokens.userId });
    return row?.userId;
  }
}
