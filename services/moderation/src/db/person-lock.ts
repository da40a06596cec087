import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/**
 * A transaction-scoped lock on one person's moderation rows: the erasure of an account and the
 * recording of an item they wrote take it, so one runs after the other and the second sees what
 * the first committed. Its own statement: a read-committed statement's snapshot is taken before
 * it waits, so the check that follows must be a later statement.
 */
export async function lockPerson(db: Db, userId: string): Promise<void> {
  await lockPeople(db, [userId]);
}

/**
 * The locks of several people in one statement, always in the same order (the ids sorted), so
 * two events naming the same people never wait on each other. Returns the people, sorted and
 * without repeats.
 */
export async function lockPeople(db: Db, userIds: readonly string[]): Promise<string[]> {
  const people = [...new Set(userIds)].sort();
  if (people.length === 0) return people;
  // Ordered by position, not by text: the database's collation may sort ids differently from
  // JavaScript, and every caller must agree on one order. PostgreSQL evaluates a volatile
  // output expression after ORDER BY, so the locks are taken in this order.
  await queryRows(
    db,
    sql`select pg_advisory_xact_lock(hashtext(person.key))
          from (values ${sql.join(
            people.map((userId, i) => sql`(${i}::int, ${`moderation.person:${userId}`}::text)`),
            sql`, `,
          )}) as person(position, key)
         order by person.position`,
  );
  return people;
}
