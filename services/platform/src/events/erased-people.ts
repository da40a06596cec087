import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../ports';
import { queryRows } from '../db/query-rows';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * How long an erased account's id is remembered: JetStream keeps events 7 days (its DLQ as long)
 * and an outbox held back by a broker outage publishes late; 30 days covers both with room.
 */
export const ERASED_PEOPLE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A service's memory of deleted accounts (`<schema>.erased_people`: the id and when), so that an
 * event about someone, published before their `identity.user.deleted.v1` but handled after it
 * (a lagging consumer, a redelivery), does not write back a row naming them. Each consumer has
 * its own durable, so the deletion's consumer cannot be relied on to run last.
 *
 * Locking: the erasure takes the person's lock exclusively (`remember`), a projection write takes
 * it shared (`hold`, `erasedAmong`) before it checks and writes. So a write running at the same
 * moment either commits first, and the erasure that follows deletes what it wrote, or waits and
 * then sees the id here. The check must be a later statement than the lock: a read-committed
 * statement's snapshot is taken before it waits. Writes for different people, or several for the
 * same living person, never wait on each other.
 *
 * Parameterised by schema like BlocksProjection; the table comes from the service's migration
 * (feed, messaging, notification, moderation).
 */
export class ErasedPeople {
  private readonly table;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
  ) {
    assertSchemaName(schema);
    this.table = sql.raw(`"${schema}".erased_people`);
  }

  with(db: Db): ErasedPeople {
    return new ErasedPeople(db, this.schema);
  }

  /**
   * The account is being erased: waits for writes naming them that are under way, then
   * remembers the id. Call it first in the erasure's transaction, before its deletes.
   */
  async remember(userId: string, at: Date): Promise<void> {
    await queryRows(this.db, sql`select pg_advisory_xact_lock(${this.lockKey(userId)})`);
    await queryRows(
      this.db,
      sql`insert into ${this.table} (user_id, erased_at)
          values (${userId}::uuid, ${at.toISOString()}::timestamptz) on conflict (user_id) do nothing`,
    );
  }

  /**
   * Holds these people's locks shared until the transaction ends (one statement, in a fixed
   * order), so no erasure of theirs runs between a check and the write it guards. Use
   * `notErased` in a later statement.
   */
  async hold(userIds: readonly string[]): Promise<void> {
    const people = [...new Set(userIds)].sort();
    if (people.length === 0) return;
    // Ordered by position: the database's collation may sort ids differently from JavaScript.
    // PostgreSQL evaluates a volatile output expression after ORDER BY, so locks follow it.
    await queryRows(
      this.db,
      sql`select pg_advisory_xact_lock_shared(person.key)
            from (values ${sql.join(
              people.map((userId, i) => sql`(${i}::int, ${this.lockKey(userId)})`),
              sql`, `,
            )}) as person(position, key)
           order by person.position`,
    );
  }

  /** `hold`, then those of the people whose accounts were erased (two statements). */
  async erasedAmong(userIds: readonly string[]): Promise<Set<string>> {
    const people = [...new Set(userIds)];
    if (people.length === 0) return new Set();
    await this.hold(people);
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select user_id from ${this.table} where user_id = any(${sql.param(people)}::uuid[])`,
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /** A condition for a write's own statement (after `hold`): the id in `userId` is not erased. */
  notErased(userId: SQL): SQL {
    return sql`not exists (select 1 from ${this.table} e where e.user_id = ${userId})`;
  }

  /**
   * A query of these people's ids (column `user_id`, no repeats) without the erased ones, for a
   * write naming several people in its own statement (after `hold`), e.g. `insert … select …
   * from (${erased.living(ids)}) as live`: a membership projection stays one statement however
   * many people an event names.
   */
  living(userIds: readonly string[]): SQL {
    const people = [...new Set(userIds)];
    if (people.length === 0) return sql`select null::uuid as user_id where false`;
    return sql`select person.user_id from (values ${sql.join(
      people.map((userId) => sql`(${userId}::uuid)`),
      sql`, `,
    )}) as person(user_id)
     where ${this.notErased(sql`person.user_id`)}`;
  }

  /** Forgets ids erased more than ERASED_PEOPLE_KEPT_MS before `now`; returns how many. */
  async prune(now: Date): Promise<number> {
    const before = new Date(now.getTime() - ERASED_PEOPLE_KEPT_MS).toISOString();
    const rows = await queryRows(
      this.db,
      sql`delete from ${this.table} where erased_at < ${before}::timestamptz returning 1`,
    );
    return rows.length;
  }

  private lockKey(userId: string): SQL {
    return sql`hashtextextended(${`${this.schema}.erased_people:${userId}`}, 0)`;
  }
}
