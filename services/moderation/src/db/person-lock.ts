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
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtext(${`moderation.person:${userId}`}))`);
}
