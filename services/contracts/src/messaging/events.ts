import { z } from 'zod';
import { defineEvent } from '../events/envelope';
import { notificationSchema } from '../notification/schemas';

export const conversationStartedV1 = defineEvent(
  'messaging.conversation.started.v1',
  z.object({
    conversationId: z.uuid(),
    participant1Id: z.uuid(),
    participant2Id: z.uuid(),
    startedBy: z.uuid(),
  }),
);

/**
 * A message was stored. It carries no content: events outlive messages in the stream, and the
 * consumers (notifications) only need who wrote to whom. `recipientOnline` says whether the
 * recipient had a socket connected when it was sent, so mail goes only to people who are away.
 */
export const messageSentV1 = defineEvent(
  'messaging.message.sent.v1',
  z.object({
    messageId: z.uuid(),
    conversationId: z.uuid(),
    senderId: z.uuid(),
    recipientId: z.uuid(),
    recipientOnline: z.boolean(),
    sentAt: z.iso.datetime({ offset: true }),
    /**
     * The conversation is a message request the recipient has not accepted (or has declined):
     * no notification. Optional so events written before requests existed still parse.
     */
    isRequest: z.boolean().optional(),
  }),
);

/**
 * A message was stored in an activity's group thread (keyed by the activity's post). Ids only,
 * like messaging.message.sent: moderation learns from it who wrote the message and in which
 * thread, so a report of it has an owner and only the thread's members can file one.
 */
export const activityThreadMessageSentV1 = defineEvent(
  'messaging.activity_thread_message.sent.v1',
  z.object({
    messageId: z.uuid(),
    postId: z.uuid(),
    senderId: z.uuid(),
    sentAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A message was stored in a circle's thread. Ids only, as for an activity thread: moderation
 * learns its author and circle, so a report of it has an owner and only members can file one.
 */
export const circleThreadMessageSentV1 = defineEvent(
  'messaging.circle_thread_message.sent.v1',
  z.object({
    messageId: z.uuid(),
    circleId: z.uuid(),
    senderId: z.uuid(),
    sentAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A circle thread message named members with `@username`: notification tells each of them
 * (never the text). Published only for a message that mentions someone, not for every message.
 */
export const circleMentionedV1 = defineEvent(
  'messaging.circle_thread.mentioned.v1',
  z.object({
    circleId: z.uuid(),
    messageId: z.uuid(),
    senderId: z.uuid(),
    userIds: z.array(z.uuid()).min(1),
  }),
);

/**
 * A notification reached someone with no socket open on any messaging replica (as messaging's
 * presence last heard), so the bell did not show it live. Notification decides from it whether
 * a push goes out. Derived from `notification.notification.upserted.v1`, published directly
 * (no outbox): a failed publish makes the upserted event come again.
 */
export const notificationMissedV1 = defineEvent(
  'messaging.notification.missed.v1',
  z.object({ recipientId: z.uuid(), notification: notificationSchema }),
);
