import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { returnedRow } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { CreateBlogPostBody, UpdateBlogPostBody } from '@saathi/contracts';
import { posts } from './schema';
import type { BlogPostRow } from './schema';

export type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;

const { content: _content, ...summaryColumns } = getTableColumns(posts);
const visible = eq(posts.published, true);

export class BlogPostsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): BlogPostsRepository {
    return new BlogPostsRepository(db);
  }

  /** Published stories, newest first (the partial index posts_published_created_idx). */
  listPublished(limit: number, offset: number): Promise<BlogPostSummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(posts)
      .where(visible)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit)
      .offset(offset);
  }

  listFeatured(limit: number): Promise<BlogPostSummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(posts)
      .where(and(visible, eq(posts.featured, true)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
  }

  /**
   * A published story, with this view counted: one UPDATE … RETURNING, so concurrent views
   * each add exactly one (the row lock orders them) and the reader sees their own count.
   */
  async view(slug: string): Promise<BlogPostRow | null> {
    const [row] = await this.db
      .update(posts)
      .set({ viewCount: sql`${posts.viewCount} + 1` })
      .where(and(eq(posts.slug, slug), visible))
      .returning();
    return row ?? null;
  }

  /** A published story, read only (no view counted). */
  async findPublished(slug: string): Promise<BlogPostRow | null> {
    const [row] = await this.db
      .select()
      .from(posts)
      .where(and(eq(posts.slug, slug), visible))
      .limit(1);
    return row ?? null;
  }

  /** Null when the slug is taken. */
  async create(authorId: string | null, body: CreateBlogPostBody, now: Date): Promise<BlogPostRow | null> {
    const [row] = await this.db
      .insert(posts)
      .values({ ...body, authorId, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: posts.slug })
      .returning();
    return row ?? null;
  }

  /** An erased account's stories keep their text and lose their author. */
  async forgetAuthor(userId: string): Promise<void> {
    await this.db.update(posts).set({ authorId: null }).where(eq(posts.authorId, userId));
  }

  /** Null when no story has the id; a taken slug throws the unique violation. */
  async update(id: string, changes: UpdateBlogPostBody, now: Date): Promise<BlogPostRow | null> {
    const [row] = await this.db
      .update(posts)
      .set({ ...changes, updatedAt: now })
      .where(eq(posts.id, id))
      .returning();
    return row ?? null;
  }

  /** Writes the story at its slug, or rewrites the one already there (a digest regenerated). */
  async upsertBySlug(
    story: Pick<
      CreateBlogPostBody,
      'title' | 'slug' | 'content' | 'excerpt' | 'tags' | 'metaTitle' | 'metaDescription'
    >,
    now: Date,
  ): Promise<BlogPostRow> {
    const rows = await this.db
      .insert(posts)
      .values({ ...story, authorId: null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: posts.slug,
        set: {
          title: story.title,
          content: story.content,
          excerpt: story.excerpt,
          tags: story.tags,
          metaTitle: story.metaTitle,
          metaDescription: story.metaDescription,
          updatedAt: now,
        },
      })
      .returning();
    return returnedRow(rows, 'the story upsert');
  }
}
