import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ReactionEmoji } from '@saathi/contracts';
import { positiveCounts } from '../domain/posts';
import { commentEngageableBy, postEngageableBy } from './engageable';
import type { ReactionCounts } from '../domain/posts';
import type { Exclusions, ViewerMarks } from '../domain/views';

/** What likes and reactions attach to. */
export type EngagementTarget = 'post' | 'comment';

const TABLES = {
  post: { items: 'feed.posts', likes: 'feed.post_likes', reactions: 'feed.post_reactions', key: 'post_id' },
  comment: {
    items: 'feed.comments',
    likes: 'feed.comment_likes',
    reactions: 'feed.comment_reactions',
    key: 'comment_id',
  },
} as const satisfies Record<EngagementTarget, Record<string, string>>;

/** A locked post or comment: who wrote it, its post, and that post's cell (for the feed cache). */
export interface LockedTarget {
  id: string;
  authorId: string;
  postId: string;
  geoCell: number;
}

/**
 * Likes and reactions on posts and comments. Every write acts for the signed-in user whose id
 * it takes, and runs after `lock` in the same transaction, so the counters on the post or
 * comment row move together with the rows that justify them.
 */
export class EngagementRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): EngagementRepository {
    return new EngagementRepository(db);
  }

  /**
   * The target row, locked until the transaction ends, when the acting user may engage with it
   * (db/engageable.ts: live, shown, no block either way); undefined otherwise, as for an unknown id.
   */
  async lock(
    target: EngagementTarget,
    id: string,
    actingUserId: string,
    now: Date,
  ): Promise<LockedTarget | undefined> {
    const query =
      target === 'post'
        ? sql`select p.id, p.author_id, p.id as post_id, p.geo_cell from feed.posts p
               where p.id = ${id} and ${postEngageableBy(actingUserId, now)} for update`
        : sql`select c.id, c.author_id, c.post_id, p.geo_cell
                from feed.comments c join feed.posts p on p.id = c.post_id
               where c.id = ${id} and ${commentEngageableBy(actingUserId, now)} for update of c`;
    const [row] = await queryRows<{ id: string; author_id: string; post_id: string; geo_cell: number }>(
      this.db,
      query,
    );
    return row && { id: row.id, authorId: row.author_id, postId: row.post_id, geoCell: row.geo_cell };
  }

  /** The acting user's like, once: `added` is false when they had liked it already. */
  async likeOnce(
    actingUserId: string,
    target: EngagementTarget,
    id: string,
    now: Date,
  ): Promise<{ likes: number; added: boolean }> {
    const t = TABLES[target];
    const inserted = await queryRows(
      this.db,
      sql`insert into ${sql.raw(t.likes)} (${sql.raw(t.key)}, user_id, created_at)
          values (${id}, ${actingUserId}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning user_id`,
    );
    const added = inserted.length > 0;
    const [row] = await queryRows<{ likes: number }>(
      this.db,
      added
        ? sql`update ${sql.raw(t.items)} set likes = likes + 1 where id = ${id} returning likes`
        : sql`select likes from ${sql.raw(t.items)} where id = ${id}`,
    );
    return { likes: row?.likes ?? 0, added };
  }

  /** Adds the acting user's reaction; false when they hold it already. */
  async addOwnReaction(
    actingUserId: string,
    target: EngagementTarget,
    id: string,
    emoji: ReactionEmoji,
    now: Date,
  ): Promise<boolean> {
    const t = TABLES[target];
    const rows = await queryRows(
      this.db,
      sql`insert into ${sql.raw(t.reactions)} (${sql.raw(t.key)}, user_id, emoji, created_at)
          values (${id}, ${actingUserId}, ${emoji}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning user_id`,
    );
    return rows.length > 0;
  }

  /** Removes the acting user's reaction; false when they did not hold it. */
  async removeOwnReaction(
    actingUserId: string,
    target: EngagementTarget,
    id: string,
    emoji: ReactionEmoji,
  ): Promise<boolean> {
    const t = TABLES[target];
    const rows = await queryRows(
      this.db,
      sql`delete from ${sql.raw(t.reactions)}
           where ${sql.raw(t.key)} = ${id} and user_id = ${actingUserId} and emoji = ${emoji}
          returning user_id`,
    );
    return rows.length > 0;
  }

  /** Moves one emoji's count on the post or comment row (dropping it at zero); the new counts. */
  async countReaction(
    target: EngagementTarget,
    id: string,
    emoji: ReactionEmoji,
    delta: 1 | -1,
  ): Promise<ReactionCounts> {
    const t = TABLES[target];
    const next = sql`coalesce((reactions ->> ${emoji}::text)::integer, 0) + ${delta}::integer`;
    const [row] = await queryRows<{ reactions: Record<string, unknown> }>(
      this.db,
      sql`update ${sql.raw(t.items)}
             set reactions = case when ${next} > 0
                                  then jsonb_set(reactions, array[${emoji}::text], to_jsonb(${next}))
                                  else reactions - ${emoji}::text end
           where id = ${id} returning reactions`,
    );
    return positiveCounts(row?.reactions ?? {});
  }

  async reactionCounts(target: EngagementTarget, id: string): Promise<ReactionCounts> {
    const [row] = await queryRows<{ reactions: Record<string, unknown> }>(
      this.db,
      sql`select reactions from ${sql.raw(TABLES[target].items)} where id = ${id}`,
    );
    return positiveCounts(row?.reactions ?? {});
  }

  /**
   * The viewer's marks on a page of posts or comments and, in the same query, which of them the
   * viewer must not see: those they reported, and those whose author blocked them or whom they
   * blocked (both ways). One round trip, whatever the page: the feed filters in process.
   */
  async marksAndExclusions(
    viewerId: string,
    target: EngagementTarget,
    items: readonly { id: string; authorId: string }[],
  ): Promise<ViewerMarks & { excluded: ReadonlySet<string> }> {
    if (items.length === 0) return { liked: new Set(), reactions: new Map(), excluded: new Set() };
    const t = TABLES[target];
    const list = sql`${sql.param(items.map((item) => item.id))}::uuid[]`;
    const authors = sql`${sql.param([...new Set(items.map((item) => item.authorId))])}::uuid[]`;
    const rows = await queryRows<MarkRow>(
      this.db,
      sql`select 'like' as kind, ${sql.raw(t.key)} as id, null::text as emoji from ${sql.raw(t.likes)}
           where user_id = ${viewerId} and ${sql.raw(t.key)} = any(${list})
          union all
          select 'reaction', ${sql.raw(t.key)}, emoji from ${sql.raw(t.reactions)}
           where user_id = ${viewerId} and ${sql.raw(t.key)} = any(${list})
          union all
          select 'hidden', target_id, null from feed.hidden_for_viewer
           where viewer_id = ${viewerId} and target_id = any(${list})
          union all
          select 'blocked', blocked_id, null from feed.blocks
           where blocker_id = ${viewerId} and blocked_id = any(${authors})
          union all
          select 'blocked', blocker_id, null from feed.blocks
           where blocked_id = ${viewerId} and blocker_id = any(${authors})`,
    );
    const { marks, hidden, blocked } = sortedMarkRows(rows);
    const excluded = new Set(hidden);
    const blockedAuthors = new Set(blocked);
    for (const item of items) if (blockedAuthors.has(item.authorId)) excluded.add(item.id);
    return { ...marks, excluded };
  }

  /**
   * The viewer's marks on a page of posts and, in the same query, everything the feed must leave
   * out for them (the feed remembers it: cache/viewer-exclusions.ts). One round trip.
   */
  async postMarksAndExclusionLists(
    viewerId: string,
    ids: readonly string[],
  ): Promise<{ marks: ViewerMarks; exclusions: Exclusions }> {
    const list = sql`${sql.param(ids)}::uuid[]`;
    const rows = await queryRows<MarkRow>(
      this.db,
      sql`select 'like' as kind, post_id as id, null::text as emoji from feed.post_likes
           where user_id = ${viewerId} and post_id = any(${list})
          union all
          select 'reaction', post_id, emoji from feed.post_reactions
           where user_id = ${viewerId} and post_id = any(${list})
          union all
          select 'hidden', target_id, null from feed.hidden_for_viewer where viewer_id = ${viewerId}
          union all
          select 'blocked', blocked_id, null from feed.blocks where blocker_id = ${viewerId}
          union all
          select 'blocked', blocker_id, null from feed.blocks where blocked_id = ${viewerId}`,
    );
    const { marks, hidden, blocked } = sortedMarkRows(rows);
    return { marks, exclusions: { authors: blocked, posts: hidden } };
  }

  /** What the viewer has liked and which emojis they hold, for a page of posts or comments. */
  async marksOf(viewerId: string, target: EngagementTarget, ids: readonly string[]): Promise<ViewerMarks> {
    const liked = new Set<string>();
    const reactions = new Map<string, string[]>();
    if (ids.length === 0) return { liked, reactions };
    const t = TABLES[target];
    // One array parameter, not one per id: this runs on every signed-in feed page.
    const list = sql`${sql.param(ids)}::uuid[]`;
    const rows = await queryRows<{ id: string; emoji: string | null }>(
      this.db,
      sql`select ${sql.raw(t.key)} as id, null::text as emoji from ${sql.raw(t.likes)}
           where user_id = ${viewerId} and ${sql.raw(t.key)} = any(${list})
          union all
          select ${sql.raw(t.key)} as id, emoji from ${sql.raw(t.reactions)}
           where user_id = ${viewerId} and ${sql.raw(t.key)} = any(${list})`,
    );
    for (const row of rows) {
      if (row.emoji === null) liked.add(row.id);
      else reactions.set(row.id, [...(reactions.get(row.id) ?? []), row.emoji]);
    }
    return { liked, reactions };
  }
}

/** A row of the marks-and-exclusions queries: the viewer's like, reaction, report or block. */
type MarkRow = { kind: 'like' | 'reaction' | 'hidden' | 'blocked'; id: string; emoji: string | null };

function sortedMarkRows(rows: readonly MarkRow[]): {
  marks: ViewerMarks;
  hidden: string[];
  blocked: string[];
} {
  const liked = new Set<string>();
  const reactions = new Map<string, string[]>();
  const hidden: string[] = [];
  const blocked: string[] = [];
  for (const row of rows) {
    if (row.kind === 'like') liked.add(row.id);
    else if (row.kind === 'reaction' && row.emoji !== null)
      reactions.set(row.id, [...(reactions.get(row.id) ?? []), row.emoji]);
    else if (row.kind === 'hidden') hidden.push(row.id);
    else blocked.push(row.id);
  }
  return { marks: { liked, reactions }, hidden, blocked };
}
