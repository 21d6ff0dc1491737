import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '@travesia/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userNotificationPrefs } from '../../db/schema/index.js';

export class NotificationPrefsRepository {
  constructor(private readonly db: Db) {}

  async of(userId: string): Promise<NotificationPrefs> {
    const [row] = await this.db.select().from(userNotificationPrefs).where(eq(userNotificationPrefs.userId, userId)).limit(1);
    return { ...DEFAULT_NOTIFICATION_PREFS, ...row?.prefs };
  }

  /** The users among `userIds` who turned `kind` off (everyone else still gets it). */
  async optedOut(userIds: string[], kind: keyof NotificationPrefs): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.db.select().from(userNotificationPrefs).where(inArray(userNotificationPrefs.userId, userIds));
    return new Set(rows.filter((r) => r.prefs[kind] === false).map((r) => r.userId));
  }

  async save(userId: string, prefs: NotificationPrefs): Promise<NotificationPrefs> {
    const set = { prefs, updatedAt: new Date() };
    await this.db
      .insert(userNotificationPrefs)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userNotificationPrefs.userId, set });
    return prefs;
  }
}
