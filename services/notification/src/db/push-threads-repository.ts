import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { pushThreads } from './schema';
import type { PendingPush } from './schema';

export type PushThread = typeof pushThreads.$inferSelect;

/** Per person and push tag: when the last push went, and the one held back. */
export class PushThreadsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): PushThreadsRepository {
    return new PushThreadsRepository(db);
  }

  /** The thread, locked until the caller's transaction ends (made empty if new). */
  async lock(recipientId: string, tag: string): Promise<PushThread> {
    await this.db.insert(pushThreads).values({ recipientId, tag }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(pushThreads)
      .where(and(eq(pushThreads.recipientId, recipientId), eq(pushThreads.tag, tag)))
      .for('update');
    if (!row) throw new Error('push thread vanished under its lock');
    return row;
  }

  /** A push goes now: nothing stays held. */
  async pushed(recipientId: string, tag: string, now: Date): Promise<void> {
    await this.db
      .update(pushThreads)
      .set({ lastPushedAt: now, pending: null, dueAt: null })
      .where(and(eq(pushThreads.recipientId, recipientId), eq(pushThreads.tag, tag)));
  }

  /** Holds a push until `dueAt` (replacing one held before: the newer says more). */
  async hold(recipientId: string, tag: string, pending: PendingPush, dueAt: Date): Promise<void> {
    await this.db
      .update(pushThreads)
      .set({ pending, dueAt })
      .where(and(eq(pushThreads.recipientId, recipientId), eq(pushThreads.tag, tag)));
  }

  /** Drops the held push without sending it (its notification was read meanwhile). */
  async release(recipientId: string, tag: string): Promise<void> {
    await this.db
      .update(pushThreads)
      .set({ pending: null, dueAt: null })
      .where(and(eq(pushThreads.recipientId, recipientId), eq(pushThreads.tag, tag)));
  }

  /** Forgets threads with nothing held whose last push is older than `before` (grouping is over). */
  async deleteIdleBefore(before: Date): Promise<void> {
    await this.db
      .delete(pushThreads)
      .where(
        and(
          isNull(pushThreads.pending),
          or(isNull(pushThreads.lastPushedAt), lt(pushThreads.lastPushedAt, before)),
        ),
      );
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(pushThreads).where(eq(pushThreads.recipientId, userId));
  }
}
