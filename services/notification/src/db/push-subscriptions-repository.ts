import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@saathi/contracts';
import type { Db } from '@saathi/platform';
import { pushSubscriptions } from './schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Browsers' push subscriptions; every write a user asks for is scoped to them. */
export class PushSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): PushSubscriptionsRepository {
    return new PushSubscriptionsRepository(db);
  }

  /**
   * Stores the browser's subscription for the user. The endpoint names one browser: subscribed
   * again (new keys) or under another account, the row follows, and a new owner starts afresh.
   */
  async saveOwn(userId: string, body: PushSubscriptionBody, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({
        id: randomUUID(),
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          failures: 0,
          createdAt: sql`case when ${pushSubscriptions.userId} = ${userId}::uuid then ${pushSubscriptions.createdAt} else ${now.toISOString()}::timestamptz end`,
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId}::uuid then ${pushSubscriptions.lastSuccessAt} else null end`,
          userId,
        },
      });
  }

  /** Forgets the browser's subscription if it is the user's; someone else's endpoint stays. */
  async deleteOwn(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async listOwn(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  async find(id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  }

  /** The push service took a push: the failures in a row start again from none. */
  async succeeded(id: string, now: Date): Promise<void> {
    await this.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failures: 0 })
      .where(eq(pushSubscriptions.id, id));
  }

  /**
   * Counts a failed try; deletes the subscription once `maxFailures` failed in a row. Returns
   * whether it is gone.
   */
  async failed(id: string, maxFailures: number): Promise<boolean> {
    const [row] = await this.db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, id))
      .returning({ failures: pushSubscriptions.failures });
    if (!row) return true;
    if (row.failures < maxFailures) return false;
    await this.delete(id);
    return true;
  }

  /** The push service says the subscription is gone (404/410), or it failed too often. */
  async delete(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }
}
