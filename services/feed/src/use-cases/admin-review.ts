import { ModerationMessages } from '@saathi/contracts';
import type {
  reviewCircleRoute,
  reviewCommentRoute,
  reviewDailyAnswerRoute,
  reviewPostPhotoRoute,
  reviewPostRoute,
  ReviewText,
  ReviewVersion,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ReviewRow } from '../db/admin-review-repository';
import type { EarlierVersion } from '../db/edits-repository';
import type { FeedCore } from './feed-core';

/*
 * Admins only (the routes' `access`): a reported post, comment, daily answer or circle as the
 * feed stores it, so the reviewer judges the real text, not the reporter's excerpt. Unlike the
 * feed's own reads, hidden, removed, suspended and expired items are answered too; a deleted one
 * is 404.
 */

const shape = (row: ReviewRow): ReviewText => ({
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

const gone = () => outcomes.notFound(ModerationMessages.itemGone);

/** A post with every earlier text (the report may be of one) and its photos, hidden or not. */
export async function reviewPost(
  core: Pick<FeedCore, 'review' | 'edits'>,
  { params }: RouteInput<typeof reviewPostRoute>,
): Promise<RouteOutput<typeof reviewPostRoute>> {
  const post = await core.review.post(params.id);
  if (!post) throw gone();
  // An edited post: the reviewer reads every earlier text too (the report may be of one).
  const earlierVersions = (await core.edits.postVersions(post.id)).map(versionOf);
  // A report of a post may be about its photos: the reviewer sees them, hidden or not.
  const photos = post.photos ?? [];
  return { ...shape(post), context: [], earlierVersions, ...(photos.length > 0 ? { photos } : {}) };
}

/** One photo of a post at full size, shown or not (the raw route keeps it out of shared caches). */
export async function reviewPostPhoto(
  core: Pick<FeedCore, 'photos'>,
  { params }: Pick<RouteInput<typeof reviewPostPhotoRoute>, 'params'>,
): Promise<{ contentType: string; data: Buffer }> {
  const photo = await core.photos.findForReview(params.id);
  if (!photo) throw gone();
  return photo;
}

/** A comment with its post as context, and every earlier text. */
export async function reviewComment(
  core: Pick<FeedCore, 'review' | 'edits'>,
  { params }: RouteInput<typeof reviewCommentRoute>,
): Promise<RouteOutput<typeof reviewCommentRoute>> {
  const comment = await core.review.comment(params.id);
  if (!comment) throw gone();
  const post = await core.review.postText(comment.post_id);
  const earlierVersions = (await core.edits.commentVersions(comment.id)).map(versionOf);
  return { ...shape(comment), context: post ? [shape(post)] : [], earlierVersions };
}

/** An answer stands alone (its question is the day's, the same for every answer): no context. */
export async function reviewDailyAnswer(
  core: Pick<FeedCore, 'review'>,
  { params }: RouteInput<typeof reviewDailyAnswerRoute>,
): Promise<RouteOutput<typeof reviewDailyAnswerRoute>> {
  const answer = await core.review.dailyAnswer(params.id);
  if (!answer) throw gone();
  return { ...shape(answer), context: [] };
}

/** A circle's name and description, read together; its creator (now) is the author. */
export async function reviewCircle(
  core: Pick<FeedCore, 'review'>,
  { params }: RouteInput<typeof reviewCircleRoute>,
): Promise<RouteOutput<typeof reviewCircleRoute>> {
  const circle = await core.review.circle(params.id);
  if (!circle) throw gone();
  return { ...shape(circle), context: [] };
}
