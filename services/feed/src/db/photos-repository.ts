import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { PostPhotoSize } from '@saathi/contracts';
import type { ReencodedPhoto } from '../domain/reencode-photo';
import { postShown } from './engageable';
import { postPhotos, posts } from './schema';
import type { PostPhotoRef } from './schema';

/** How long an upload may wait for its post before the sweep deletes it. */
export const UNATTACHED_PHOTO_AGE_MS = 24 * 3_600_000;

/** The uploads of the last `windowMs` count against the quota, attached or not. */
export const PHOTO_QUOTA_WINDOW_MS = 24 * 3_600_000;

/** Post photos: uploads, attaching them to a post, serving them, the sweep of unattached ones. */
export class PostPhotosRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): PostPhotosRepository {
    return new PostPhotosRepository(db);
  }

  /**
   * Stores the photo unless the owner uploaded `quota` in the last day (null then). A lock on the
   * owner's id serialises their uploads, so parallel ones cannot pass the quota together.
   */
  async insertWithinQuota(
    ownerId: string,
    photo: ReencodedPhoto,
    now: Date,
    quota: number,
  ): Promise<PostPhotoRef | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`post-photos:${ownerId}`}, 0))`);
      const since = new Date(now.getTime() - PHOTO_QUOTA_WINDOW_MS);
      const [counted] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from feed.post_photos
             where owner_id = ${ownerId} and created_at > ${since.toISOString()}::timestamptz`,
      );
      if ((counted?.n ?? 0) >= quota) return null;
      const [row] = await tx
        .insert(postPhotos)
        .values({
          ownerId,
          contentType: photo.contentType,
          card: photo.card.data,
          cardWidth: photo.card.width,
          cardHeight: photo.card.height,
          fullImage: photo.full.data,
          fullWidth: photo.full.width,
          fullHeight: photo.full.height,
          createdAt: now,
        })
        .returning({ id: postPhotos.id, width: postPhotos.fullWidth, height: postPhotos.fullHeight });
      return row ?? null;
    });
  }

  /**
   * Gives the owner's unattached uploads `ids` to the post, in the order given, and records them
   * on the post row; null when any of them is not theirs, already on a post or gone. Call it in
   * the post's transaction: on null the caller throws, and the rollback undoes the partial update.
   */
  async attach(postId: string, ownerId: string, ids: readonly string[]): Promise<PostPhotoRef[] | null> {
    if (ids.length === 0) return [];
    const taken = await queryRows<{ id: string; width: number; height: number }>(
      this.db,
      sql`update feed.post_photos ph
             set post_id = ${postId}, position = array_position(${sql.param([...ids])}::uuid[], ph.id) - 1
           where ph.id = any(${sql.param([...ids])}::uuid[]) and ph.owner_id = ${ownerId} and ph.post_id is null
       returning ph.id, ph.full_width as width, ph.full_height as height`,
    );
    if (taken.length !== ids.length) return null;
    const refs = ids.map((id) => {
      const found = taken.find((row) => row.id === id);
      if (!found) throw new Error('an attached photo is missing from the answer');
      return { id: found.id, width: found.width, height: found.height };
    });
    await this.db.update(posts).set({ photos: refs }).where(eq(posts.id, postId));
    return refs;
  }

  /** One size of a photo whose post anyone may see (live, not hidden); undefined otherwise. */
  async findShown(
    id: string,
    size: PostPhotoSize,
    now: Date,
  ): Promise<{ contentType: string; data: Buffer } | undefined> {
    const column = size === 'card' ? sql`ph.card` : sql`ph.full_image`;
    const [row] = await queryRows<{ content_type: string; data: Buffer | Uint8Array }>(
      this.db,
      sql`select ph.content_type, ${column} as data from feed.post_photos ph
            join feed.posts p on p.id = ph.post_id
           where ph.id = ${id} and ${postShown(now)}`,
    );
    if (!row) return undefined;
    return {
      contentType: row.content_type,
      data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
    };
  }

  /** The full size of a photo on any post, shown or not: for the moderator reviewing it. */
  async findForReview(id: string): Promise<{ contentType: string; data: Buffer } | undefined> {
    const [row] = await queryRows<{ content_type: string; data: Buffer | Uint8Array }>(
      this.db,
      sql`select content_type, full_image as data from feed.post_photos where id = ${id} and post_id is not null`,
    );
    if (!row) return undefined;
    return {
      contentType: row.content_type,
      data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
    };
  }

  /**
   * Moderation took the photo off the post: its row (and bytes) go and the post's `photos` no
   * longer lists it, the others keeping their order. False, and nothing written, when the photo
   * is not that post's (already gone, never was, or the post is gone).
   */
  async removeFromPost(postId: string, photoId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(postPhotos)
      .where(and(eq(postPhotos.id, photoId), eq(postPhotos.postId, postId)))
      .returning({ id: postPhotos.id });
    if (deleted.length === 0) return false;
    await queryRows(
      this.db,
      sql`update feed.posts p
             set photos = coalesce((select jsonb_agg(e.photo order by e.n)
                                      from jsonb_array_elements(p.photos) with ordinality as e(photo, n)
                                     where e.photo->>'id' <> ${photoId}), '[]'::jsonb)
           where p.id = ${postId}`,
    );
    return true;
  }

  /** Uploads no post took within UNATTACHED_PHOTO_AGE_MS; returns how many went. */
  async deleteUnattached(now: Date): Promise<number> {
    const before = new Date(now.getTime() - UNATTACHED_PHOTO_AGE_MS);
    const deleted = await this.db
      .delete(postPhotos)
      .where(
        and(isNull(postPhotos.postId), sql`${postPhotos.createdAt} < ${before.toISOString()}::timestamptz`),
      )
      .returning({ id: postPhotos.id });
    return deleted.length;
  }
}
