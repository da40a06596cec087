import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { authorNameOf } from '@saathi/contracts';
import type { NotificationType } from '@saathi/contracts';
import type { Db } from '@saathi/platform';
import { activityMails, notifications, users } from './schema';

/** When each activity last mailed each person: at most one activity mail per person, activity and cool-down. */
export class ActivityMailsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivityMailsRepository {
    return new ActivityMailsRepository(db);
  }

  /**
   * Claims the person's mail slot for the activity at `now` if none was taken within
   * `cooldownMs` — or if this same check (`jobKey`) took it, so a retried check still mails.
   * One statement: two checks at once cannot both claim it.
   */
  async claim(
    slot: { recipientId: string; postId: string; jobKey: string },
    now: Date,
    cooldownMs: number,
  ): Promise<boolean> {
    const since = new Date(now.getTime() - cooldownMs);
    const claimed = await this.db
      .insert(activityMails)
      .values({ ...slot, mailedAt: now })
      .onConflictDoUpdate({
        target: [activityMails.recipientId, activityMails.postId],
        set: { mailedAt: now, jobKey: slot.jobKey },
        setWhere: sql`${activityMails.mailedAt} <= ${since.toISOString()}::timestamptz
                      or ${activityMails.jobKey} = ${slot.jobKey}`,
      })
      .returning({ mailedAt: activityMails.mailedAt });
    return claimed.length > 0;
  }

  /**
   * The notice a mail check is about, if it is still unread (the person has not opened it in the
   * app), with its actor's current name; undefined once read or gone.
   */
  async unreadNotice(notice: {
    recipientId: string;
    type: NotificationType;
    targetKey: string;
  }): Promise<{ actorName: string } | undefined> {
    const [row] = await this.db
      .select({ actorName: notifications.actorName, username: users.username, firstName: users.firstName })
      .from(notifications)
      .leftJoin(users, eq(users.userId, notifications.actorId))
      .where(
        and(
          eq(notifications.recipientId, notice.recipientId),
          eq(notifications.type, notice.type),
          eq(notifications.targetKey, notice.targetKey),
          isNull(notifications.readAt),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    return {
      actorName:
        row.username === null
          ? row.actorName
          : authorNameOf({ username: row.username, firstName: row.firstName }),
    };
  }

  /** Forgets slots older than `before` (they no longer hold anything back). */
  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(activityMails).where(lt(activityMails.mailedAt, before));
  }
}
