import { QueueName } from '@saathi/contracts';
import type { EventData, messageSentV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { sameActorKey } from '../db/notifications-repository';
import { newMessageMail } from '../domain/mail-templates';
import { allowsMail } from '../domain/push';
import type { NotificationCore } from './notification-core';
import { notifyUnlessBlocked } from './notify';

/** A conversation's message notifications group under this key. */
const messageTargetKey = (conversationId: string) => `conversation:${conversationId}`;

/**
 * The cheap path (`settleFirst`, before any transaction), for the messages of a delivery or
 * backlog at once in one statement: whether each needs nothing more. The same
 * person writing again to someone online, while the recipient's notification for the
 * conversation is unread and names them, only moves it up (one statement, the same applied
 * twice): no inbox entry, no `notification.upserted` event, no push — the recipient's client
 * moves the notification up itself when `message:new` arrives, so the bell shows what a push
 * would have shown. Never across a block (see `bumpSameActors`): that message takes the full
 * path, which records nothing for it. Anything else (someone away: a mail may be due; a first
 * message; a read notification; a request, rare enough to keep its inbox entry) takes
 * `noticeMessage`'s transaction.
 * Applying them together changes nothing a one-by-one pass would not have:
 * a bump is idempotent (the latest time wins), and a message that finds no notification to move
 * up takes the full path after, in its turn.
 */
export async function noticeMessagesWithoutChange(
  core: Pick<NotificationCore, 'notifications'>,
  messages: readonly EventData<typeof messageSentV1>[],
): Promise<boolean[]> {
  const activities = messages.map(cheapActivityOf);
  const bumped = await core.notifications.bumpSameActors(
    activities.filter((activity) => activity !== undefined),
  );
  return activities.map((activity) => activity !== undefined && bumped.has(sameActorKey(activity)));
}

/** The bump a message may be, if it can be one at all (see `noticeMessagesWithoutChange`). */
function cheapActivityOf(data: EventData<typeof messageSentV1>) {
  if (data.isRequest || !data.recipientOnline || data.recipientId === data.senderId) return undefined;
  return {
    recipientId: data.recipientId,
    type: 'message' as const,
    targetKey: messageTargetKey(data.conversationId),
    actorId: data.senderId,
    at: new Date(data.sentAt),
  };
}

/**
 * A message arrived: a 'message' notification grouped per conversation and, when the recipient
 * had no socket open, has proved their address, keeps mail on for messages and has not muted the
 * conversation, a mail — at most one per conversation and recipient per cool-down, and
 * without the message's text (the event does not carry it, and mail is no place for it).
 * Messages of a request bring a 'message_request' notification and no mail. Messages across a
 * block bring nothing (messaging refuses them, but one sent just before messaging heard of the
 * block can arrive here after it), and neither do those to or from an erased account.
 */
export async function noticeMessage(
  core: Pick<
    NotificationCore,
    | 'users'
    | 'notifications'
    | 'blocks'
    | 'erased'
    | 'messageMails'
    | 'noticeSettings'
    | 'queue'
    | 'clock'
    | 'config'
    | 'logger'
  >,
  {
    data,
    tx,
    emit,
    envelope,
  }: Pick<ConsumedEvent<typeof messageSentV1>, 'data' | 'tx' | 'emit' | 'envelope'>,
): Promise<void> {
  const notification = await notifyUnlessBlocked(core, tx, emit, {
    recipientId: data.recipientId,
    // A request's messages wait in Requests until accepted: its notice says someone asks, not
    // what they wrote, and it brings no mail (a push, by the 'requests' setting, like any notice).
    type: data.isRequest ? 'message_request' : 'message',
    targetKey: messageTargetKey(data.conversationId),
    actorId: data.senderId,
    postId: null,
    commentId: null,
    conversationId: data.conversationId,
    emoji: null,
    at: new Date(data.sentAt),
    repeatBumps: true,
  });
  if (!notification || data.recipientOnline || data.isRequest) return;
  // The person chose no mail for messages, or muted this conversation (the bell still counts it).
  const settings = await core.noticeSettings.with(tx).getOwn(data.recipientId);
  if (!allowsMail(settings.channels.messages)) return;
  const muted = await core.noticeSettings
    .with(tx)
    .mutedAmong(data.recipientId, [{ kind: 'conversation', id: data.conversationId }], core.clock.now());
  if (muted) return;

  const recipient = await core.users.with(tx).find(data.recipientId);
  // Only an address its owner proved: one typed at sign-up may be a stranger's.
  if (!recipient?.verifiedEmail) {
    core.logger.info(
      { eventId: envelope.id, recipientId: data.recipientId },
      'no verified address for message mail',
    );
    return;
  }
  const now = core.clock.now();
  const claimed = await core.messageMails
    .with(tx)
    .claim(data.recipientId, data.conversationId, now, core.config.MESSAGE_MAIL_COOLDOWN_MS);
  if (!claimed) return;
  // Queued inside the transaction with the event's id as job id: if the commit fails, the
  // redelivered event queues the same job again, which the queue de-duplicates.
  await core.queue.add(
    QueueName.email,
    {
      to: recipient.verifiedEmail,
      ...newMessageMail(core.config.PUBLIC_ORIGIN, {
        recipientName: recipient.name,
        senderName: notification.actorName,
      }),
      dedupeKey: envelope.id,
    },
    {
      jobId: envelope.id,
      attempts: core.config.EMAIL_MAX_ATTEMPTS,
      backoffMs: core.config.EMAIL_RETRY_BACKOFF_MS,
    },
  );
}
