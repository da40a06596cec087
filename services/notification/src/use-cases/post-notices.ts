import { notificationUpsertedV1 } from '@saathi/contracts';
import type {
  commentCreatedV1,
  postDeletedV1,
  postExpiredV1,
  postLikedV1,
  reactionAddedV1,
  reactionRemovedV1,
} from '@saathi/contracts';
import type { ConsumedEvent, Db, Emit } from '@saathi/platform';
import { endActivities } from './activity-notices';
import type { NotificationCore } from './notification-core';
import { notifyUnlessBlocked } from './notify';

// The feed's events about posts as notices: comments, likes and reactions to their authors
// (grouped per post or comment while unread, never across a block), and posts that are gone.
// Each runs in its consumer's transaction: the notice and its upserted event commit with the
// inbox entry.

type Notices = Pick<NotificationCore, 'users' | 'notifications' | 'blocks' | 'erased'>;

/** feed.comment.created.v1 → the post's author hears of it (grouped per post while unread; a new comment moves it up). */
export async function noticeComment(
  core: Notices,
  { data, tx, emit, occurredAt }: ConsumedEvent<typeof commentCreatedV1>,
): Promise<void> {
  await notifyUnlessBlocked(core, tx, emit, {
    recipientId: data.postAuthorId,
    type: 'comment',
    targetKey: `post:${data.postId}`,
    actorId: data.authorId,
    postId: data.postId,
    commentId: null,
    conversationId: null,
    emoji: null,
    at: occurredAt,
    repeatBumps: true,
  });
}

/** feed.post.liked.v1 → one notification per liked post while unread, however many like it. */
export async function noticeLike(
  core: Notices,
  { data, tx, emit, occurredAt }: ConsumedEvent<typeof postLikedV1>,
): Promise<void> {
  await notifyUnlessBlocked(core, tx, emit, {
    recipientId: data.postAuthorId,
    type: 'like',
    targetKey: `post:${data.postId}`,
    actorId: data.userId,
    postId: data.postId,
    commentId: null,
    conversationId: null,
    emoji: null,
    at: occurredAt,
    repeatBumps: false,
  });
}

/**
 * feed.reaction.added.v1 → the post's or comment's author, one notification per reacted post or
 * comment while unread (a comment's points at its post and names the comment). Events from
 * before the feed named the author cannot be addressed and are skipped.
 */
export async function noticeReaction(
  core: Notices & Pick<NotificationCore, 'logger'>,
  { data, tx, emit, occurredAt, envelope }: ConsumedEvent<typeof reactionAddedV1>,
): Promise<void> {
  if (!data.targetAuthorId) {
    core.logger.info({ eventId: envelope.id }, 'reaction without its target author; nobody to notify');
    return;
  }
  const onComment = data.targetType === 'comment';
  await notifyUnlessBlocked(core, tx, emit, {
    recipientId: data.targetAuthorId,
    type: 'reaction',
    targetKey: `${data.targetType}:${data.targetId}`,
    actorId: data.userId,
    postId: onComment ? (data.postId ?? null) : data.targetId,
    commentId: onComment ? data.targetId : null,
    conversationId: null,
    emoji: data.emoji,
    at: occurredAt,
    repeatBumps: false,
  });
}

/**
 * feed.reaction.removed.v1 → the reacting user comes off the author's unread reaction
 * notification for that post or comment, once they hold no emoji on it any more: the
 * notification goes if they were its only actor, otherwise it counts one fewer (and is pushed
 * again). A read notification is history and stays.
 */
export async function withdrawReaction(
  core: Pick<NotificationCore, 'notifications'>,
  { data, tx, emit }: ConsumedEvent<typeof reactionRemovedV1>,
): Promise<void> {
  // Another emoji still held: they still reacted, the notification still names them rightly.
  if (data.remainingEmojis.length > 0 || data.userId === data.targetAuthorId) return;
  const result = await core.notifications.with(tx).removeActor(
    {
      recipientId: data.targetAuthorId,
      type: 'reaction',
      targetKey: `${data.targetType}:${data.targetId}`,
    },
    data.userId,
  );
  if (result.change === 'updated')
    emit(notificationUpsertedV1, { recipientId: data.targetAuthorId, notification: result.notification });
}

/**
 * Posts that are gone: their notifications go (they would open nothing), and the activities
 * among them are over — with `askForFeedback` (expiry: the activity is done), their people are
 * asked how it went, after the delete.
 */
async function forgetPosts(
  core: Notices & Pick<NotificationCore, 'activityPeople'>,
  tx: Db,
  emit: Emit,
  postIds: readonly string[],
  at: Date,
  askForFeedback: boolean,
): Promise<void> {
  await core.notifications.with(tx).deleteAboutPosts(postIds);
  await endActivities(core, tx, emit, postIds, at, askForFeedback);
}

/** feed.post.deleted.v1 → its notifications go (they would open a post that is gone); no feedback asked. */
export const forgetDeletedPost = (
  core: Notices & Pick<NotificationCore, 'activityPeople'>,
  { data, tx, emit, occurredAt }: ConsumedEvent<typeof postDeletedV1>,
) => forgetPosts(core, tx, emit, [data.postId], occurredAt, false);

/**
 * feed.post.expired.v1 → the expired posts' notifications go; done activities among them ask
 * their people for feedback (an activity's post expires at its end, when feedback opens).
 */
export const forgetExpiredPosts = (
  core: Notices & Pick<NotificationCore, 'activityPeople'>,
  { data, tx, emit, occurredAt }: ConsumedEvent<typeof postExpiredV1>,
) => forgetPosts(core, tx, emit, data.postIds, occurredAt, true);
