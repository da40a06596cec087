import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ContentKind } from '@saathi/contracts';
import type { MODERATION_STATES } from './schema';

type ModerationState = (typeof MODERATION_STATES)[number];

const TABLE = { post: 'feed.posts', comment: 'feed.comments' } as const;

/**
 * The feed's copies of reporters' hides and moderation decisions, written by its consumers (its
 * copy of blocks is the platform's BlocksProjection, events/user-blocks.ts).
 */
export class SafetyRepository {
  constructor(private readonly db: Db) {}

  async hideFromViewer(viewerId: string, targetId: string): Promise<void> {
    await queryRows(
      this.db,
      sql`insert into feed.hidden_for_viewer (viewer_id, target_id) values (${viewerId}, ${targetId})
          on conflict do nothing`,
    );
  }

  /**
   * Hides a post or comment from everyone. A stronger decision replaces a weaker one ('hidden'
   * until review → 'removed'); returns the post's cell for the cache, or undefined when unknown.
   */
  async moderate(
    kind: Exclude<ContentKind, 'message'>,
    id: string,
    state: ModerationState,
  ): Promise<{ geoCell: number } | undefined> {
    const rows = await queryRows<{ geo_cell: number }>(
      this.db,
      kind === 'post'
        ? sql`update feed.posts set moderation = ${state}
               where id = ${id} and (moderation is null or moderation = 'hidden') returning geo_cell`
        : sql`update feed.comments c set moderation = ${state} from feed.posts p
               where c.id = ${id} and p.id = c.post_id and (c.moderation is null or c.moderation = 'hidden')
              returning p.geo_cell`,
    );
    return rows[0] && { geoCell: rows[0].geo_cell };
  }

  /** A dismissed report: what the reports alone hid shows again (an admin's removal stays). */
  async unhide(kind: Exclude<ContentKind, 'message'>, id: string): Promise<void> {
    await queryRows(
      this.db,
      sql`update ${sql.raw(TABLE[kind])} set moderation = null where id = ${id} and moderation = 'hidden'`,
    );
  }

  /** A suspended author's posts and comments leave the feed. */
  async hideAuthor(authorId: string): Promise<void> {
    await queryRows(
      this.db,
      sql`update feed.posts set moderation = 'suspended' where author_id = ${authorId} and moderation is null`,
    );
    await queryRows(
      this.db,
      sql`update feed.comments set moderation = 'suspended' where author_id = ${authorId} and moderation is null`,
    );
  }

  /** A reinstated author: what the suspension hid shows again (hidden or removed content stays). */
  async showAuthor(authorId: string): Promise<void> {
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
