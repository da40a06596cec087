import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * Neither of the two has blocked the other. Two look-ups on feed.blocks' primary key, so it
 * can sit in the WHERE of a locking query without a second round trip.
 */
export function notBlockedEitherWay(actingUserId: string, authorColumn: SQL): SQL {
  return sql`not exists (select 1 from feed.blocks
                          where blocker_id = ${actingUserId} and blocked_id = ${authorColumn})
         and not exists (select 1 from feed.blocks
                          where blocker_id = ${authorColumn} and blocked_id = ${actingUserId})`;
}

/**
 * The one rule for commenting on, liking and reacting to a post (alias `p`): it is live (not
 * expired), shown (moderation has not hidden or removed it), and neither the actor nor its author
 * blocked the other. A post that fails reads as unknown, so a block is not revealed.
 */
export function postEngageableBy(actingUserId: string, now: Date): SQL {
  return sql`${postShown(now)} and ${notBlockedEitherWay(actingUserId, sql`p.author_id`)}`;
}

/** A post (alias `p`) anyone may see: not expired, not hidden or removed by moderation. */
export function postShown(now: Date): SQL {
  return sql`p.expires_at > ${now.toISOString()}::timestamptz and p.moderation is null`;
}

/** A comment (alias `c`, on post `p`) additionally needs itself shown and no block with its author. */
export function commentEngageableBy(actingUserId: string, now: Date): SQL {
  return sql`${postEngageableBy(actingUserId, now)}
         and c.moderation is null
         and ${notBlockedEitherWay(actingUserId, sql`c.author_id`)}`;
}
