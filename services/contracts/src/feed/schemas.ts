import { z } from 'zod';
import {
  COMMENT_CONTENT_MAX,
  DAILY_RESPONSE_MAX,
  FEED_LIMIT_MAX,
  LOCATION_NAME_MAX,
  POST_CONTENT_MAX,
  POST_HASHTAGS,
  POST_PHOTO_SIZES,
  POST_PHOTOS_MAX,
  REACTION_EMOJIS,
  SEARCH_QUERY_MAX,
} from './constants';
import { ACTIVITY_WHEN, activityDraftSchema, postActivitySchema } from './activities';

// Field messages are the product's exact wording where it has one (docs/product.md#feed).

const LOCATION_REQUIRED = 'Location is required to create a post';

const latitude = (message: string) => z.number({ error: message }).min(-90, message).max(90, message);
const longitude = (message: string) => z.number({ error: message }).min(-180, message).max(180, message);

/** Query-string numbers arrive as text; an empty value counts as missing (not as 0). */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const queryLatitude = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'latitude must be a number between -90 and 90' })
    .min(-90, 'latitude must be a number between -90 and 90')
    .max(90, 'latitude must be a number between -90 and 90'),
);
const queryLongitude = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'longitude must be a number between -180 and 180' })
    .min(-180, 'longitude must be a number between -180 and 180')
    .max(180, 'longitude must be a number between -180 and 180'),
);

export const hashtagSchema = z.enum(POST_HASHTAGS, 'Unknown hashtag');
export const reactionEmojiSchema = z.enum(REACTION_EMOJIS, 'Unsupported reaction');
export const reactionCountsSchema = z.record(z.string(), z.number().int().nonnegative());

/** A place: where the viewer is, where a post was written, where the bots should post. */
export const locationSchema = z.object({
  latitude: latitude(LOCATION_REQUIRED),
  longitude: longitude(LOCATION_REQUIRED),
  locationName: z.string().trim().max(LOCATION_NAME_MAX).optional(),
});
export type LocationInput = z.infer<typeof locationSchema>;

/**
 * The radii the feed answers for, in km. 1 is the feed and the product's promise; 3 and 5 are
 * offered for one visit when the viewer's 1 km is quiet (docs/feed.md, "A quiet area").
 */
export const FEED_RADII_KM = [1, 3, 5] as const;
export type FeedRadiusKm = (typeof FEED_RADII_KM)[number];
const RADIUS_MESSAGE = 'radius must be 1, 3 or 5 (km)';
const queryRadius = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: RADIUS_MESSAGE })
    .refine(
      (value): value is FeedRadiusKm => (FEED_RADII_KM as readonly number[]).includes(value),
      RADIUS_MESSAGE,
    )
    .optional(),
);

export const feedQuerySchema = z.object({
  latitude: queryLatitude,
  longitude: queryLongitude,
  /** km: 1 unless given; only 3 or 5 besides. */
  radius: queryRadius,
  limit: z.coerce.number().int().min(1).max(FEED_LIMIT_MAX).default(10),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  hashtag: hashtagSchema.optional(),
  /**
   * Any of these hashtags, comma-separated ("Matches my interests": the viewer's own hashtag
   * interests); with `hashtag` too, a post needs that one and one of these.
   */
  anyHashtag: z
    .string()
    .transform((text) => [...new Set(text.split(',').filter((tag) => tag !== ''))])
    .pipe(z.array(hashtagSchema).min(1, 'Unknown hashtag').max(POST_HASHTAGS.length))
    .optional(),
  search: z.string().trim().max(SEARCH_QUERY_MAX).optional(),
  /** Activities only: "Happening today" or "this week". */
  when: z.enum(ACTIVITY_WHEN, 'Unknown time filter').optional(),
  /** The viewer's minutes east of UTC, so "today" ends at their midnight. */
  utcOffset: z.coerce.number().int().min(-720).max(840).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** An optional viewer point (a shared post's distance); blank values count as absent. */
export const viewerPointQuerySchema = z.object({
  latitude: z.preprocess(blankAsMissing, z.coerce.number().min(-90).max(90).optional()),
  longitude: z.preprocess(blankAsMissing, z.coerce.number().min(-180).max(180).optional()),
});

export const postIdParamsSchema = z.object({ id: z.uuid('Post not found') });
export const postCommentsParamsSchema = z.object({ postId: z.uuid('Post not found') });
export const commentIdParamsSchema = z.object({ id: z.uuid('Comment not found') });

/** One of a post's photos: its id and the full size's pixels (the card keeps the same ratio). */
export const postPhotoSchema = z.object({
  id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PostPhoto = z.infer<typeof postPhotoSchema>;

/** One photo, sent before the post that will carry it, as a base64 data URL (like an avatar). */
export const uploadPostPhotoBodySchema = z.object({
  imageData: z.string().regex(/^data:[^;,]*;base64,/, 'Photo must be a base64 data URL'),
});
export type UploadPostPhotoBody = z.infer<typeof uploadPostPhotoBodySchema>;

export const postPhotoParamsSchema = z.object({ id: z.uuid('Photo not found') });
export const postPhotoQuerySchema = z.object({
  size: z.enum(POST_PHOTO_SIZES, 'Unknown photo size').default('card'),
});

/** One post as the feed shows it. Coordinates are the stored, ~110 m snapped point. */
export const feedPostSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  authorInitials: z.string(),
  hashtags: z.array(z.string()),
  likes: z.number().int().nonnegative(),
  /** Emoji → count; emojis with no reactions are left out. */
  reactions: reactionCountsSchema,
  likedByMe: z.boolean(),
  myReactions: z.array(z.string()),
  commentCount: z.number().int().nonnegative(),
  /** From the viewer's point to the post's stored point; null when no viewer point was given. */
  distanceKm: z.number().nonnegative().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** The area Saathi derives from the point (areaNameOf), never a name a client sent. */
  locationName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the author last edited it; null when never (the card then shows no "Edited"). */
  editedAt: z.string().nullable(),
  /** Only on activities; a plain post has no such key. */
  activity: postActivitySchema.optional(),
  /** Only on a post with photos, in the author's order; a post without has no such key. */
  photos: z.array(postPhotoSchema).optional(),
  /** Only on an activity posted in a circle (docs/circles.md): the circle's id and name. */
  circle: z.object({ id: z.uuid(), name: z.string() }).optional(),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

/**
 * A new post. The author's name and initials come from the signed-in account on the server;
 * `authorName` and `authorInitials` are accepted (older clients send them) and ignored.
 */
export const createPostBodySchema = z.object({
  content: z
    .string({ error: 'Please enter some content for your post' })
    .trim()
    .min(1, 'Please enter some content for your post')
    .max(POST_CONTENT_MAX, `Posts can be at most ${POST_CONTENT_MAX} characters`),
  latitude: latitude(LOCATION_REQUIRED),
  longitude: longitude(LOCATION_REQUIRED),
  /** Older clients send a place name; it is ignored: the post shows areaNameOf its point. */
  locationName: z.string().trim().max(LOCATION_NAME_MAX).optional(),
  hashtags: z.array(hashtagSchema).max(POST_HASHTAGS.length).default([]),
  authorName: z.string().max(200).optional(),
  authorInitials: z.string().max(10).optional(),
  /** "Make it an activity". */
  activity: activityDraftSchema.optional(),
  /** Photos this author uploaded (POST /api/post-photos) and no post has taken yet, in order; absent: none. */
  photoIds: z
    .array(z.uuid('Photo not found'))
    .max(POST_PHOTOS_MAX, `A post can have at most ${POST_PHOTOS_MAX} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same photo was added twice')
    .optional(),
  /**
   * An organiser posts the activity in their circle: members are told, and with
   * `membersJoinAtOnce` a member's request is accepted at once (while spots last).
   */
  circle: z
    .object({ id: z.uuid('Circle not found'), membersJoinAtOnce: z.boolean().default(true) })
    .optional(),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/**
 * The author's edit of their post (within EDIT_WINDOW_MS of posting): the text and hashtags, with
 * the same rules as a new post. `activity` changes an activity's time, area or spots, and only
 * while nobody has been accepted.
 */
export const editPostBodySchema = createPostBodySchema.pick({ content: true }).extend({
  /** Absent: the hashtags stay as they are. */
  hashtags: z.array(hashtagSchema).max(POST_HASHTAGS.length).optional(),
  activity: activityDraftSchema.omit({ repeatWeekly: true }).optional(),
});
export type EditPostBody = z.infer<typeof editPostBodySchema>;

export const likeResultSchema = z.object({ likes: z.number().int().nonnegative(), likedByMe: z.boolean() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const reactionBodySchema = z.object({ emoji: reactionEmojiSchema });
export const reactionResultSchema = z.object({
  reactions: reactionCountsSchema,
  myReactions: z.array(z.string()),
});
export type ReactionResult = z.infer<typeof reactionResultSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  content: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  authorInitials: z.string(),
  likes: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  reactions: reactionCountsSchema,
  myReactions: z.array(z.string()),
  createdAt: z.string(),
  /** When the author last edited it; null when never. */
  editedAt: z.string().nullable(),
});
export type FeedComment = z.infer<typeof commentSchema>;

export const createCommentBodySchema = z.object({
  postId: z.uuid('Post not found'),
  content: z
    .string()
    .trim()
    .min(1, 'Please enter a comment')
    .max(COMMENT_CONTENT_MAX, `Comments can be at most ${COMMENT_CONTENT_MAX} characters`),
  authorName: z.string().max(200).optional(),
  authorInitials: z.string().max(10).optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** The author's edit of their comment's text (within EDIT_WINDOW_MS), the same rules as a new one. */
export const editCommentBodySchema = createCommentBodySchema.pick({ content: true });
export type EditCommentBody = z.infer<typeof editCommentBodySchema>;

export const dailyResponseSchema = z.object({
  id: z.string(),
  question: z.string(),
  response: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  location: z.string(),
  createdAt: z.string(),
});
export type DailyResponse = z.infer<typeof dailyResponseSchema>;

/** An answer to today's question; author fields in the body are ignored (the account decides). */
export const createDailyResponseBodySchema = z
  .object({
    question: z.string().trim().min(1).max(300),
    response: z
      .string()
      .trim()
      .min(1, 'Please enter your answer')
      .max(DAILY_RESPONSE_MAX, `Answers can be at most ${DAILY_RESPONSE_MAX} characters`),
    /**
     * Where the person is: the server shows the area it derives from this (areaNameOf), and keeps
     * nothing finer. Without it the answer reads "Unknown location".
     */
    latitude: latitude('latitude must be a number between -90 and 90').optional(),
    longitude: longitude('longitude must be a number between -180 and 180').optional(),
    /** Older clients send a place name; it is ignored (a typed name is never published). */
    location: z.string().trim().max(LOCATION_NAME_MAX).optional(),
    authorId: z.string().optional(),
    authorName: z.string().optional(),
  })
  .refine((body) => (body.latitude === undefined) === (body.longitude === undefined), {
    message: 'Send both latitude and longitude, or neither',
  });
export type CreateDailyResponseBody = z.infer<typeof createDailyResponseBodySchema>;

export const profileStatsSchema = z.object({
  posts: z.number().int().nonnegative(),
  likesReceived: z.number().int().nonnegative(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;
