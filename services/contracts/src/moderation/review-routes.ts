import { z } from 'zod';
import { defineRoute } from '../http/route';
import { REVIEW_POST_PHOTO_PATH } from '../feed/constants';
import { postPhotoSchema } from '../feed/schemas';

/**
 * The reported item AS STORED, for the admin reviewing a case. A reporter's excerpt is only what
 * they typed into the report (it can be made up), so each owning service answers its own item by
 * id to admins only — hidden, removed and suspended items included — and 404 when it no longer
 * exists. Served by feed, messaging and identity; declared here, with the moderation feature.
 */
const itemParams = z.object({ id: z.uuid('Invalid id') });
const at = z.iso.datetime({ offset: true });

/** One post, comment or message as its service stores it. */
export const reviewTextSchema = z.object({
  id: z.uuid(),
  authorId: z.uuid(),
  text: z.string(),
  createdAt: at,
  /** Why it is hidden from everyone ('hidden', 'removed', 'suspended'); null when shown. */
  moderation: z.string().nullable(),
});
export type ReviewText = z.infer<typeof reviewTextSchema>;

/** One earlier text of an edited post or comment, as it read until `replacedAt`. */
export const reviewVersionSchema = z.object({
  text: z.string(),
  hashtags: z.array(z.string()).optional(),
  replacedAt: at,
});
export type ReviewVersion = z.infer<typeof reviewVersionSchema>;

export const reviewContentSchema = reviewTextSchema.extend({
  /** An edited post's or comment's earlier texts, oldest first (absent where nothing is edited). */
  earlierVersions: z.array(reviewVersionSchema).optional(),
  /**
   * What the item is read in: a comment's post; a message's neighbours in its conversation (a
   * few before and after, oldest first). Empty for a post.
   */
  context: z.array(reviewTextSchema),
  /** A post's photos, in order (absent when it has none); each is read through reviewPostPhotoRoute. */
  photos: z.array(postPhotoSchema).optional(),
});
export type ReviewContent = z.infer<typeof reviewContentSchema>;

/** A reported person: what others see of them (no email, no sign-in details). */
export const reviewPersonSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  joinedAt: at,
  suspended: z.boolean(),
});
export type ReviewPerson = z.infer<typeof reviewPersonSchema>;

/** Admins only: a post as stored, whatever moderation did to it. */
export const reviewPostRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/admin/review/posts/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewContentSchema },
});

/** Admins only: a comment as stored, with its post. */
export const reviewCommentRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/admin/review/comments/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewContentSchema },
});

/** Admins only: an answer to the daily question as stored, with no context. */
export const reviewDailyAnswerRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/admin/review/daily-answers/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewContentSchema },
});

/** Admins only: one reported message with a little of its conversation around it. */
export const reviewMessageRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/admin/review/messages/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewContentSchema },
});

/** Admins only: a circle as stored (its name and description as the text, its creator as author). */
export const reviewCircleRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/admin/review/circles/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewContentSchema },
});

/** Admins only: a reported person's public profile. */
export const reviewPersonRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/admin/review/people/:id',
  access: 'admin',
  params: itemParams,
  response: { 200: reviewPersonSchema },
});

/**
 * Admins only: a post's photo in its full size, whatever moderation did to the post (the public
 * photo route answers only a shown post's). Never cached anywhere but the reviewer's tab.
 */
export const reviewPostPhotoRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: `${REVIEW_POST_PHOTO_PATH}/:id`,
  access: 'admin',
  params: itemParams,
  kind: 'document',
});

export const feedReviewRoutes = [
  reviewPostRoute,
  reviewCommentRoute,
  reviewDailyAnswerRoute,
  reviewPostPhotoRoute,
  reviewCircleRoute,
] as const;
export const messagingReviewRoutes = [reviewMessageRoute] as const;
export const identityReviewRoutes = [reviewPersonRoute] as const;
