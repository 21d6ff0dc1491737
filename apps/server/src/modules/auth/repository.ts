import { and, eq, gt, isNull, ne } from 'drizzle-orm';
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

  /** Every other session of the user ends (a password changed from a signed-in page keeps this one). */
  async revokeOthersOf(userId: string, keepSessionId: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  }

  /** Stores a new one-time token and voids every unused older one of the user: only the newest link works. */
  async replacePasswordToken(values: typeof passwordTokens.$inferInsert) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(passwordTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordTokens.userId, values.userId), isNull(passwordTokens.usedAt)));
      await tx.insert(passwordTokens).values(values);
    });
  }

  /** The user of a live token, without using it up (to check the new password against the user's data first). */
  async findPasswordTokenUser(tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: passwordTokens.userId })
      .from(passwordTokens)
      .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())))
      .limit(1);
    return row?.userId;
  }

  /** Voids every unused token of the user (after a password change). */
  async voidPasswordTokensOf(userId: string) {
    await this.db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
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
