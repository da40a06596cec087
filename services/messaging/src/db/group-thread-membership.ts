import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';
import { SCHEMA } from './schema-name';

/** How long a leave is remembered: far longer than any event waits for delivery. */
const LEAVE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * One kind of group thread's tables (activity threads, keyed by their post; circle threads, keyed
 * by their circle). Names are constants, never input.
 */
export interface GroupThreadTables {
  /** The members table (`<thread key>, user_id, added_at, <joined column>`). */
  members: string;
  /** Each person's latest leave (`<thread key>, user_id, left_at`). */
  leaves: string;
  messages: string;
  /** The thread's key column in all three (`post_id`, `circle_id`). */
  key: string;
  /** The member row's time of the event that let them in (`accepted_at`, `joined_at`). */
  joinedAt: string;
  /** The message columns a page answers, `m` the message and `p` its sender's participants row. */
  messageColumns: SQL;
  /** A message (alias `m`) the viewer may see. */
  seenBy(viewerId: string): SQL;
}

/*
 * Membership is kept as of each event's time. feed's join (accepted) and left events come through
 * two independent consumers, so a leave can be handled before an older join (a backlog, a
 * redelivery); applied as it came, that join would put the person back in for good. So a member
 * row keeps the time of the join that let them in, and the leaves table the time of each person's
 * latest leave: a join not newer than that leave changes nothing, and a leave removes only an
 * older membership. A re-join after a leave is newer than it, and gets in. On a tie (same
 * millisecond) the leave wins: the safe side. The (thread, person) pair is locked for the
 * transaction, so a join and a leave handled at the same moment by the two consumers cannot each
 * miss the other's uncommitted write. Deleted accounts (use-cases/account-erasure.ts): an event
 * about a person handled after their erasure must not make them a member or remember a leave.
 */
export class GroupThreadMembership {
  private readonly erased: ErasedPeople;
  private readonly members: SQL;
  private readonly leaves: SQL;
  private readonly messages: SQL;
  private readonly key: SQL;
  private readonly joinedAt: SQL;

  constructor(
    private readonly db: Db,
    private readonly tables: GroupThreadTables,
  ) {
    this.erased = new ErasedPeople(db, SCHEMA);
    this.members = sql.raw(tables.members);
    this.leaves = sql.raw(tables.leaves);
    this.messages = sql.raw(tables.messages);
    this.key = sql.raw(tables.key);
    this.joinedAt = sql.raw(tables.joinedAt);
  }

  /** Whether any of these people's accounts was erased (their locks held until the transaction ends). */
  async anyErased(userIds: readonly string[]): Promise<boolean> {
    return (await this.erased.erasedAmong(userIds)).size > 0;
  }

  /** A join as of `at`; true when the person is a member from it. Nobody erased is added. */
  async join(threadId: string, userId: string, at: Date, now: Date): Promise<boolean> {
    await this.erased.hold([userId]);
    await this.lockMember(threadId, userId);
    const { members, leaves, key, joinedAt } = this;
    const asOf = at.toISOString();
    const rows = await queryRows(
      this.db,
      sql`insert into ${members} as m (${key}, user_id, added_at, ${joinedAt})
          select ${threadId}::uuid, ${userId}::uuid, ${now.toISOString()}::timestamptz, ${asOf}::timestamptz
           where not exists (select 1 from ${leaves}
                              where ${key} = ${threadId}::uuid and user_id = ${userId}::uuid
                                and left_at >= ${asOf}::timestamptz)
             and ${this.erased.notErased(sql`${userId}::uuid`)}
          on conflict (${key}, user_id) do update set ${joinedAt} = excluded.${joinedAt}
           where m.${joinedAt} < excluded.${joinedAt}
          returning 1`,
    );
    return rows.length > 0;
  }

  /**
   * A leave as of `at`: removes the membership if it is older (then runs `removed`, in the same
   * transaction), and remembers the leave so that an older join handled later is not applied
   * (leaves past their 30 days are pruned here). Returns whether a member was removed. A leave of
   * an erased account changes nothing: the erasure removed their memberships and leaves, and none
   * is remembered again.
   */
  async leave(
    threadId: string,
    userId: string,
    at: Date,
    removed?: () => Promise<unknown>,
  ): Promise<boolean> {
    if (await this.anyErased([userId])) return false;
    await this.lockMember(threadId, userId);
    const { members, leaves, key, joinedAt } = this;
    const asOf = at.toISOString();
    const gone = await queryRows(
      this.db,
      sql`delete from ${members}
           where ${key} = ${threadId}::uuid and user_id = ${userId}::uuid
             and ${joinedAt} <= ${asOf}::timestamptz
          returning 1`,
    );
    if (gone.length > 0) await removed?.();
    await this.db.execute(
      sql`insert into ${leaves} as l (${key}, user_id, left_at)
          values (${threadId}::uuid, ${userId}::uuid, ${asOf}::timestamptz)
          on conflict (${key}, user_id) do update set left_at = excluded.left_at
           where l.left_at < excluded.left_at`,
    );
    await this.db.execute(
      sql`delete from ${leaves}
          where left_at < ${new Date(at.getTime() - LEAVE_KEPT_MS).toISOString()}::timestamptz`,
    );
    return gone.length > 0;
  }

  private async lockMember(threadId: string, userId: string): Promise<void> {
    const lockKey = `${this.tables.members}:${threadId}:${userId}`;
    await queryRows(this.db, sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  }

  /**
   * The newest page (oldest first), or everything after a message of the same thread, as the
   * viewer may see it; null when the cursor is not a message of this thread.
   */
  async page<Row extends Record<string, unknown>>(
    threadId: string,
    viewerId: string,
    options: { after?: string | undefined; limit: number },
  ): Promise<Row[] | null> {
    const { messages, key } = this;
    const columns = this.tables.messageColumns;
    const seen = this.tables.seenBy(viewerId);
    if (options.after) {
      const cursor = await queryRows<{ created_at: DbTime }>(
        this.db,
        sql`select created_at from ${messages}
            where id = ${options.after}::uuid and ${key} = ${threadId}::uuid`,
      );
      if (!cursor[0]) return null;
      return queryRows<Row>(
        this.db,
        sql`select ${columns} from ${messages} m
            left join messaging.participants p on p.user_id = m.sender_id
            where m.${key} = ${threadId}::uuid
              and (m.created_at, m.id) > (${cursor[0].created_at}::timestamptz, ${options.after}::uuid)
              and ${seen}
            order by m.created_at, m.id limit ${options.limit}`,
      );
    }
    const newest = await queryRows<Row>(
      this.db,
      sql`select ${columns} from ${messages} m
          left join messaging.participants p on p.user_id = m.sender_id
          where m.${key} = ${threadId}::uuid and ${seen}
          order by m.created_at desc, m.id desc limit ${options.limit}`,
    );
    return newest.reverse();
  }
}
