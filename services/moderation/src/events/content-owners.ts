import {
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
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { OwnersRepository } from '../db/owners-repository';
import { ReportsRepository } from '../db/reports-repository';
import { SCHEMA } from '../db/schema-name';
import { applyOwnersFrom } from './apply-owners';

/**
 * The owners projection: every post, comment, answer to the daily question, circle, and
 * activity- or circle-thread message with its author, from the events of the services that own
 * them, the members of each activity thread and circle and the two people of each 1:1
 * conversation. Posts that are gone (deleted,
 * expired) are forgotten. Not 1:1 messages: messaging no longer announces each one (it is the
 * hot path), so a report of one names its conversation and messaging checks it
 * (use-cases/file-report.ts, events/report-rejected.ts).
 */
export async function subscribeContentOwners(kit: ServiceKit<Config>): Promise<void> {
  await applyOwnersFrom(kit, {
    durable: 'moderation.post-created',
    event: postCreatedV1,
    apply: (owners, { postId, authorId }) => owners.record('post', postId, authorId),
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.comment-created',
    event: commentCreatedV1,
    apply: (owners, { commentId, authorId }) => owners.record('comment', commentId, authorId),
  });
  // Daily answers are public text like comments, and reported the same way.
  await applyOwnersFrom(kit, {
    durable: 'moderation.daily-answer-created',
    event: dailyAnswerCreatedV1,
    apply: (owners, { answerId, authorId }) => owners.record('daily_answer', answerId, authorId),
  });
  // Who may report a 1:1 message, and whose it is: the two people of its conversation.
  await applyOwnersFrom(kit, {
    durable: 'moderation.conversation-started',
    event: conversationStartedV1,
    apply: (owners, { conversationId, participant1Id, participant2Id }) =>
      owners.joinConversation(conversationId, [participant1Id, participant2Id]),
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.activity-thread-message-sent',
    event: activityThreadMessageSentV1,
    apply: (owners, { messageId, senderId, postId }) =>
      owners.record('message', messageId, senderId, { threadId: postId }),
  });
  // Who may report an activity thread's messages: the same members messaging lets read it, kept
  // as of each event's time (a leave handled before an older acceptance stays a leave).
  await applyOwnersFrom(kit, {
    durable: 'moderation.activity-accepted',
    event: activityAcceptedV1,
    apply: (owners, { postId, hostId, userId }, envelope) =>
      owners.joinThread(postId, { hostId, userId }, new Date(envelope.occurredAt)),
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.activity-left',
    event: activityLeftV1,
    apply: (owners, { postId, userId, wasAccepted }, envelope) =>
      wasAccepted ? owners.leaveThread(postId, userId, new Date(envelope.occurredAt)) : Promise.resolve(),
  });
  // A circle is reported like a post: its creator owns it.
  await applyOwnersFrom(kit, {
    durable: 'moderation.circle-created',
    event: circleCreatedV1,
    apply: (owners, { circleId, creatorId }) => owners.record('circle', circleId, creatorId),
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.circle-thread-message-sent',
    event: circleThreadMessageSentV1,
    apply: (owners, { messageId, senderId, circleId }) =>
      owners.record('message', messageId, senderId, { circleId }),
  });
  // Who may report a circle thread's messages: the circle's members, as of each event's time
  // like an activity thread's (every way out — left, removed, blocked, erased — is a leave).
  await applyOwnersFrom(kit, {
    durable: 'moderation.circle-member-joined',
    event: circleMemberJoinedV1,
    apply: (owners, { circleId, userId }, envelope) =>
      owners.joinCircle(circleId, userId, new Date(envelope.occurredAt)),
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.circle-member-left',
    event: circleMemberLeftV1,
    apply: (owners, { circleId, userId }, envelope) =>
      owners.leaveCircle(circleId, userId, new Date(envelope.occurredAt)),
  });
  // A post deleted by someone other than its author is an admin taking it down (feed allows no
  // one else): it goes in the audit log like a removal from the review queue, by its admin, as
  // of the deletion, so every admin action on people's content is on record.
  await subscribeOnce(kit, SCHEMA, {
    durable: 'moderation.post-deleted',
    event: postDeletedV1,
    repository: (tx) => ({ owners: new OwnersRepository(tx), reports: new ReportsRepository(tx) }),
    apply: async ({ owners, reports }, { postId, authorId, deletedBy }, envelope) => {
      await owners.forget('post', [postId]);
      if (deletedBy !== authorId)
        await reports.audit(
          { actorId: deletedBy, action: 'remove', targetKind: 'post', targetId: postId, ownerId: authorId },
          new Date(envelope.occurredAt),
        );
    },
  });
  await applyOwnersFrom(kit, {
    durable: 'moderation.post-expired',
    event: postExpiredV1,
    apply: (owners, { postIds }) => owners.forget('post', postIds),
  });
}
