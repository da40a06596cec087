import { sql } from 'drizzle-orm';

/**
 * `userColumn` is nobody `viewerId` blocked or was blocked by. Two people blocked either way can
 * both be in one group thread (an activity's, a circle's), so in it neither sees the other, their
 * messages, or gets the other's pushes.
 */
export const notBlockedWith = (viewerId: string, userColumn: string) =>
  sql`not exists (select 1 from messaging.blocks b
                   where (b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${sql.raw(userColumn)})
                      or (b.blocker_id = ${sql.raw(userColumn)} and b.blocked_id = ${viewerId}::uuid))`;
