import { z } from 'zod';
import { activityRoutes } from './activities';
import { activityFollowUpRoutes } from './activity-follow-up';
import { circleRoutes } from './circles';
import { defineRoute } from '../http/route';
import { messageResponseSchema, userIdParamsSchema } from '../identity/auth';
import {
  commentIdParamsSchema,
  commentSchema,
  createCommentBodySchema,
  createDailyResponseBodySchema,
  createPostBodySchema,
  editCommentBodySchema,
  editPostBodySchema,
  dailyResponseSchema,
  feedPostSchema,
  feedQuerySchema,
  likeResultSchema,
  locationSchema,
  postCommentsParamsSchema,
  postIdParamsSchema,
  postPhotoParamsSchema,
  postPhotoQuerySchema,
  postPhotoSchema,
  profileStatsSchema,
  reactionBodySchema,
  reactionResultSchema,
  uploadPostPhotoBodySchema,
  viewerPointQuerySchema,
} from './schemas';
import { POST_PHOTO_MAX_BYTES, POST_PHOTO_PATH } from './constants';
import { exportFeedDataRoute } from '../export/routes';
import { feedReviewRoutes } from '../moderation/review-routes';

const service = 'feed';

/** Posts within 1 km of the point, not expired, newest first. */
export const listPostsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/posts',
  access: 'public',
  query: feedQuerySchema,
  response: { 200: z.array(feedPostSchema) },
});

/** One post (the target of a share link); `latitude`/`longitude` give it a distance. */
export const getPostRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/posts/:id',
  access: 'public',
  params: postIdParamsSchema,
  query: viewerPointQuerySchema,
  response: { 200: feedPostSchema },
});

export const createPostRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts',
  access: 'user',
  body: createPostBodySchema,
  response: { 201: feedPostSchema },
});

/**
 * One photo for a post about to be written: checked, stripped and re-encoded, kept for a day
 * until createPostRoute's `photoIds` attaches it. Counts against the daily photo quota.
 */
export const uploadPostPhotoRoute = defineRoute({
  service,
  method: 'POST',
  path: POST_PHOTO_PATH,
  access: 'user',
  body: uploadPostPhotoBodySchema,
  response: { 201: postPhotoSchema },
  // An 8 MB photo as base64 is ~10.7 MB; the JSON around it is small. Only this route takes that much.
  bodyLimit: Math.ceil((POST_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024,
});

/** A posted photo's bytes in one size; public like the feed, never an unattached upload. */
export const getPostPhotoRoute = defineRoute({
  service,
  method: 'GET',
  path: `${POST_PHOTO_PATH}/:id`,
  access: 'public',
  params: postPhotoParamsSchema,
  query: postPhotoQuerySchema,
  kind: 'document',
});

/** Likes once per user (a second like answers the same count). */
export const likePostRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/like',
  access: 'user',
  params: postIdParamsSchema,
  response: { 200: likeResultSchema },
});

/**
 * Only the author, within 24 hours of posting (403 otherwise): the text and hashtags, and an
 * activity's details while nobody is accepted. Likes, reactions and comments stay; the earlier
 * version is kept for moderation.
 */
export const editPostRoute = defineRoute({
  service,
  method: 'PATCH',
  path: '/api/posts/:id',
  access: 'user',
  params: postIdParamsSchema,
  body: editPostBodySchema,
  response: { 200: feedPostSchema },
});

/** Only the author, within 24 hours of commenting; the earlier version is kept for moderation. */
export const editCommentRoute = defineRoute({
  service,
  method: 'PATCH',
  path: '/api/comments/:id',
  access: 'user',
  params: commentIdParamsSchema,
  body: editCommentBodySchema,
  response: { 200: commentSchema },
});

/** Only the author or an admin; comments, likes and reactions go with the post. */
export const deletePostRoute = defineRoute({
  service,
  method: 'DELETE',
  path: '/api/posts/:id',
  access: 'user',
  params: postIdParamsSchema,
  response: { 200: messageResponseSchema },
});

export const listCommentsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/posts/:postId/comments',
  access: 'public',
  params: postCommentsParamsSchema,
  response: { 200: z.array(commentSchema) },
});

export const createCommentRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/comments',
  access: 'user',
  body: createCommentBodySchema,
  response: { 201: commentSchema },
});

export const likeCommentRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/comments/:id/like',
  access: 'user',
  params: commentIdParamsSchema,
  response: { 200: likeResultSchema },
});

/** Adds the viewer's reaction; adding one they already have removes it. */
export const addPostReactionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/reactions',
  access: 'user',
  params: postIdParamsSchema,
  body: reactionBodySchema,
  response: { 200: reactionResultSchema },
});
export const removePostReactionRoute = defineRoute({
  service,
  method: 'DELETE',
  path: '/api/posts/:id/reactions',
  access: 'user',
  params: postIdParamsSchema,
  body: reactionBodySchema,
  response: { 200: reactionResultSchema },
});
export const addCommentReactionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/comments/:id/reactions',
  access: 'user',
  params: commentIdParamsSchema,
  body: reactionBodySchema,
  response: { 200: reactionResultSchema },
});
export const removeCommentReactionRoute = defineRoute({
  service,
  method: 'DELETE',
  path: '/api/comments/:id/reactions',
  access: 'user',
  params: commentIdParamsSchema,
  body: reactionBodySchema,
  response: { 200: reactionResultSchema },
});

/** Today's answers, newest first (the card shows at most five). */
export const listDailyResponsesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/daily-question/responses',
  access: 'public',
  response: { 200: z.array(dailyResponseSchema) },
});
export const createDailyResponseRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/daily-question/responses',
  access: 'user',
  body: createDailyResponseBodySchema,
  response: { 201: dailyResponseSchema },
});

/** Admin bot tools: queue realistic posts near the place (bot-seeding worker). */
export const seedActivityRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/admin/seed-activity',
  access: 'admin',
  body: locationSchema,
  response: { 202: messageResponseSchema },
});
export const botPostRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/admin/bot-post',
  access: 'admin',
  body: locationSchema,
  response: { 201: feedPostSchema },
});

/** Posts created and likes received, for the profile screen. */
export const profileStatsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/profile-stats/:userId',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: profileStatsSchema },
});

export const feedRoutes = [
  ...feedReviewRoutes,
  exportFeedDataRoute,
  listPostsRoute,
  getPostRoute,
  createPostRoute,
  uploadPostPhotoRoute,
  getPostPhotoRoute,
  likePostRoute,
  deletePostRoute,
  editPostRoute,
  listCommentsRoute,
  createCommentRoute,
  likeCommentRoute,
  editCommentRoute,
  addPostReactionRoute,
  removePostReactionRoute,
  addCommentReactionRoute,
  removeCommentReactionRoute,
  listDailyResponsesRoute,
  createDailyResponseRoute,
  seedActivityRoute,
  botPostRoute,
  profileStatsRoute,
  ...activityRoutes,
  ...activityFollowUpRoutes,
  ...circleRoutes,
] as const;
