import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { lockPeople } from './person-lock';

/**
 * Writes people into a membership projection (an activity thread's members, a 1:1
 * conversation's two people) leaving out anyone whose account was erased: a late or redelivered
 * event of theirs must not bring back what the erasure deleted. Takes each person's lock first
 * (one statement), so an erasure running at the same time either lands before this and is seen,
 * or after this and deletes the rows; then one insert for everyone.
 *
 * `insert` gets a query of the living people's ids (column `user_id`) to select from.
 */
export async function addLivePeople(
  db: Db,
  userIds: readonly string[],
  insert: (livePeople: SQL) => SQL,
): Promise<void> {
  const people = await lockPeople(db, userIds);
  if (people.length === 0) return;
  await queryRows(
    db,
    insert(
      sql`select person.user_id from (values ${sql.join(
        people.map((userId) => sql`(${userId}::uuid)`),
        sql`, `,
      )}) as person(user_id)
           where not exists (select 1 from moderation.erased_people e where e.user_id = person.user_id)`,
    ),
  );
}
