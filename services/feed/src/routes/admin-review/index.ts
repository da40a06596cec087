import {
  ModerationMessages,
  reviewCircleRoute,
  reviewCommentRoute,
  reviewDailyAnswerRoute,
  reviewPostPhotoRoute,
  reviewPostRoute,
} from '@saathi/contracts';
import type { ReviewText, ReviewVersion } from '@saathi/contracts';
import { httpErrors, queryRows, registerRoute } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { EarlierVersion, EditsRepository } from '../../db/edits-repository';
import type { PostPhotosRepository } from '../../db/post-photos-repository';
import type { PostPhotoRef } from '../../db/schema';

type TextRow = {
  id: string;
  author_id: string;
  content: string;
  created_at: Date | string;
  moderation: string | null;
};

const shape = (row: TextRow): ReviewText => ({
  id: row.id,
  authorId: row.author_id,
  text: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  moderation: row.moderation,
});

const versionOf = (version: EarlierVersion): ReviewVersion => ({
  text: version.content,
  ...(version.hashtags ? { hashtags: version.hashtags } : {}),
  replacedAt: version.replacedAt.toISOString(),
});

/**
 * Admins only (the routes' `access`): a reported post, comment, daily answer or circle as the feed stores it, so the
 * reviewer judges the real text, not the reporter's excerpt. Unlike the feed's own reads, hidden,
 * removed, suspended and expired items are answered too; a deleted one is 404.
 */
export function adminReviewRoutes(
  app: App,
  deps: { db: Db; edits: EditsRepository; photos: PostPhotosRepository },
): void {
  const one = async (query: SQL) => (await queryRows<TextRow>(deps.db, query))[0];

  registerRoute(app, reviewPostRoute, async (request) => {
    const [post] = await queryRows<TextRow & { photos: PostPhotoRef[] | null }>(
      deps.db,
      sql`select id, author_id, content, created_at, moderation, photos from feed.posts where id = ${request.params.id}`,
    );
    if (!post) throw httpErrors.notFound(ModerationMessages.itemGone);
    // An edited post: the reviewer reads every earlier text too (the report may be of one).
    const earlierVersions = (await deps.edits.postVersions(post.id)).map(versionOf);
    // A report of a post may be about its photos: the reviewer sees them, hidden or not.
    const photos = post.photos ?? [];
    return { ...shape(post), context: [], earlierVersions, ...(photos.length > 0 ? { photos } : {}) };
  });

  registerRoute(app, reviewPostPhotoRoute, async (request, reply) => {
    const photo = await deps.photos.findForReview(request.params.id);
    if (!photo) throw httpErrors.notFound(ModerationMessages.itemGone);
    // A hidden post's photo must never land in a shared cache, where anyone could fetch it.
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(photo.data);
  });

  registerRoute(app, reviewCommentRoute, async (request) => {
    const [comment] = await queryRows<TextRow & { post_id: string }>(
      deps.db,
      sql`select id, author_id, content, created_at, moderation, post_id
            from feed.comments where id = ${request.params.id}`,
    );
    if (!comment) throw httpErrors.notFound(ModerationMessages.itemGone);
    const post = await one(
      sql`select id, author_id, content, created_at, moderation from feed.posts where id = ${comment.post_id}`,
    );
    const earlierVersions = (await deps.edits.commentVersions(comment.id)).map(versionOf);
    return { ...shape(comment), context: post ? [shape(post)] : [], earlierVersions };
  });

  // An answer stands alone (its question is the day's, the same for every answer): no context.
  registerRoute(app, reviewDailyAnswerRoute, async (request) => {
    const answer = await one(
      sql`select id, author_id, response as content, created_at, moderation
            from feed.daily_responses where id = ${request.params.id}`,
    );
    if (!answer) throw httpErrors.notFound(ModerationMessages.itemGone);
    return { ...shape(answer), context: [] };
  });

  // A circle's words are its name and description, read together; its creator is the author
  // (the person who holds it now, after a hand-over). Closed circles are answered too.
  registerRoute(app, reviewCircleRoute, async (request) => {
    const circle = await one(
      sql`select id, creator_id as author_id, name || E'\n\n' || description as content, created_at, moderation
            from feed.circles where id = ${request.params.id}`,
    );
    if (!circle) throw httpErrors.notFound(ModerationMessages.itemGone);
    return { ...shape(circle), context: [] };
  });
}
