import type {
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
  EventData,
  EventEnvelope,
} from '@saathi/contracts';
import type { Db, Emit } from '@saathi/platform';
import { notifyAndCheck } from './activity-notices';
import type { NotificationCore } from './notification-core';
import { notifyUnlessBlocked } from './notify';
import type { NewActivity } from './notify';

// Feed's circle events and messaging's circle mentions as notices (docs/notifications.md#circles).
// Every handler runs in its consumer's transaction, like the activity notices: the notice, its
// upserted event (which becomes a push for someone away) and a circle activity's mail check
// commit together with the inbox entry. No notice names, or comes from, someone the recipient
// blocked or was blocked by, and nobody is told about their own action (`notify`).

type Deps = Pick<NotificationCore, 'users' | 'notifications' | 'blocks' | 'erased' | 'queue' | 'config'>;
type Envelope<T> = Pick<EventEnvelope<T>, 'id' | 'data' | 'occurredAt'>;

/** A notice about a circle (and, for a circle activity, its post). */
function circleNotice(
  recipientId: string,
  type: NewActivity['type'],
  targetKey: string,
  circleId: string,
  actorId: string,
  at: Date,
): NewActivity {
  return {
    recipientId,
    type,
    targetKey,
    actorId,
    postId: null,
    commentId: null,
    conversationId: null,
    circleId,
    emoji: null,
    at,
    repeatBumps: false,
  };
}

/** A request to join an "ask to join" circle: each organiser hears of requests, grouped per circle while unread. */
export async function noticeCircleRequested(
  deps: Deps,
  tx: Db,
  emit: Emit,
  { data, occurredAt }: Envelope<EventData<typeof circleRequestedV1>>,
): Promise<void> {
  const at = new Date(occurredAt);
  for (const organiserId of data.organiserIds)
    await notifyUnlessBlocked(
      deps,
      tx,
      emit,
      circleNotice(organiserId, 'circle_request', `circle:${data.circleId}`, data.circleId, data.userId, at),
    );
}

/**
 * In: the person an organiser accepted hears it from that organiser. Joining an open circle, or
 * being its creator, is the person's own doing (`acceptedBy` null): nobody is told.
 */
export async function noticeCircleMemberJoined(
  deps: Deps,
  tx: Db,
  emit: Emit,
  { data, occurredAt }: Envelope<EventData<typeof circleMemberJoinedV1>>,
): Promise<void> {
  if (data.acceptedBy === null) return;
  await notifyUnlessBlocked(
    deps,
    tx,
    emit,
    circleNotice(
      data.userId,
      'circle_accepted',
      `circle-in:${data.circleId}`,
      data.circleId,
      data.acceptedBy,
      new Date(occurredAt),
    ),
  );
}

/**
 * An organiser posted an activity in the circle: every other member hears of it, about the post
 * (so muting the activity silences it), and is mailed if it is still unread later, as an
 * activity's notices that matter are.
 */
export async function noticeCircleActivityPosted(
  deps: Deps,
  tx: Db,
  emit: Emit,
  { id, data, occurredAt }: Envelope<EventData<typeof circleActivityPostedV1>>,
): Promise<void> {
  const at = new Date(occurredAt);
  for (const memberId of data.memberIds)
    await notifyAndCheck(deps, tx, emit, id, {
      ...circleNotice(
        memberId,
        'circle_activity',
        `circle-activity:${data.postId}`,
        data.circleId,
        data.hostId,
        at,
      ),
      type: 'circle_activity',
      postId: data.postId,
    });
}

/**
 * Someone wrote @you in a circle's thread: each person named hears it, grouped per circle while
 * unread; a further mention is news, so it moves the notice up (and pushes) again. Never the text.
 */
export async function noticeCircleMentioned(
  deps: Deps,
  tx: Db,
  emit: Emit,
  { data, occurredAt }: Envelope<EventData<typeof circleMentionedV1>>,
): Promise<void> {
  const at = new Date(occurredAt);
  for (const userId of new Set(data.userIds))
    await notifyUnlessBlocked(deps, tx, emit, {
      ...circleNotice(
        userId,
        'circle_mention',
        `circle-mention:${data.circleId}`,
        data.circleId,
        data.senderId,
        at,
      ),
      repeatBumps: true,
    });
}
