import { QueueName } from '@saathi/contracts';
import type {
  activityAcceptedV1,
  activityCheckedInV1,
  activityClosedV1,
  activityDeclinedV1,
  activityLeftV1,
  activityReminderV1,
  activityRepeatedV1,
  activityRequestedV1,
} from '@saathi/contracts';
import type { ConsumedEvent, Db, Emit } from '@saathi/platform';
import type { MailedActivityNotice } from '../domain/mail-templates';
import type { NotificationCore } from './notification-core';
import { noticeOf, notifyFromMany, notifyUnlessBlocked } from './notify';
import type { NewActivity } from './notify';

// The feed's activity events as notices (docs/notifications.md#activities). Every use case runs
// in its consumer's transaction: the activity-people projection, the notice, its upserted event
// and the queued mail check commit (or not) together with the inbox entry. No notice names, or
// comes from, someone the recipient blocked or was blocked by (the blocks projection, both ways).

type ActivityNotices = Pick<
  NotificationCore,
  'users' | 'notifications' | 'activityPeople' | 'blocks' | 'erased' | 'queue' | 'config'
>;

/** A notice whose mail goes if it is still unread ACTIVITY_MAIL_DELAY_MS later. */
export type MailedNotice = NewActivity & { type: MailedActivityNotice; postId: string };

/**
 * Queues the "still unread?" check of a notice that matters, to run ACTIVITY_MAIL_DELAY_MS later
 * (checkActivityMail). Inside the transaction, with a job id made of the event and the
 * recipient: a redelivered event queues the same id, which the queue de-duplicates.
 */
async function queueMailCheck(
  core: Pick<ActivityNotices, 'queue' | 'config'>,
  eventId: string,
  notice: MailedNotice,
): Promise<void> {
  const key = `activity-mail:${eventId}:${notice.recipientId}`;
  await core.queue.add(
    QueueName.activityMailChecks,
    {
      key,
      recipientId: notice.recipientId,
      type: notice.type,
      targetKey: notice.targetKey,
      postId: notice.postId,
    },
    {
      jobId: key,
      delayMs: core.config.ACTIVITY_MAIL_DELAY_MS,
      attempts: core.config.EMAIL_MAX_ATTEMPTS,
      backoffMs: core.config.EMAIL_RETRY_BACKOFF_MS,
    },
  );
}

/** Notifies and, when the notice is new or moved up, queues its mail check (circle activities too). */
export async function notifyAndCheck(
  core: Pick<ActivityNotices, 'users' | 'notifications' | 'blocks' | 'erased' | 'queue' | 'config'>,
  tx: Db,
  emit: Emit,
  eventId: string,
  notice: MailedNotice,
): Promise<void> {
  if (await notifyUnlessBlocked(core, tx, emit, notice)) await queueMailCheck(core, eventId, notice);
}

/** A join request: the host hears of requests, grouped per activity while unread. */
export async function noticeActivityRequested(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof activityRequestedV1>,
): Promise<void> {
  await core.activityPeople.with(tx).apply(data, at);
  await notifyUnlessBlocked(
    core,
    tx,
    emit,
    noticeOf({
      recipientId: data.hostId,
      type: 'activity_request',
      targetKey: `activity:${data.postId}`,
      postId: data.postId,
      actorId: data.userId,
      at,
      repeatBumps: false,
    }),
  );
}

/**
 * In: the person hears it, whether the host accepted them or a freed spot promoted them from the
 * waitlist (the host is named either way: it is their activity).
 */
export async function noticeActivityAccepted(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at, envelope }: ConsumedEvent<typeof activityAcceptedV1>,
): Promise<void> {
  await core.activityPeople.with(tx).apply({ ...data, status: 'accepted' }, at);
  await notifyAndCheck(core, tx, emit, envelope.id, {
    ...noticeOf({
      recipientId: data.userId,
      type: 'activity_accepted',
      targetKey: `activity-in:${data.postId}`,
      postId: data.postId,
      actorId: data.hostId,
      at,
      repeatBumps: true,
    }),
    type: 'activity_accepted',
    postId: data.postId,
  });
}

/** Declined: the person who asked hears it from the host. */
export async function noticeActivityDeclined(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at, envelope }: ConsumedEvent<typeof activityDeclinedV1>,
): Promise<void> {
  await core.activityPeople.with(tx).apply({ ...data, status: 'declined' }, at);
  await notifyAndCheck(core, tx, emit, envelope.id, {
    ...noticeOf({
      recipientId: data.userId,
      type: 'activity_declined',
      targetKey: `activity-declined:${data.postId}`,
      postId: data.postId,
      actorId: data.hostId,
      at,
      repeatBumps: true,
    }),
    type: 'activity_declined',
    postId: data.postId,
  });
}

/**
 * Left (a withdrawn request or a spot given up): they are no longer addressed about the activity,
 * and when they had a spot the host hears it (grouped per activity while unread; in-app only: the
 * host can see the free spot in the app).
 */
export async function noticeActivityLeft(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof activityLeftV1>,
): Promise<void> {
  await core.activityPeople.with(tx).apply({ ...data, status: 'left' }, at);
  if (!data.wasAccepted) return;
  await notifyUnlessBlocked(
    core,
    tx,
    emit,
    noticeOf({
      recipientId: data.hostId,
      type: 'activity_left',
      targetKey: `activity-left:${data.postId}`,
      postId: data.postId,
      actorId: data.userId,
      at,
      repeatBumps: false,
    }),
  );
}

/**
 * Checked in at the meet: the host and the accepted person each hear "You met …" about the other
 * (the host's grouped per activity while unread). In-app only: both were just there.
 */
export async function noticeActivityCheckedIn(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof activityCheckedInV1>,
): Promise<void> {
  for (const [recipientId, actorId] of [
    [data.hostId, data.userId],
    [data.userId, data.hostId],
  ] as const)
    await notifyUnlessBlocked(
      core,
      tx,
      emit,
      noticeOf({
        recipientId,
        type: 'activity_met',
        targetKey: `activity-met:${data.postId}`,
        postId: data.postId,
        actorId,
        at,
        repeatBumps: false,
      }),
    );
}

/** Two hours before: each accepted person is asked "Still going?" (the host hosts: not asked). */
export async function noticeActivityReminder(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at, envelope }: ConsumedEvent<typeof activityReminderV1>,
): Promise<void> {
  for (const userId of data.userIds)
    await notifyAndCheck(core, tx, emit, envelope.id, {
      ...noticeOf({
        recipientId: userId,
        type: 'activity_reminder',
        targetKey: `activity-reminder:${data.postId}`,
        postId: data.postId,
        actorId: data.hostId,
        at,
        repeatBumps: true,
      }),
      type: 'activity_reminder',
      postId: data.postId,
    });
}

/**
 * "Partner found": everyone accepted, waiting or on the waitlist hears that the host closed it.
 * Only those still waiting are mailed (their request ends here); the people in keep their spot.
 */
export async function noticeActivityClosed(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at, envelope }: ConsumedEvent<typeof activityClosedV1>,
): Promise<void> {
  for (const person of await core.activityPeople.with(tx).peopleOf(data.postId)) {
    if (person.status === 'declined' || person.status === 'left') continue;
    const notice = {
      ...noticeOf({
        recipientId: person.userId,
        type: 'activity_closed',
        targetKey: `activity-closed:${data.postId}`,
        postId: data.postId,
        actorId: data.hostId,
        at,
        repeatBumps: true,
      }),
      type: 'activity_closed' as const,
      postId: data.postId,
    };
    if (person.status === 'accepted') await notifyUnlessBlocked(core, tx, emit, notice);
    else await notifyAndCheck(core, tx, emit, envelope.id, notice);
  }
}

/**
 * A weekly activity's next occurrence is up: the people who were in the last one hear of it (it
 * has its own spots, so they ask again). Not mailed: nothing is decided for them yet.
 */
export async function noticeActivityRepeated(
  core: ActivityNotices,
  { data, tx, emit, occurredAt: at }: ConsumedEvent<typeof activityRepeatedV1>,
): Promise<void> {
  for (const person of await core.activityPeople.with(tx).peopleOf(data.previousPostId)) {
    if (person.status !== 'accepted') continue;
    await notifyUnlessBlocked(
      core,
      tx,
      emit,
      noticeOf({
        recipientId: person.userId,
        type: 'activity_repeated',
        targetKey: `activity-repeated:${data.postId}`,
        postId: data.postId,
        actorId: data.hostId,
        at,
        repeatBumps: true,
      }),
    );
  }
}

/**
 * Posts that are over (expired: an activity's post expires at its end, when the feed keeps it in
 * the history and feedback opens) or deleted: their people are marked ended and, for a done
 * activity someone was accepted in, the host and each of them are asked how it went — one notice
 * naming everyone else there ("How did it go with Asha and 2 others?"), opening their past
 * activities. Not mailed.
 */
export async function endActivities(
  core: Pick<ActivityNotices, 'users' | 'notifications' | 'activityPeople' | 'blocks' | 'erased'>,
  tx: Db,
  emit: Emit,
  postIds: readonly string[],
  at: Date,
  askForFeedback: boolean,
): Promise<void> {
  const ended = await core.activityPeople.with(tx).end(postIds, at);
  if (!askForFeedback) return;
  for (const [postId, people] of ended) {
    const accepted = people.filter((person) => person.status === 'accepted').map((person) => person.userId);
    const hostId = people[0]?.hostId;
    if (!hostId || accepted.length === 0) continue;
    // The host last, so a guest's notice names the host; the host's names the latest guest.
    const everyone = [...accepted, hostId];
    for (const recipientId of everyone) {
      // Someone blocked either way is left out of the names; nobody else there → no notice.
      const blocked = await core.blocks.with(tx).blockedAmong(recipientId, everyone);
      await notifyFromMany(
        core,
        tx,
        emit,
        {
          recipientId,
          type: 'activity_feedback',
          targetKey: `activity-feedback:${postId}`,
          postId,
          commentId: null,
          conversationId: null,
          emoji: null,
          at,
          repeatBumps: false,
        },
        everyone.filter((userId) => !blocked.has(userId)),
      );
    }
  }
}
