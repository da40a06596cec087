import { z } from 'zod';
import { defineEvent } from '../events/envelope';

export const postCreatedV1 = defineEvent(
  'feed.post.created.v1',
  z.object({
    postId: z.uuid(),
    authorId: z.uuid(),
    hashtags: z.array(z.string()),
    /** The stored, snapped point. */
    latitude: z.number(),
    longitude: z.number(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
);

export const postDeletedV1 = defineEvent(
  'feed.post.deleted.v1',
  z.object({ postId: z.uuid(), authorId: z.uuid(), deletedBy: z.uuid() }),
);

/** The author edited the post's text or hashtags (or an activity's details); the feed's caches drop it. */
export const postEditedV1 = defineEvent(
  'feed.post.edited.v1',
  z.object({ postId: z.uuid(), authorId: z.uuid(), editedAt: z.iso.datetime({ offset: true }) }),
);

export const postExpiredV1 = defineEvent(
  'feed.post.expired.v1',
  z.object({ postIds: z.array(z.uuid()).min(1) }),
);

export const commentCreatedV1 = defineEvent(
  'feed.comment.created.v1',
  z.object({ commentId: z.uuid(), postId: z.uuid(), authorId: z.uuid(), postAuthorId: z.uuid() }),
);

/**
 * Someone answered the daily question. Moderation learns the answer's author from it (answers
 * are public text, reportable like comments).
 */
export const dailyAnswerCreatedV1 = defineEvent(
  'feed.daily_answer.created.v1',
  z.object({ answerId: z.uuid(), authorId: z.uuid() }),
);

export const postLikedV1 = defineEvent(
  'feed.post.liked.v1',
  z.object({ postId: z.uuid(), userId: z.uuid(), postAuthorId: z.uuid() }),
);

export const reactionAddedV1 = defineEvent(
  'feed.reaction.added.v1',
  z.object({
    targetType: z.enum(['post', 'comment']),
    targetId: z.uuid(),
    emoji: z.string(),
    userId: z.uuid(),
    /**
     * Who wrote the post or comment reacted to (whom notification tells), and the post it sits
     * on. Optional because events published before they were added lack them.
     */
    targetAuthorId: z.uuid().optional(),
    postId: z.uuid().optional(),
  }),
);

/**
 * A reaction taken back (DELETE, or POST of an emoji already held). Notification takes the user
 * off the author's unread reaction notification when they hold no other emoji on the target.
 */
export const reactionRemovedV1 = defineEvent(
  'feed.reaction.removed.v1',
  z.object({
    targetType: z.enum(['post', 'comment']),
    targetId: z.uuid(),
    emoji: z.string(),
    userId: z.uuid(),
    targetAuthorId: z.uuid(),
    postId: z.uuid(),
    /** The emojis the user still holds on the target once this one went (empty: no reaction left). */
    remainingEmojis: z.array(z.string()),
  }),
);
