import { sql } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ContentKind, ReportTargetKind } from '@saathi/contracts';
import { TOKEN_FALLBACK_AT } from './authors-repository';
import type { MODERATION_STATES } from './schema';
import { SCHEMA } from './schema-name';

type ModerationState = (typeof MODERATION_STATES)[number];

const TABLE = { post: 'feed.posts', comment: 'feed.comments' } as const;

/** The reportable content the feed owns (messages are messaging's, people identity's). */
export type FeedContentKind = Exclude<ContentKind, 'message'>;

export function isFeedContent(kind: ReportTargetKind): kind is FeedContentKind {
  return kind === 'post' || kind === 'comment' || kind === 'daily_answer' || kind === 'circle';
}

/**
 * The feed's copies of reporters' hides and moderation decisions, written by its consumers (its
 * copy of blocks is the platform's BlocksProjection, db/blocks-repository.ts). The writes that name
 * a person (a reporter's hide, an author's suspension) write nothing for an erased account: the
 * event may be handled after the deletion (`erased_people`, platform ErasedPeople).
 */
export class SafetyRepository {
  private readonly erased: ErasedPeople;

  constructor(private readonly db: Db) {
    this.erased = new ErasedPeople(db, SCHEMA);
  }

  /** The same repository inside a transaction (a consumer's, with its inbox entry). */
  with(db: Db): SafetyRepository {
    return new SafetyRepository(db);
  }

  async hideFromViewer(viewerId: string, targetId: string): Promise<void> {
    await this.erased.hold([viewerId]);
    await queryRows(
      this.db,
      sql`insert into feed.hidden_for_viewer (viewer_id, target_id)
          select ${viewerId}::uuid, ${targetId}::uuid
           where ${this.erased.notErased(sql`${viewerId}::uuid`)}
          on conflict do nothing`,
    );
  }

  /**
   * Hides a post, comment or daily answer from everyone. A stronger decision replaces a weaker one: the
   * author's suspension < 'hidden' until review < 'removed' — so a decision taken while the
   * author is suspended is kept when they are reinstated. Returns the post's cell for the cache,
   * or undefined when unknown (or already as strong).
   *
   * A post of a weekly series also stops the series, as of `at` (the decision's time), in the
   * same statement: the repeat sweep would otherwise post the same text again the next week,
   * unmoderated, and tell last week's people. It stays stopped if the post is shown again (a
   * dismissed report): restarting would post on the host's behalf again unasked — they can
   * start a new series (docs/activities.md#weekly-repeats).
   */
  async moderate(
    kind: FeedContentKind,
    id: string,
    state: Exclude<ModerationState, 'suspended'>,
    at: Date,
  ): Promise<{ geoCell: number } | undefined> {
    const weaker = state === 'removed' ? ['suspended', 'hidden'] : ['suspended'];
    if (kind === 'circle') {
      // Hidden from everyone: its page answers 404 and it leaves every list (docs/circles.md).
      await queryRows(
        this.db,
        sql`update feed.circles set moderation = ${state}
             where id = ${id} and (moderation is null or moderation = any(${sql.param(weaker)}::text[]))`,
      );
      return undefined;
    }
    if (kind === 'daily_answer') {
      // Not in any cached cell: the answers list is read from the table each time.
      await queryRows(
        this.db,
        sql`update feed.daily_responses set moderation = ${state}
             where id = ${id} and (moderation is null or moderation = any(${sql.param(weaker)}::text[]))`,
      );
      return undefined;
    }
    const rows = await queryRows<{ geo_cell: number }>(
      this.db,
      kind === 'post'
        ? sql`with decided as (
                update feed.posts set moderation = ${state}
                 where id = ${id} and (moderation is null or moderation = any(${sql.param(weaker)}::text[]))
                returning geo_cell, activity_series_id),
              stopped as (
                update feed.activity_series s set stopped_at = ${at.toISOString()}::timestamptz
                  from decided where s.id = decided.activity_series_id and s.stopped_at is null)
              select geo_cell from decided`
        : sql`update feed.comments c set moderation = ${state} from feed.posts p
               where c.id = ${id} and p.id = c.post_id
                 and (c.moderation is null or c.moderation = any(${sql.param(weaker)}::text[]))
              returning p.geo_cell`,
    );
    return rows[0] && { geoCell: rows[0].geo_cell };
  }

  /**
   * A dismissed report: what the reports alone hid shows again (an admin's removal stays) —
   * unless its author is suspended now, whose content stays hidden with the rest of theirs.
   */
  async unhide(kind: FeedContentKind, id: string): Promise<void> {
    // A daily answer has no 'suspended' state to fall back to: the list leaves a suspended
    // author's answers out by itself. Nor has a circle (a creator's suspension does not hide it).
    if (kind === 'daily_answer' || kind === 'circle') {
      const table = kind === 'circle' ? sql`feed.circles` : sql`feed.daily_responses`;
      await queryRows(
        this.db,
        sql`update ${table} set moderation = null where id = ${id} and moderation = 'hidden'`,
      );
      return;
    }
    await queryRows(
      this.db,
      sql`update ${sql.raw(TABLE[kind])} t
             set moderation = case when exists (select 1 from feed.authors a
                                                 where a.user_id = t.author_id and a.suspended_at is not null)
                                   then 'suspended' end
           where id = ${id} and moderation = 'hidden'`,
    );
  }

  /**
   * A suspended author's posts and comments leave the feed, and what they write next is refused.
   * The author's row is updated first: it locks out a write in progress (`ensureWriter`), which
   * either committed before (and is hidden below) or sees the suspension. As of `at`, the event's
   * time: a suspension older than the author's latest reinstatement (handled first, out of
   * order) changes nothing.
   */
  async hideAuthor(authorId: string, at: Date): Promise<void> {
    // Made if missing (no account event yet): a first write must find the suspension too. Its
    // name is the token's, or the account's when identity's event comes (an older source time).
    // Never for an erased account: its row would name it again.
    await this.erased.hold([authorId]);
    const applied = await queryRows(
      this.db,
      sql`insert into feed.authors as a (user_id, username, source_at, suspended_at)
          select ${authorId}::uuid, '', ${TOKEN_FALLBACK_AT.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
           where ${this.erased.notErased(sql`${authorId}::uuid`)}
          on conflict (user_id) do update set suspended_at = excluded.suspended_at
           where a.reinstated_at is null or a.reinstated_at < excluded.suspended_at
          returning 1`,
    );
    if (applied.length === 0) return;
    await queryRows(
      this.db,
      sql`update feed.posts set moderation = 'suspended' where author_id = ${authorId} and moderation is null`,
    );
    await queryRows(
      this.db,
      sql`update feed.comments set moderation = 'suspended' where author_id = ${authorId} and moderation is null`,
    );
  }

  /**
   * A reinstated author: what the suspension hid shows again (hidden or removed content stays).
   * As of `at`: a reinstatement older than the current suspension changes nothing.
   */
  async showAuthor(authorId: string, at: Date): Promise<void> {
    await this.erased.hold([authorId]);
    const applied = await queryRows(
      this.db,
      sql`insert into feed.authors as a (user_id, username, source_at, reinstated_at)
          select ${authorId}::uuid, '', ${TOKEN_FALLBACK_AT.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
           where ${this.erased.notErased(sql`${authorId}::uuid`)}
          on conflict (user_id) do update set suspended_at = null, reinstated_at = excluded.reinstated_at
           -- A reinstatement at the very time of the suspension is after it (it undoes it).
           where (a.suspended_at is null or a.suspended_at <= excluded.reinstated_at)
             and (a.reinstated_at is null or a.reinstated_at < excluded.reinstated_at)
          returning 1`,
    );
    if (applied.length === 0) return;
    await queryRows(
      this.db,
      sql`update feed.posts set moderation = null where author_id = ${authorId} and moderation = 'suspended'`,
    );
    await queryRows(
      this.db,
      sql`update feed.comments set moderation = null where author_id = ${authorId} and moderation = 'suspended'`,
    );
  }
}
