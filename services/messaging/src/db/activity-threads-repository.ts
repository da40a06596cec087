import { sql } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';
import { GroupThreadMembership } from './group-thread-membership';
import type { GroupThreadTables } from './group-thread-membership';
import { SCHEMA } from './schema-name';
import { notBlockedWith } from './not-blocked-with';
import { visibleTo } from './visible-to';

export type ActivityThreadRow = {
  post_id: string;
  host_id: string;
  starts_at: DbTime;
  archives_at: DbTime;
};

/** A member as the thread shows them (participants projection; null names before identity's event). */
export type ThreadMemberRow = {
  post_id: string;
  user_id: string;
  username: string | null;
  first_name: string | null;
  display_name: string | null;
  profile_image_url: string | null;
};

export type ThreadMessageRow = {
  id: string;
  post_id: string;
  sender_id: string;
  content: string;
  created_at: DbTime;
  username: string | null;
  first_name: string | null;
  display_name: string | null;
};

/** How long a deleted post stays remembered: far longer than any event waits for delivery. */
const GONE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

const MESSAGE_COLUMNS = sql.raw(`m.id, m.post_id, m.sender_id, m.content, m.created_at,
  p.username, p.first_name, p.display_name`);

const TABLES: GroupThreadTables = {
  members: 'messaging.activity_thread_members',
  leaves: 'messaging.activity_thread_leaves',
  messages: 'messaging.activity_thread_messages',
  key: 'post_id',
  joinedAt: 'accepted_at',
  messageColumns: MESSAGE_COLUMNS,
  seenBy: (viewerId) => sql`${visibleTo(viewerId)} and ${notBlockedWith(viewerId, 'm.sender_id')}`,
};

/** Activity threads, their members (from feed's events) and their messages. */
export class ActivityThreadsRepository {
  /** Joins and leaves as of each event's time, erased accounts, pages (group-thread-membership.ts). */
  private readonly membership: GroupThreadMembership;
  /** Deleted accounts: a late acceptance must not open a thread they host again. */
  private readonly erased: ErasedPeople;

  constructor(private readonly db: Db) {
    this.erased = new ErasedPeople(db, SCHEMA);
    this.membership = new GroupThreadMembership(db, TABLES);
  }

  with(db: Db): ActivityThreadsRepository {
    return new ActivityThreadsRepository(db);
  }

  /**
   * Opens the thread when its first person is accepted, the host its first member; true when the
   * thread is there after. False for a post already gone, or a host whose account was erased:
   * nothing is opened again.
   */
  async open(
    thread: { postId: string; hostId: string; startsAt: Date; archivesAt: Date },
    now: Date,
  ): Promise<boolean> {
    await this.erased.hold([thread.hostId]);
    const opened = await queryRows<{ post_id: string }>(
      this.db,
      sql`insert into messaging.activity_threads (post_id, host_id, starts_at, archives_at, created_at)
          select ${thread.postId}::uuid, ${thread.hostId}::uuid, ${thread.startsAt.toISOString()}::timestamptz,
                 ${thread.archivesAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          where not exists (select 1 from messaging.activity_posts_gone where post_id = ${thread.postId}::uuid)
            and ${this.erased.notErased(sql`${thread.hostId}::uuid`)}
          on conflict (post_id) do update
            set starts_at = excluded.starts_at, archives_at = excluded.archives_at
          returning post_id`,
    );
    if (opened.length === 0) return false;
    // The host is in by hosting, not by an acceptance: no time of their own, and never left.
    await this.db.execute(
      sql`insert into messaging.activity_thread_members (post_id, user_id, added_at)
          values (${thread.postId}::uuid, ${thread.hostId}::uuid, ${now.toISOString()}::timestamptz)
          on conflict do nothing`,
    );
    return true;
  }

  /** Whether any of these people's accounts was erased (their locks held until the transaction ends). */
  anyErased(userIds: readonly string[]): Promise<boolean> {
    return this.membership.anyErased(userIds);
  }

  /**
   * An acceptance as of `at` (the event's time); true when the person is now a member from it.
   * Nobody whose account was erased is added; an acceptance not newer than the person's latest
   * leave adds nobody (group-thread-membership.ts).
   */
  accept(postId: string, userId: string, at: Date, now: Date): Promise<boolean> {
    return this.membership.join(postId, userId, at, now);
  }

  /**
   * A leave as of `at` (the event's time): removes an older membership and remembers the leave
   * (30 days). Returns whether a member was removed. A leave of an erased account changes nothing.
   */
  leave(postId: string, userId: string, at: Date): Promise<boolean> {
    return this.membership.leave(postId, userId, at);
  }

  /** The thread, only when `userId` is a member (one query: membership is the access check). */
  async threadFor(userId: string, postId: string): Promise<ActivityThreadRow | null> {
    const rows = await queryRows<ActivityThreadRow>(
      this.db,
      sql`select t.post_id, t.host_id, t.starts_at, t.archives_at
          from messaging.activity_threads t
          join messaging.activity_thread_members m on m.post_id = t.post_id and m.user_id = ${userId}::uuid
          where t.post_id = ${postId}::uuid`,
    );
    return rows[0] ?? null;
  }

  /** The viewer's threads, soonest activity first. */
  async threadsOf(userId: string): Promise<ActivityThreadRow[]> {
    return queryRows<ActivityThreadRow>(
      this.db,
      sql`select t.post_id, t.host_id, t.starts_at, t.archives_at
          from messaging.activity_thread_members m
          join messaging.activity_threads t on t.post_id = m.post_id
          where m.user_id = ${userId}::uuid
          order by t.starts_at, t.post_id`,
    );
  }

  /** Members of these threads as the viewer sees them, the host first, then in the order they joined. */
  async membersOf(postIds: readonly string[], viewerId: string): Promise<ThreadMemberRow[]> {
    if (postIds.length === 0) return [];
    return queryRows<ThreadMemberRow>(
      this.db,
      sql`select m.post_id, m.user_id, p.username, p.first_name, p.display_name, p.profile_image_url
          from messaging.activity_thread_members m
          join messaging.activity_threads t on t.post_id = m.post_id
          left join messaging.participants p on p.user_id = m.user_id
          where m.post_id = any(${`{${postIds.join(',')}}`}::uuid[]) and ${notBlockedWith(viewerId, 'm.user_id')}
          order by m.post_id, (m.user_id = t.host_id) desc, m.added_at, m.user_id`,
    );
  }

  /** Who hears a message `senderId` sends in the thread: its members, less anyone blocked either way with them. */
  async recipientsOf(postId: string, senderId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select m.user_id from messaging.activity_thread_members m
          where m.post_id = ${postId}::uuid and ${notBlockedWith(senderId, 'm.user_id')}`,
    );
    return rows.map((row) => row.user_id);
  }

  /** Stores a message at least 1 ms after the thread's newest, so (created_at, id) is sending order. */
  async addMessage(postId: string, senderId: string, content: string, now: Date): Promise<ThreadMessageRow> {
    const rows = await queryRows<ThreadMessageRow>(
      this.db,
      sql`with inserted as (
            insert into messaging.activity_thread_messages (post_id, sender_id, content, created_at)
            select ${postId}::uuid, ${senderId}::uuid, ${content},
                   greatest(${now.toISOString()}::timestamptz, (
                     select max(created_at) + interval '1 millisecond'
                     from messaging.activity_thread_messages where post_id = ${postId}::uuid))
            returning *)
          select ${MESSAGE_COLUMNS} from inserted m
          left join messaging.participants p on p.user_id = m.sender_id`,
    );
    const row = rows[0];
    if (!row) throw new Error('the activity thread message was not stored');
    return row;
  }

  /**
   * The newest page (oldest first), or everything after a message of the same thread, as the
   * viewer may see it: without messages moderation hid or removed, nor those the viewer reported,
   * nor from someone blocked either way; null when the cursor is not a message of this thread.
   */
  messages(
    postId: string,
    viewerId: string,
    options: { after?: string; limit: number },
  ): Promise<ThreadMessageRow[] | null> {
    return this.membership.page<ThreadMessageRow>(postId, viewerId, options);
  }

  /** The newest message of each of these threads the viewer may see. */
  async lastMessages(postIds: readonly string[], viewerId: string): Promise<ThreadMessageRow[]> {
    if (postIds.length === 0) return [];
    return queryRows<ThreadMessageRow>(
      this.db,
      sql`select ${MESSAGE_COLUMNS}
          from unnest(${`{${postIds.join(',')}}`}::uuid[]) as t(post_id)
          cross join lateral (
            select * from messaging.activity_thread_messages x
            where x.post_id = t.post_id and ${visibleTo(viewerId, 'x')} and ${notBlockedWith(viewerId, 'x.sender_id')}
            order by x.created_at desc, x.id desc limit 1) m
          left join messaging.participants p on p.user_id = m.sender_id`,
    );
  }

  /**
   * The activity's post is gone: its thread goes, with its members and messages, and the post is
   * remembered so that a late acceptance cannot open it again (older marks are pruned here).
   */
  async remove(postId: string, now: Date): Promise<void> {
    await this.db.execute(sql`delete from messaging.activity_threads where post_id = ${postId}::uuid`);
    // Its leaves guard nothing now: no acceptance opens the thread again.
    await this.db.execute(sql`delete from messaging.activity_thread_leaves where post_id = ${postId}::uuid`);
    await this.db.execute(
      sql`insert into messaging.activity_posts_gone (post_id, gone_at)
          values (${postId}::uuid, ${now.toISOString()}::timestamptz)
          on conflict (post_id) do nothing`,
    );
    await this.db.execute(
      sql`delete from messaging.activity_posts_gone
          where gone_at < ${new Date(now.getTime() - GONE_KEPT_MS).toISOString()}::timestamptz`,
    );
  }

  /**
   * Account deletion: threads the person hosted go (with their members and messages), the
   * person leaves every other thread, and their messages there are erased, as are the leaves
   * remembered of them and of the threads they hosted.
   */
  async eraseUser(userId: string): Promise<void> {
    await this.db.execute(
      sql`delete from messaging.activity_thread_leaves
          where user_id = ${userId}::uuid
             or post_id in (select post_id from messaging.activity_threads where host_id = ${userId}::uuid)`,
    );
    await this.db.execute(sql`delete from messaging.activity_threads where host_id = ${userId}::uuid`);
    await this.db.execute(sql`delete from messaging.activity_thread_members where user_id = ${userId}::uuid`);
    await this.db.execute(
      sql`delete from messaging.activity_thread_messages where sender_id = ${userId}::uuid`,
    );
  }
}
