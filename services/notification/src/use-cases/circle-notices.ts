import type {
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
} from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { notifyAndCheck } from './activity-notices';
import type { NotificationCore } from './notification-core';
import { noticeOf, notifyUnlessBlocked } from './notify';

// Feed's circle events and messaging's circle mentions as notices (docs/notifications.md#circles).
// Every use case runs in its consumer's transaction, like the activity notices: the notice, its
// upserted event (which becomes a push for someone away) and a circle activity's mail check
// commit together with the inbox entry. No notice names, or comes from, someone the recipient
// blocked or was blocked by, and nobody is told about their own action (`notify`).

type CircleNotices = Pick<
  NotificationCore,
  'users' | 'notifications' | 'blocks' | 'erased' | 'queue' | 'config'
>;

/** A request to join an "ask to join" circle: each organiser hears of requests, grouped per circle while unread. */
export async function noticeCircleRequested(
  core: CircleNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof circleRequestedV1>,
): Promise<void> {
  for (const organiserId of data.organiserIds)
    await notifyUnlessBlocked(
      core,
      tx,
      emit,
      noticeOf({
        recipientId: organiserId,
        type: 'circle_request',
        targetKey: `circle:${data.circleId}`,
        actorId: data.userId,
        at,
        circleId: data.circleId,
        repeatBumps: false,
      }),
    );
}

/**
 * In: the person an organiser accepted hears it from that organiser. Joining an open circle, or
 * being its creator, is the person's own doing (`acceptedBy` null): nobody is told.
 */
export async function noticeCircleMemberJoined(
  core: CircleNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof circleMemberJoinedV1>,
): Promise<void> {
  if (data.acceptedBy === null) return;
  await notifyUnlessBlocked(
    core,
    tx,
    emit,
    noticeOf({
      recipientId: data.userId,
      type: 'circle_accepted',
      targetKey: `circle-in:${data.circleId}`,
      actorId: data.acceptedBy,
      at,
      circleId: data.circleId,
      repeatBumps: false,
    }),
  );
}

/**
 * An organiser posted an activity in the circle: every other member hears of it, about the post
 * (so muting the activity silences it), and is mailed if it is still unread later, as an
 * activity's notices that matter are.
 */
export async function noticeCircleActivityPosted(
  core: CircleNotices,
  { data, tx, emit, occurredAt: at, envelope }: ConsumedEvent<typeof circleActivityPostedV1>,
): Promise<void> {
  for (const memberId of data.memberIds)
    await notifyAndCheck(core, tx, emit, envelope.id, {
      ...noticeOf({
        recipientId: memberId,
        type: 'circle_activity',
        targetKey: `circle-activity:${data.postId}`,
        actorId: data.hostId,
        at,
        postId: data.postId,
        circleId: data.circleId,
        repeatBumps: false,
      }),
      type: 'circle_activity',
      postId: data.postId,
    });
}

/**
 * Someone wrote @you in a circle's thread: each person named hears it, grouped per circle while
 * unread; a further mention is news, so it moves the notice up (and pushes) again. Never the text.
 */
export async function noticeCircleMentioned(
  core: CircleNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof circleMentionedV1>,
): Promise<void> {
  for (const userId of new Set(data.userIds))
    await notifyUnlessBlocked(
      core,
      tx,
      emit,
      noticeOf({
        recipientId: userId,
        type: 'circle_mention',
        targetKey: `circle-mention:${data.circleId}`,
        actorId: data.senderId,
        at,
        circleId: data.circleId,
        repeatBumps: true,
      }),
    );
}
