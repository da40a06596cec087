import { sql } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ContentKind } from '@saathi/contracts';
import { SCHEMA } from './schema-name';

/**
 * How long a leave of an activity thread or a circle is remembered (see `leaveThread`): far
 * longer than any event waits for delivery (JetStream keeps events 7 days), as the erased
 * people's ids are.
 */
const LEAVE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Who wrote each post, comment, activity-thread and circle-thread message, and who made each
 * circle, as the owning services announced it. The only source of a case's owner: a reporter's
 * word about whose item it is is never asked for. Also who is in each activity's group thread,
 * each circle and each 1:1 conversation, so only the people in them report their messages. A 1:1 message has no row (messaging does not announce each one):
 * its owner is the other person of the conversation its report names (use-cases/reports.ts).
 */
/** What moderation knows of an item: its author, and for a message its activity thread or circle. */
export interface KnownItem {
  ownerId: string;
  /** The activity (its post) whose group thread holds the message. */
  threadId: string | null;
  /** The circle whose thread holds the message. */
  circleId: string | null;
}

export class OwnersRepository {
  /**
   * Deleted accounts (use-cases/account-erasure.ts): each creation and membership event travels on its
   * own consumer, so one about a person can be handled after their erasure; it must not record
   * them again. Every write naming a person holds their lock first (`hold`), in its own
   * statement, and checks in the write's own statement.
   */
  private readonly erased: ErasedPeople;

  constructor(private readonly db: Db) {
    this.erased = new ErasedPeople(db, SCHEMA);
  }

  with(db: Db): OwnersRepository {
    return new OwnersRepository(db);
  }

  /** The author of the item; undefined when its creation event has not arrived (yet). */
  async ownerOf(targetKind: ContentKind, targetId: string): Promise<string | undefined> {
    return (await this.find(targetKind, targetId))?.ownerId;
  }

  /**
   * The author, and for a message the activity thread or circle that holds it; undefined when
   * the item's creation event has not arrived (yet), and for every 1:1 message.
   */
  async find(targetKind: ContentKind, targetId: string): Promise<KnownItem | undefined> {
    const [row] = await queryRows<{ owner_id: string; thread_id: string | null; circle_id: string | null }>(
      this.db,
      sql`select owner_id, thread_id, circle_id from moderation.content_owners
           where target_kind = ${targetKind} and target_id = ${targetId}`,
    );
    return row ? { ownerId: row.owner_id, threadId: row.thread_id, circleId: row.circle_id } : undefined;
  }

  /** True when the person is in the activity's group thread (its host or an accepted person). */
  async inThread(postId: string, userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from moderation.activity_thread_members
           where post_id = ${postId} and user_id = ${userId}`,
    );
    return rows.length > 0;
  }

  /** True when the person is in the circle (so in its thread) now. */
  async inCircle(circleId: string, userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from moderation.circle_members
           where circle_id = ${circleId} and user_id = ${userId}`,
    );
    return rows.length > 0;
  }

  /*
   * Thread membership is kept as of each event's time. Feed's accepted and left events come
   * through two independent consumers (and each applies waiting events in batches), so a leave
   * can be handled before an older acceptance; applied as it came, that acceptance would put the
   * person back, free to report the thread's messages for good. So an accepted member's row
   * keeps the time of the acceptance that let them in (`accepted_at`), and
   * `activity_thread_leaves` the time of each person's latest leave of the activity: an
   * acceptance not newer than that leave adds nobody, and a leave removes only an older
   * membership. A re-join after the leave is newer, and gets in. On a tie (same millisecond) the
   * leave wins: the safe side. The host is in by hosting (`accepted_at` null): no acceptance
   * time of theirs, and no leave removes them. The (post, person) pair is locked for the
   * transaction, so an acceptance and a leave handled at once by the two consumers cannot each
   * miss the other's uncommitted write. The same rule as messaging's own copy of the members.
   */

  /**
   * An acceptance as of `at` (the event's time): the host is in, and the accepted person too
   * unless they left the activity at or after `at`; idempotent. An erased person is not recorded
   * again (a late or redelivered event of theirs), as in joinConversation.
   */
  async joinThread(postId: string, member: { hostId: string; userId: string }, at: Date): Promise<void> {
    await this.lockThreadMember(postId, member.userId);
    const people = [member.hostId, member.userId];
    await this.erased.hold(people);
    const asOf = at.toISOString();
    await queryRows(
      this.db,
      sql`insert into moderation.activity_thread_members as m (post_id, user_id, accepted_at)
          select ${postId}::uuid, live.user_id,
                 case when live.user_id = ${member.hostId}::uuid then null else ${asOf}::timestamptz end
            from (${this.erased.living(people)}) as live
           where live.user_id = ${member.hostId}::uuid
              or not exists (select 1 from moderation.activity_thread_leaves l
                              where l.post_id = ${postId}::uuid and l.user_id = live.user_id
                                and l.left_at >= ${asOf}::timestamptz)
          -- A newer acceptance moves an accepted member's time on; the host's (null) stays.
          on conflict (post_id, user_id) do update set accepted_at = excluded.accepted_at
           where m.accepted_at < excluded.accepted_at`,
    );
  }

  /**
   * A leave as of `at` (the event's time): removes the membership if it is older (never the
   * host's), and remembers the leave so that an older acceptance handled later adds nobody
   * (leaves past their 30 days are pruned here). Nothing is remembered of an erased person: no
   * acceptance records them again anyway.
   */
  async leaveThread(postId: string, userId: string, at: Date): Promise<void> {
    await this.lockThreadMember(postId, userId);
    // Serialised with the erasure of the person (docs/privacy.md), which deletes their leaves.
    await this.erased.hold([userId]);
    const asOf = at.toISOString();
    await queryRows(
      this.db,
      sql`delete from moderation.activity_thread_members
           where post_id = ${postId}::uuid and user_id = ${userId}::uuid
             and accepted_at <= ${asOf}::timestamptz`,
    );
    await queryRows(
      this.db,
      sql`insert into moderation.activity_thread_leaves as l (post_id, user_id, left_at)
          select ${postId}::uuid, ${userId}::uuid, ${asOf}::timestamptz
           where ${this.erased.notErased(sql`${userId}::uuid`)}
          on conflict (post_id, user_id) do update set left_at = excluded.left_at
           where l.left_at < excluded.left_at`,
    );
    await queryRows(
      this.db,
      sql`delete from moderation.activity_thread_leaves
           where left_at < ${new Date(at.getTime() - LEAVE_KEPT_MS).toISOString()}::timestamptz`,
    );
  }

  /**
   * A transaction-scoped lock on one person's membership of one activity's thread. Its own
   * statement, taken before the person locks (as every caller does), so the statements after it
   * see what the other consumer committed.
   */
  private async lockThreadMember(postId: string, userId: string): Promise<void> {
    const key = `moderation.activity_thread_members:${postId}:${userId}`;
    await queryRows(this.db, sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  /*
   * A circle's members are kept the same way, from feed's circle member joined and left events
   * (two consumers): a member's row keeps the time of the join that let them in (`joined_at`),
   * `circle_leaves` the time of each person's latest leave (left, removed, blocked out or
   * erased), and a join not newer than that leave adds nobody. Unlike an activity's host, a
   * circle's creator is in by their own join event, and can leave once they handed it over.
   */

  /**
   * A join as of `at` (the event's time): the person is in unless they left the circle at or
   * after `at`; idempotent. An erased person is not recorded again (a late or redelivered event).
   */
  async joinCircle(circleId: string, userId: string, at: Date): Promise<void> {
    await this.lockCircleMember(circleId, userId);
    await this.erased.hold([userId]);
    const asOf = at.toISOString();
    await queryRows(
      this.db,
      sql`insert into moderation.circle_members as m (circle_id, user_id, joined_at)
          select ${circleId}::uuid, live.user_id, ${asOf}::timestamptz
            from (${this.erased.living([userId])}) as live
           where not exists (select 1 from moderation.circle_leaves l
                              where l.circle_id = ${circleId}::uuid and l.user_id = live.user_id
                                and l.left_at >= ${asOf}::timestamptz)
          on conflict (circle_id, user_id) do update set joined_at = excluded.joined_at
           where m.joined_at < excluded.joined_at`,
    );
  }

  /**
   * A leave as of `at` (the event's time): removes the membership if it is older, and remembers
   * the leave so that an older join handled later adds nobody (leaves past their 30 days are
   * pruned here). Nothing is remembered of an erased person.
   */
  async leaveCircle(circleId: string, userId: string, at: Date): Promise<void> {
    await this.lockCircleMember(circleId, userId);
    await this.erased.hold([userId]);
    const asOf = at.toISOString();
    await queryRows(
      this.db,
      sql`delete from moderation.circle_members
           where circle_id = ${circleId}::uuid and user_id = ${userId}::uuid
             and joined_at <= ${asOf}::timestamptz`,
    );
    await queryRows(
      this.db,
      sql`insert into moderation.circle_leaves as l (circle_id, user_id, left_at)
          select ${circleId}::uuid, ${userId}::uuid, ${asOf}::timestamptz
           where ${this.erased.notErased(sql`${userId}::uuid`)}
          on conflict (circle_id, user_id) do update set left_at = excluded.left_at
           where l.left_at < excluded.left_at`,
    );
    await queryRows(
      this.db,
      sql`delete from moderation.circle_leaves
           where left_at < ${new Date(at.getTime() - LEAVE_KEPT_MS).toISOString()}::timestamptz`,
    );
  }

  /** As `lockThreadMember`, for one person's membership of one circle. */
  private async lockCircleMember(circleId: string, userId: string): Promise<void> {
    const key = `moderation.circle_members:${circleId}:${userId}`;
    await queryRows(this.db, sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  /**
   * The people of the 1:1 conversation moderation knows of: two, one when the other deleted
   * their account, none when its conversation.started has not arrived (yet).
   */
  async participants(conversationId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select user_id from moderation.conversation_participants
           where conversation_id = ${conversationId}`,
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Records the conversation's people; idempotent. An erased person is not recorded again (a
   * late or redelivered event of theirs): their account, and so their part in it, is gone.
   */
  async joinConversation(conversationId: string, userIds: readonly string[]): Promise<void> {
    await this.erased.hold(userIds);
    await queryRows(
      this.db,
      sql`insert into moderation.conversation_participants (conversation_id, user_id)
          select ${conversationId}::uuid, live.user_id from (${this.erased.living(userIds)}) as live
          on conflict do nothing`,
    );
  }

  /**
   * Records the author, and names them on a case opened before the creation event arrived.
   * Idempotent: the first announcement wins (an item's author never changes). For a person
   * whose account was erased (a late or redelivered event), records nothing and drops a case
   * still waiting for this item's owner: the item went with the account.
   */
  async record(
    targetKind: ContentKind,
    targetId: string,
    ownerId: string,
    where: { threadId?: string; circleId?: string } = {},
  ): Promise<void> {
    await this.erased.hold([ownerId]);
    await queryRows(
      this.db,
      sql`with erased as (
            select not (${this.erased.notErased(sql`${ownerId}::uuid`)}) as yes),
          recorded as (
            insert into moderation.content_owners (target_kind, target_id, owner_id, thread_id, circle_id)
            select ${targetKind}, ${targetId}, ${ownerId}, ${where.threadId ?? null}::uuid,
                   ${where.circleId ?? null}::uuid
              from erased where not erased.yes
            on conflict (target_kind, target_id) do nothing),
          named as (
            update moderation.cases c set owner_id = ${ownerId} from erased
             where not erased.yes and c.target_kind = ${targetKind} and c.target_id = ${targetId}
               and c.owner_id is null),
          gone as (
            delete from moderation.cases c using erased
             where erased.yes and c.target_kind = ${targetKind} and c.target_id = ${targetId}
               and c.owner_id is null
            returning c.target_kind, c.target_id)
          delete from moderation.reports r using gone
           where r.target_kind = gone.target_kind and r.target_id = gone.target_id`,
    );
  }

  /** True when the person's account was deleted (and moderation still remembers it: docs/privacy.md). */
  async isErased(userId: string): Promise<boolean> {
    return (await this.erased.erasedAmong([userId])).has(userId);
  }

  /** Forgets items that no longer exist (deleted or expired posts). */
  async forget(targetKind: ContentKind, targetIds: readonly string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await queryRows(
      this.db,
      sql`delete from moderation.content_owners
           where target_kind = ${targetKind}
             and target_id in (${sql.join(
               targetIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`,
    );
  }
}
