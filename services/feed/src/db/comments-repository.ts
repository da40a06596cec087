import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { CommentView } from '../domain/views';
import { postEngageableBy } from './engageable';
import { firstRow } from './first-row';
import { COMMENT_VIEW_COLUMNS, toCommentView } from './post-views';
import type { CommentViewRow } from './post-views';
import { comments } from './schema';

export interface NewComment {
  postId: string;
  authorId: string;
  content: string;
  createdAt: Date;
}

export class CommentsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): CommentsRepository {
    return new CommentsRepository(db);
  }

  /**
   * Adds a comment by the acting user and counts it on its post; undefined when the post does
   * not exist (any more) or the user may not engage with it (db/engageable.ts). The post row is
   * locked by the count, so a delete cannot slip between.
   */
  async addOwn(
    actingUserId: string,
    comment: Omit<NewComment, 'authorId'>,
  ): Promise<{ id: string; postAuthorId: string; geoCell: number } | undefined> {
    const [post] = await queryRows<{ author_id: string; geo_cell: number }>(
      this.db,
      sql`update feed.posts p set comment_count = p.comment_count + 1
           where p.id = ${comment.postId} and ${postEngageableBy(actingUserId, comment.createdAt)}
          returning p.author_id, p.geo_cell`,
    );
    if (!post) return undefined;
    const row = firstRow(
      await this.db
        .insert(comments)
        .values({ ...comment, authorId: actingUserId })
        .returning({ id: comments.id }),
      'the comment insert',
    );
    return { id: row.id, postAuthorId: post.author_id, geoCell: post.geo_cell };
  }

  async findView(commentId: string): Promise<CommentView | undefined> {
    const [row] = await queryRows<CommentViewRow>(
      this.db,
      sql`select ${COMMENT_VIEW_COLUMNS}
            from feed.comments c left join feed.authors a on a.user_id = c.author_id
           where c.id = ${commentId}`,
    );
    return row && toCommentView(row);
  }

  /** A post's comments, oldest first (a thread reads top to bottom). */
  async listForPost(postId: string): Promise<CommentView[]> {
    const rows = await queryRows<CommentViewRow>(
      this.db,
      sql`select ${COMMENT_VIEW_COLUMNS}
            from feed.comments c left join feed.authors a on a.user_id = c.author_id
           where c.post_id = ${postId} and c.moderation is null
           order by c.created_at, c.id`,
    );
    return rows.map(toCommentView);
  }
}
