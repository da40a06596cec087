import type {
  activityAcceptedV1,
  activityLeftV1,
  activityThreadMessageSentV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleThreadMessageSentV1,
  commentCreatedV1,
  conversationStartedV1,
  dailyAnswerCreatedV1,
  postCreatedV1,
  postDeletedV1,
  postExpiredV1,
} from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { ModerationCore } from './moderation-core';

/**
 * The owners projection (db/owners-repository.ts): every post, comment, answer to the daily
 * question, circle, and activity- or circle-thread message with its author, from the events of
 * the services that own them; the members of each activity thread and circle and the two people
 * of each 1:1 conversation. Posts that are gone (deleted, expired) are forgotten. Not 1:1
 * messages: messaging no longer announces each one (it is the hot path), so a report of one names
 * its conversation and messaging checks it (use-cases/reports.ts).
 */
type Owners = Pick<ModerationCore, 'owners'>;

export const recordPostAuthor = ({ owners }: Owners, { data, tx }: ConsumedEvent<typeof postCreatedV1>) =>
  owners.with(tx).record('post', data.postId, data.authorId);

export const recordCommentAuthor = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof commentCreatedV1>,
) => owners.with(tx).record('comment', data.commentId, data.authorId);

/** Daily answers are public text like comments, and reported the same way. */
export const recordDailyAnswerAuthor = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof dailyAnswerCreatedV1>,
) => owners.with(tx).record('daily_answer', data.answerId, data.authorId);

/** Who may report a 1:1 message, and whose it is: the two people of its conversation. */
export const recordConversation = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof conversationStartedV1>,
) => owners.with(tx).joinConversation(data.conversationId, [data.participant1Id, data.participant2Id]);

export const recordActivityThreadMessage = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof activityThreadMessageSentV1>,
) => owners.with(tx).record('message', data.messageId, data.senderId, { threadId: data.postId });

/**
 * Who may report an activity thread's messages: the same members messaging lets read it, kept as
 * of each event's time (a leave handled before an older acceptance stays a leave).
 */
export const joinActivityThread = (
  { owners }: Owners,
  { data, tx, occurredAt }: ConsumedEvent<typeof activityAcceptedV1>,
) => owners.with(tx).joinThread(data.postId, { hostId: data.hostId, userId: data.userId }, occurredAt);

export const leaveActivityThread = async (
  { owners }: Owners,
  { data, tx, occurredAt }: ConsumedEvent<typeof activityLeftV1>,
) => {
  if (data.wasAccepted) await owners.with(tx).leaveThread(data.postId, data.userId, occurredAt);
};

/** A circle is reported like a post: its creator owns it. */
export const recordCircleCreator = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof circleCreatedV1>,
) => owners.with(tx).record('circle', data.circleId, data.creatorId);

export const recordCircleThreadMessage = (
  { owners }: Owners,
  { data, tx }: ConsumedEvent<typeof circleThreadMessageSentV1>,
) => owners.with(tx).record('message', data.messageId, data.senderId, { circleId: data.circleId });

/**
 * Who may report a circle thread's messages: the circle's members, as of each event's time like
 * an activity thread's (every way out — left, removed, blocked, erased — is a leave).
 */
export const joinCircle = (
  { owners }: Owners,
  { data, tx, occurredAt }: ConsumedEvent<typeof circleMemberJoinedV1>,
) => owners.with(tx).joinCircle(data.circleId, data.userId, occurredAt);

export const leaveCircle = (
  { owners }: Owners,
  { data, tx, occurredAt }: ConsumedEvent<typeof circleMemberLeftV1>,
) => owners.with(tx).leaveCircle(data.circleId, data.userId, occurredAt);

/**
 * A post deleted is forgotten. One deleted by someone other than its author is an admin taking
 * it down (feed allows no one else): it goes in the audit log like a removal from the review
 * queue, by its admin, as of the deletion, so every admin action on people's content is on record.
 */
export async function forgetDeletedPost(
  { owners, reports }: Pick<ModerationCore, 'owners' | 'reports'>,
  { data, tx, occurredAt }: ConsumedEvent<typeof postDeletedV1>,
): Promise<void> {
  await owners.with(tx).forget('post', [data.postId]);
  if (data.deletedBy !== data.authorId)
    await reports.with(tx).audit(
      {
        actorId: data.deletedBy,
        action: 'remove',
        targetKind: 'post',
        targetId: data.postId,
        ownerId: data.authorId,
      },
      occurredAt,
    );
}

export const forgetExpiredPosts = ({ owners }: Owners, { data, tx }: ConsumedEvent<typeof postExpiredV1>) =>
  owners.with(tx).forget('post', data.postIds);
