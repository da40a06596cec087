import { eq, sql } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { authors } from './schema';
import { SCHEMA } from './schema-name';

/** The public account fields identity's user events carry. */
export interface AccountNames {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export interface BotAuthor {
  userId: string;
  username: string;
  firstName: string;
}

/** Stands for "no account data yet": any event is newer. */
export const TOKEN_FALLBACK_AT = new Date(0);

/** The authors projection: names for posts, comments and answers, plus each author's stats. */
export class AuthorsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): AuthorsRepository {
    return new AuthorsRepository(db);
  }

  /**
   * Makes sure a signed-in writer has a row before their registration event has arrived (named by
   * the token's username until identity's event replaces it), and says whether they are
   * suspended. The author's row is locked for the transaction, as a suspension's is
   * (`SafetyRepository.hideAuthor`): a write either sees the suspension or comes before it, and is
   * then hidden with the rest.
   */
  async ensureWriter(userId: string, username: string): Promise<{ suspended: boolean }> {
    const [row] = await queryRows<{ suspended: boolean }>(
      this.db,
      sql`insert into feed.authors (user_id, username, source_at)
          values (${userId}::uuid, ${username}, ${TOKEN_FALLBACK_AT.toISOString()}::timestamptz)
          on conflict (user_id) do update
            -- A row made before any account event (a suspension's) takes the token's name.
            set username = case when feed.authors.source_at = excluded.source_at
                                then excluded.username else feed.authors.username end
          returning suspended_at is not null as suspended`,
    );
    return { suspended: row?.suspended ?? false };
  }

  /**
   * Applies identity's account data as of `asOf`; an older event than the row's is ignored, and
   * so is any event about an erased account (its id is in `erased_people`): a late registration
   * or profile update writes no name back.
   */
  async applyAccount(account: AccountNames, asOf: Date): Promise<void> {
    const erased = new ErasedPeople(this.db, SCHEMA);
    await erased.hold([account.userId]);
    await queryRows(
      this.db,
      sql`insert into feed.authors as a (user_id, username, first_name, last_name, source_at)
          select ${account.userId}::uuid, ${account.username}, ${account.firstName}, ${account.lastName},
                 ${asOf.toISOString()}::timestamptz
           where ${erased.notErased(sql`${account.userId}::uuid`)}
          on conflict (user_id) do update
            set username = excluded.username, first_name = excluded.first_name,
                last_name = excluded.last_name, source_at = excluded.source_at
          where a.source_at < excluded.source_at and not a.is_bot`,
    );
  }

  /** The bot accounts, feed-local authors whose names say they are bots. */
  async ensureBots(bots: readonly BotAuthor[]): Promise<void> {
    if (bots.length === 0) return;
    await this.db
      .insert(authors)
      .values(bots.map((bot) => ({ ...bot, isBot: true, sourceAt: TOKEN_FALLBACK_AT })))
      .onConflictDoNothing({ target: authors.userId });
  }

  async find(userId: string): Promise<AccountNames | undefined> {
    const [row] = await this.db
      .select({
        userId: authors.userId,
        username: authors.username,
        firstName: authors.firstName,
        lastName: authors.lastName,
      })
      .from(authors)
      .where(eq(authors.userId, userId))
      .limit(1);
    return row;
  }

  async countPostCreated(userId: string): Promise<void> {
    await this.db
      .update(authors)
      .set({ postsCreated: sql`${authors.postsCreated} + 1` })
      .where(eq(authors.userId, userId));
  }

  async countLikeReceived(userId: string): Promise<void> {
    await this.db
      .update(authors)
      .set({ likesReceived: sql`${authors.likesReceived} + 1` })
      .where(eq(authors.userId, userId));
  }

  /** Posts ever created and likes ever received (expired or deleted posts still count). */
  async statsOf(userId: string): Promise<{ posts: number; likesReceived: number }> {
    const [row] = await this.db
      .select({ posts: authors.postsCreated, likesReceived: authors.likesReceived })
      .from(authors)
      .where(eq(authors.userId, userId))
      .limit(1);
    return row ?? { posts: 0, likesReceived: 0 };
  }
}
