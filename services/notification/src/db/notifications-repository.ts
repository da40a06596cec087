import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { authorNameOf } from '@saathi/contracts';
import type { AppNotification, NotificationType } from '@saathi/contracts';
import { queryRows, returnedRow } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { notificationActors, notifications, users } from './schema';

/** One person's action on something of the recipient's. */
export interface Activity {
  recipientId: string;
  type: NotificationType;
  /** What groups: while a notification for (recipient, type, targetKey) is unread, it grows. */
  targetKey: string;
  actorId: string;
  actorName: string;
  postId: string | null;
  commentId: string | null;
  conversationId: string | null;
  /** For circle notices: the circle (absent for every other notice). */
  circleId?: string | null;
  emoji: string | null;
  /** When the actor acted. */
  at: Date;
  /**
   * Whether an actor already counted moves the notification up again (a new comment or message
   * is news) or changes nothing (toggling a reaction off and on is not).
   */
  repeatBumps: boolean;
}

type NotificationRow = typeof notifications.$inferSelect;

/** Which unread notification an activity by the same actor moves up (see `bumpSameActors`). */
export function sameActorKey(activity: {
  recipientId: string;
  type: string;
  targetKey: string;
  actorId: string;
}): string {
  return `${activity.recipientId}|${activity.type}|${activity.targetKey}|${activity.actorId}`;
}

function toNotification(row: NotificationRow, currentName?: string): AppNotification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    actorId: row.actorId,
    actorName: currentName ?? row.actorName,
    othersCount: row.othersCount,
    count: row.itemCount,
    postId: row.postId,
    commentId: row.commentId,
    conversationId: row.conversationId,
    circleId: row.circleId,
    emoji: row.emoji,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Notifications, scoped to their recipient for every read and write a user asks for. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): NotificationsRepository {
    return new NotificationsRepository(db);
  }

  /**
   * Records the activity: a new notification, or the recipient's unread one for the same target
   * grown by it (latest actor, distinct others, time). Returns the notification as it now is, or
   * null when nothing changed (an actor already counted, where repeats do not bump).
   */
  async record(activity: Activity): Promise<AppNotification | null> {
    // The no-op update takes the unread row's lock, so concurrent actors on one target queue up.
    const { id, inserted } = returnedRow(
      await this.db
        .insert(notifications)
        .values({
          id: randomUUID(),
          recipientId: activity.recipientId,
          type: activity.type,
          targetKey: activity.targetKey,
          actorId: activity.actorId,
          actorName: activity.actorName,
          othersCount: 0,
          postId: activity.postId,
          commentId: activity.commentId,
          conversationId: activity.conversationId,
          circleId: activity.circleId ?? null,
          emoji: activity.emoji,
          createdAt: activity.at,
          updatedAt: activity.at,
        })
        .onConflictDoUpdate({
          target: [notifications.recipientId, notifications.type, notifications.targetKey],
          targetWhere: isNull(notifications.readAt),
          set: { targetKey: sql`${notifications.targetKey}` },
        })
        // xmax is 0 only on a row this statement inserted (not one the conflict updated).
        .returning({ id: notifications.id, inserted: sql<boolean>`xmax = 0` }),
      'the notification upsert',
    );
    const added = await this.db
      .insert(notificationActors)
      .values({ notificationId: id, actorId: activity.actorId })
      .onConflictDoNothing()
      .returning({ actorId: notificationActors.actorId });
    if (added.length === 0 && !activity.repeatBumps) return null;

    // An older event arriving late counts its actor but does not become "the latest".
    const at = sql`${activity.at.toISOString()}::timestamptz`;
    const isLatest = sql`${notifications.updatedAt} <= ${at}`;
    const row = returnedRow(
      await this.db
        .update(notifications)
        .set({
          actorId: sql`case when ${isLatest} then ${activity.actorId}::uuid else ${notifications.actorId} end`,
          actorName: sql`case when ${isLatest} then ${activity.actorName} else ${notifications.actorName} end`,
          emoji: sql`case when ${isLatest} then coalesce(${activity.emoji}, ${notifications.emoji}) else ${notifications.emoji} end`,
          updatedAt: sql`greatest(${notifications.updatedAt}, ${at})`,
          // The row this activity inserted already counts it.
          itemCount: inserted ? notifications.itemCount : sql`${notifications.itemCount} + 1`,
          othersCount: sql`(select count(*)::int - 1 from ${notificationActors} where ${notificationActors.notificationId} = ${id})`,
        })
        .where(eq(notifications.id, id))
        .returning(),
      'the notification update',
    );
    return toNotification(row);
  }

  /**
   * Takes an actor back off the recipient's unread notification for the target (they undid what
   * they did): the notification goes when nobody is left, otherwise its count comes down and, if
   * they were the one named, another of its actors is named instead (without an emoji: which
   * one that actor chose is not known here). Read notifications stay as they were.
   */
  async removeActor(
    target: Pick<Activity, 'recipientId' | 'type' | 'targetKey'>,
    actorId: string,
  ): Promise<{ change: 'none' | 'deleted' } | { change: 'updated'; notification: AppNotification }> {
    // Locked like record()'s upsert locks it, so an actor added at the same time is not lost.
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, target.recipientId),
          eq(notifications.type, target.type),
          eq(notifications.targetKey, target.targetKey),
          isNull(notifications.readAt),
        ),
      )
      .for('update');
    if (!row) return { change: 'none' };
    const removed = await this.db
      .delete(notificationActors)
      .where(and(eq(notificationActors.notificationId, row.id), eq(notificationActors.actorId, actorId)))
      .returning({ actorId: notificationActors.actorId });
    if (removed.length === 0) return { change: 'none' };
    const left = await this.db
      .select({ actorId: notificationActors.actorId, username: users.username, firstName: users.firstName })
      .from(notificationActors)
      .leftJoin(users, eq(users.userId, notificationActors.actorId))
      .where(eq(notificationActors.notificationId, row.id))
      .orderBy(notificationActors.actorId);
    const [next] = left;
    if (!next) {
      await this.db.delete(notifications).where(eq(notifications.id, row.id));
      return { change: 'deleted' };
    }
    const renamed =
      row.actorId === actorId
        ? {
            actorId: next.actorId,
            actorName: authorNameOf(
              next.username === null ? {} : { username: next.username, firstName: next.firstName },
            ),
            emoji: null,
          }
        : {};
    const updated = returnedRow(
      await this.db
        .update(notifications)
        .set({ othersCount: left.length - 1, ...renamed })
        .where(eq(notifications.id, row.id))
        .returning(),
      'the notification update',
    );
    return { change: 'updated', notification: toNotification(updated) };
  }

  /**
   * Moves each recipient's unread notification for the target up to `at` where its latest actor
   * is already this actor (the same person again: only its time and item count change) — one
   * statement, no transaction, for one activity or a batch's. Applying it twice moves it up the
   * same, but counts twice: a batch the bus hands back after a failure may count a message
   * again, which only makes "3 messages" say 4 (no inbox entry here, by design). Returns
   * the keys (`sameActorKey`) of those that moved a notification up; the others need the full path.
   * A pair blocked either way is not moved up (in the same statement: no extra round trip): a
   * message written just before the block may be handled after it, and the full path refuses it.
   */
  async bumpSameActors(
    activities: readonly Pick<Activity, 'recipientId' | 'type' | 'targetKey' | 'actorId' | 'at'>[],
  ): Promise<Set<string>> {
    // One row per notification, at its latest time: an UPDATE … FROM applies one source row per
    // target row, whichever it meets first.
    const latest = new Map<string, (typeof activities)[number]>();
    /** How many of the batch each notification gains (its `item_count`). */
    const gained = new Map<string, number>();
    for (const activity of activities) {
      const key = sameActorKey(activity);
      const known = latest.get(key);
      if (!known || known.at < activity.at) latest.set(key, activity);
      gained.set(key, (gained.get(key) ?? 0) + 1);
    }
    if (latest.size === 0) return new Set();
    const rows = [...latest.values()];
    const bumped = await queryRows<{
      recipient_id: string;
      type: string;
      target_key: string;
      actor_id: string;
    }>(
      this.db,
      sql`update notification.notifications as n
             set updated_at = greatest(n.updated_at, v.at), item_count = n.item_count + v.gained
            from unnest(${sql.param(rows.map((row) => row.recipientId))}::uuid[],
                        ${sql.param(rows.map((row) => row.type))}::text[],
                        ${sql.param(rows.map((row) => row.targetKey))}::text[],
                        ${sql.param(rows.map((row) => row.actorId))}::uuid[],
                        ${sql.param(rows.map((row) => row.at.toISOString()))}::timestamptz[],
                        ${sql.param(rows.map((row) => gained.get(sameActorKey(row)) ?? 1))}::int[])
                 as v(recipient_id, type, target_key, actor_id, at, gained)
           where n.recipient_id = v.recipient_id and n.type = v.type and n.target_key = v.target_key
             and n.read_at is null and n.actor_id = v.actor_id
             and not exists (select 1 from notification.blocks b
                              where (b.blocker_id = v.recipient_id and b.blocked_id = v.actor_id)
                                 or (b.blocker_id = v.actor_id and b.blocked_id = v.recipient_id))
       returning n.recipient_id, n.type, n.target_key, n.actor_id`,
    );
    return new Set(
      bumped.map((row) =>
        sameActorKey({
          recipientId: row.recipient_id,
          type: row.type,
          targetKey: row.target_key,
          actorId: row.actor_id,
        }),
      ),
    );
  }

  /** The recipient's newest notifications (by latest activity), names as they are now. */
  async listOwn(recipientId: string, limit: number): Promise<AppNotification[]> {
    const rows = await this.db
      .select({ notification: notifications, username: users.username, firstName: users.firstName })
      .from(notifications)
      .leftJoin(users, eq(users.userId, notifications.actorId))
      .where(eq(notifications.recipientId, recipientId))
      .orderBy(desc(notifications.updatedAt), desc(notifications.id))
      .limit(limit);
    return rows.map(({ notification, username, firstName }) =>
      toNotification(notification, username === null ? undefined : authorNameOf({ username, firstName })),
    );
  }

  /** Whether the recipient's notification is there and still unread (a held push is still news). */
  async isUnreadOwn(recipientId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.recipientId, recipientId),
          isNull(notifications.readAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async unreadCountOf(recipientId: string): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Marks one of the recipient's own notifications read; false when they have none with that id. */
  async markOwnRead(recipientId: string, id: string, now: Date): Promise<boolean> {
    const own = and(eq(notifications.id, id), eq(notifications.recipientId, recipientId));
    await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(own, isNull(notifications.readAt)));
    const [row] = await this.db.select({ id: notifications.id }).from(notifications).where(own).limit(1);
    return row !== undefined;
  }

  async markAllOwnRead(recipientId: string, now: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  }

  /** Deletes every notification about these posts (deleted or expired: nothing left to open). */
  async deleteAboutPosts(postIds: readonly string[]): Promise<void> {
    if (postIds.length === 0) return;
    await this.db.delete(notifications).where(inArray(notifications.postId, [...postIds]));
  }

  /** Deletes notifications read before `readBefore` (their actors go with them); returns how many. */
  async deleteReadBefore(readBefore: Date): Promise<number> {
    const deleted = await this.db
      .delete(notifications)
      .where(and(isNotNull(notifications.readAt), lt(notifications.readAt, readBefore)))
      .returning({ id: notifications.id });
    return deleted.length;
  }
}
