import { sql } from 'drizzle-orm';
import { preparedRows, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';
import { sendToCircleInOneStatement } from './circle-send-statement';
import type { CircleSendInput, CircleSendOutcome } from './circle-send-statement';
import { GroupThreadMembership } from './group-thread-membership';
import type { GroupThreadTables } from './group-thread-membership';
import { notBlockedWith } from './not-blocked-with';
import { visibleTo } from './visible-to';

/** A message as a member sees it, with its sender's names (participants; null before identity's event). */
export type CircleMessageRow = {
  id: string;
  circle_id: string;
  sender_id: string;
  content: string;
  created_at: DbTime;
  username: string | null;
  first_name: string | null;
  display_name: string | null;
};

/** One of the viewer's threads as their list shows it: the newest message they may see, and their unread count. */
export type CircleThreadRow = {
  circle_id: string;
  name: string;
  closed: boolean;
  unread_count: number;
  last_id: string | null;
  last_sender_id: string | null;
  last_content: string | null;
  last_created_at: DbTime | null;
  last_username: string | null;
  last_first_name: string | null;
  last_display_name: string | null;
};

/** Stands for "no message" in a default read marker (the member's added time alone). */
const NO_MESSAGE = '00000000-0000-0000-0000-000000000000';

const MESSAGE_COLUMNS = sql.raw(`m.id, m.circle_id, m.sender_id, m.content, m.created_at,
  p.username, p.first_name, p.display_name`);

/**
 * A message the viewer may see in a circle thread: not hidden by moderation or by their own
 * report, and not from someone blocked either way with them.
 */
const seenBy = (viewerId: string, alias: string) =>
  sql`${visibleTo(viewerId, alias)} and ${notBlockedWith(viewerId, `${alias}.sender_id`)}`;

const TABLES: GroupThreadTables = {
  members: 'messaging.circle_thread_members',
  leaves: 'messaging.circle_thread_leaves',
  messages: 'messaging.circle_thread_messages',
  key: 'circle_id',
  joinedAt: 'joined_at',
  messageColumns: MESSAGE_COLUMNS,
  seenBy: (viewerId) => seenBy(viewerId, 'm'),
};

/**
 * The messages of circle `circle` the viewer has not read: by others, after their read marker
 * (or, with none, after they were added), that they may see. `member` and `marker` are the
 * aliases of their member row and (left-joined) read marker.
 */
const unreadCount = (viewerId: string, circle: string, member: string, marker: string) =>
  sql`(select count(*) from messaging.circle_thread_messages u
        where u.circle_id = ${sql.raw(circle)} and u.sender_id <> ${viewerId}::uuid
          and (u.created_at, u.id) > (coalesce(${sql.raw(marker)}.last_read_at, ${sql.raw(member)}.added_at),
                                      coalesce(${sql.raw(marker)}.last_read_message_id, ${NO_MESSAGE}::uuid))
          and ${seenBy(viewerId, 'u')})::int`;

/** Circle threads, their members (from feed's circle events), read markers and messages. */
export class CircleThreadsRepository {
  /** Joins and leaves as of each event's time, erased accounts, pages (group-thread-membership.ts). */
  private readonly membership: GroupThreadMembership;

  constructor(private readonly db: Db) {
    this.membership = new GroupThreadMembership(db, TABLES);
  }

  with(db: Db): CircleThreadsRepository {
    return new CircleThreadsRepository(db);
  }

  /**
   * The thread, opened if it is not there yet, named as of `at` (the event's time): a name from
   * an older event than the one stored changes nothing.
   */
  async name(circleId: string, name: string, at: Date, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into messaging.circle_threads as t (circle_id, name, name_at, created_at)
          values (${circleId}::uuid, ${name}, ${at.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (circle_id) do update set name = excluded.name, name_at = excluded.name_at
           where t.name_at < excluded.name_at`,
    );
  }

  /**
   * The circle closed as of `at`: its thread takes no more messages. A close handled before any
   * join (another consumer) opens the thread closed and unnamed; the join names it.
   */
  async close(circleId: string, at: Date, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into messaging.circle_threads as t (circle_id, name, name_at, closed_at, created_at)
          values (${circleId}::uuid, '', '-infinity', ${at.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (circle_id) do update set closed_at = excluded.closed_at where t.closed_at is null`,
    );
  }

  /** Whether any of these people's accounts was erased (their locks held until the transaction ends). */
  anyErased(userIds: readonly string[]): Promise<boolean> {
    return this.membership.anyErased(userIds);
  }

  /**
   * A join as of `at`; true when the person is a member from it. Nobody erased is added, and a
   * join not newer than the person's latest leave adds nobody (group-thread-membership.ts).
   */
  join(circleId: string, userId: string, at: Date, now: Date): Promise<boolean> {
    return this.membership.join(circleId, userId, at, now);
  }

  /**
   * A leave as of `at`: removes an older membership (and the person's read marker with it) and
   * remembers the leave (30 days). A leave of an erased account changes nothing. Returns whether
   * a member was removed.
   */
  leave(circleId: string, userId: string, at: Date): Promise<boolean> {
    return this.membership.leave(circleId, userId, at, () =>
      this.db.execute(
        sql`delete from messaging.circle_thread_read_markers
             where circle_id = ${circleId}::uuid and user_id = ${userId}::uuid`,
      ),
    );
  }

  /** Whether `userId` is a member of the circle's thread (the access check of every read). */
  async isMember(userId: string, circleId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from messaging.circle_thread_members
          where circle_id = ${circleId}::uuid and user_id = ${userId}::uuid`,
    );
    return rows.length > 0;
  }

  /**
   * The viewer's threads, the newest message they may see first (a thread without one by when
   * they were added), each with that message and their unread count: one query.
   */
  async threadsOf(userId: string): Promise<CircleThreadRow[]> {
    return queryRows<CircleThreadRow>(
      this.db,
      sql`select t.circle_id, t.name, t.closed_at is not null as closed,
                 ${unreadCount(userId, 't.circle_id', 'm', 'r')} as unread_count,
                 l.id as last_id, l.sender_id as last_sender_id, l.content as last_content,
                 l.created_at as last_created_at, p.username as last_username,
                 p.first_name as last_first_name, p.display_name as last_display_name
          from messaging.circle_thread_members m
          join messaging.circle_threads t on t.circle_id = m.circle_id
          left join messaging.circle_thread_read_markers r on r.circle_id = m.circle_id and r.user_id = m.user_id
          left join lateral (
            select x.id, x.sender_id, x.content, x.created_at from messaging.circle_thread_messages x
            where x.circle_id = t.circle_id and ${seenBy(userId, 'x')}
            order by x.created_at desc, x.id desc limit 1) l on true
          left join messaging.participants p on p.user_id = l.sender_id
          where m.user_id = ${userId}::uuid
          order by coalesce(l.created_at, m.added_at) desc, t.circle_id`,
    );
  }

  /** A whole send in one statement (circle-send-statement.ts). */
  send(input: CircleSendInput): Promise<CircleSendOutcome> {
    return sendToCircleInOneStatement((name, query) => preparedRows(this.db, name, query), input);
  }

  /** The message a sender stored under a client id (a retried send answers it). */
  async byClientId(senderId: string, clientMessageId: string): Promise<CircleMessageRow | undefined> {
    const [row] = await queryRows<CircleMessageRow>(
      this.db,
      sql`select ${MESSAGE_COLUMNS} from messaging.circle_thread_messages m
          left join messaging.participants p on p.user_id = m.sender_id
          where m.sender_id = ${senderId}::uuid and m.client_message_id = ${clientMessageId}::uuid`,
    );
    return row;
  }

  /**
   * The newest page (oldest first), or everything after a message of the same thread, as the
   * viewer may see it; null when the cursor is not a message of this thread.
   */
  messages(
    circleId: string,
    viewerId: string,
    options: { after?: string | undefined; limit: number },
  ): Promise<CircleMessageRow[] | null> {
    return this.membership.page<CircleMessageRow>(circleId, viewerId, options);
  }

  /**
   * Moves a member's read marker to a message of the thread (`messageId`), or to its newest
   * message; never back. Then their unread count. Undefined when they are not a member, null
   * when `messageId` is not a message of this thread. One statement.
   */
  async markRead(
    userId: string,
    circleId: string,
    messageId: string | undefined,
    now: Date,
  ): Promise<number | null | undefined> {
    const target = messageId
      ? sql`select id, created_at from messaging.circle_thread_messages
             where id = ${messageId}::uuid and circle_id = ${circleId}::uuid`
      : sql`select id, created_at from messaging.circle_thread_messages
             where circle_id = ${circleId}::uuid order by created_at desc, id desc limit 1`;
    const [row] = await queryRows<{ member: boolean; found: boolean; unread_count: number | null }>(
      this.db,
      sql`with member as (
            select 1 from messaging.circle_thread_members
             where circle_id = ${circleId}::uuid and user_id = ${userId}::uuid
          ),
          target as (${target}),
          moved as (
            insert into messaging.circle_thread_read_markers as r
              (circle_id, user_id, last_read_message_id, last_read_at, read_at)
            select ${circleId}::uuid, ${userId}::uuid, x.id, x.created_at, ${now.toISOString()}::timestamptz
              from target x where exists (select 1 from member)
            on conflict (circle_id, user_id) do update
              set last_read_message_id = excluded.last_read_message_id,
                  last_read_at = excluded.last_read_at, read_at = excluded.read_at
              where (excluded.last_read_at, excluded.last_read_message_id) > (r.last_read_at, r.last_read_message_id)
            returning circle_id, user_id, last_read_message_id, last_read_at
          )
          select exists (select 1 from member) as member, exists (select 1 from target) as found,
                 (select ${unreadCount(userId, 'm.circle_id', 'm', 'r')}
                    from messaging.circle_thread_members m
                    left join (select * from moved
                               union all
                               select circle_id, user_id, last_read_message_id, last_read_at
                                 from messaging.circle_thread_read_markers
                                where circle_id = ${circleId}::uuid and user_id = ${userId}::uuid
                                  and not exists (select 1 from moved)) r on true
                   where m.circle_id = ${circleId}::uuid and m.user_id = ${userId}::uuid) as unread_count`,
    );
    if (!row?.member) return undefined;
    if (messageId && !row.found) return null;
    return row.unread_count ?? 0;
  }

  /**
   * Account deletion: the person leaves every circle thread, their messages there are erased
   * (a group's history is not kept under a "Deleted user" name), and so are their read markers
   * and the leaves remembered of them.
   */
  async eraseUser(userId: string): Promise<void> {
    await this.db.execute(sql`delete from messaging.circle_thread_leaves where user_id = ${userId}::uuid`);
    await this.db.execute(
      sql`delete from messaging.circle_thread_read_markers where user_id = ${userId}::uuid`,
    );
    await this.db.execute(sql`delete from messaging.circle_thread_members where user_id = ${userId}::uuid`);
    await this.db.execute(
      sql`delete from messaging.circle_thread_messages where sender_id = ${userId}::uuid`,
    );
  }
}
