import { QueueName } from '@saathi/contracts';
import type { EventData, JobData, notificationMissedV1, PushPayload } from '@saathi/contracts';
import type { Db } from '@saathi/platform';
import { allowsPush, muteTargetsOf, noticeKindOf, pushPayloadOf, quietHoursEnd } from '../domain/push';
import type { NotificationCore } from './notification-core';

export type PushOutcome = 'read' | 'channel-off' | 'muted' | 'no-subscription' | 'pushed' | 'held';

type PushDeps = Pick<
  NotificationCore,
  'noticeSettings' | 'pushSubscriptions' | 'pushThreads' | 'queue' | 'clock' | 'config'
>;

/**
 * Queues the push to each of the recipient's browsers, one job each (retried on its own). The
 * job ids come from `key`, so a redelivered event or a retried release queues nothing twice.
 */
async function fanOut(
  deps: Pick<NotificationCore, 'pushSubscriptions' | 'queue' | 'config'>,
  tx: Db,
  recipientId: string,
  payload: PushPayload,
  key: string,
): Promise<void> {
  const subscriptions = await deps.pushSubscriptions.with(tx).listOwn(recipientId);
  for (const subscription of subscriptions) {
    await deps.queue.add(
      QueueName.webPush,
      { subscriptionId: subscription.id, payload },
      {
        jobId: `push:${key}:${subscription.id}`,
        attempts: deps.config.PUSH_MAX_ATTEMPTS,
        backoffMs: deps.config.PUSH_RETRY_BACKOFF_MS,
      },
    );
  }
}

/**
 * A notification reached someone with no socket open (messaging.notification.missed.v1): a push
 * goes to their browsers when the kind's channel allows pushes and the thread is not muted. It is
 * held to the end of their quiet hours (reminders excepted: the activity starts soon), and to the
 * end of PUSH_GROUP_MS after the last push of the same notification, so a burst of messages makes
 * one push more that says how many (it replaces the first on the device: same tag). A held push
 * is replaced by a newer one of the same tag, and is due when the first of them was.
 */
export async function pushMissedNotice(
  deps: PushDeps,
  tx: Db,
  event: { id: string; data: EventData<typeof notificationMissedV1> },
): Promise<PushOutcome> {
  const { recipientId, notification } = event.data;
  if (notification.read) return 'read';
  const now = deps.clock.now();
  const kind = noticeKindOf(notification.type);
  const settings = await deps.noticeSettings.with(tx).getOwn(recipientId);
  if (!allowsPush(settings.channels[kind])) return 'channel-off';
  if (await deps.noticeSettings.with(tx).mutedAmong(recipientId, muteTargetsOf(notification), now))
    return 'muted';
  // Most people have no subscription: one cheap read and nothing held for them.
  if ((await deps.pushSubscriptions.with(tx).listOwn(recipientId)).length === 0) return 'no-subscription';

  const payload = pushPayloadOf(notification);
  const thread = await deps.pushThreads.with(tx).lock(recipientId, payload.tag);
  const quietUntil = kind === 'reminders' ? null : quietHoursEnd(settings.quietHours, now);
  const groupedUntil = thread.lastPushedAt
    ? new Date(thread.lastPushedAt.getTime() + deps.config.PUSH_GROUP_MS)
    : null;
  const due = thread.pending && thread.dueAt ? thread.dueAt : latestOf(now, quietUntil, groupedUntil);
  if (due.getTime() <= now.getTime()) {
    await deps.pushThreads.with(tx).pushed(recipientId, payload.tag, now);
    await fanOut(deps, tx, recipientId, payload, event.id);
    return 'pushed';
  }
  // An older notice delivered late does not replace what a newer one says.
  if (!thread.pending || thread.pending.updatedAt <= notification.updatedAt) {
    await deps.pushThreads
      .with(tx)
      .hold(
        recipientId,
        payload.tag,
        { payload, notificationId: notification.id, updatedAt: notification.updatedAt },
        due,
      );
  }
  await deps.queue.add(
    QueueName.pushReleases,
    { recipientId, tag: payload.tag, dueAt: due.toISOString() },
    {
      jobId: `push-release:${recipientId}:${payload.tag}:${due.getTime()}`,
      delayMs: due.getTime() - now.getTime(),
    },
  );
  return 'held';
}

function latestOf(now: Date, ...times: (Date | null)[]): Date {
  let latest = now;
  for (const time of times) if (time && time.getTime() > latest.getTime()) latest = time;
  return latest;
}

/**
 * A held push's time came (push-releases job): it goes if it is still the one held for that
 * time and its notification is still unread — read in the app meanwhile (the bell showed it in
 * the morning), it is dropped.
 */
export async function releaseHeldPush(
  deps: PushDeps & Pick<NotificationCore, 'uow' | 'notifications'>,
  job: JobData<typeof QueueName.pushReleases>,
): Promise<'released' | 'read' | 'not-due'> {
  return deps.uow.withEvents(async (tx) => {
    const thread = await deps.pushThreads.with(tx).lock(job.recipientId, job.tag);
    if (!thread.pending || thread.dueAt?.toISOString() !== new Date(job.dueAt).toISOString())
      return 'not-due';
    if (!(await deps.notifications.with(tx).isUnreadOwn(job.recipientId, thread.pending.notificationId))) {
      await deps.pushThreads.with(tx).release(job.recipientId, job.tag);
      return 'read';
    }
    await deps.pushThreads.with(tx).pushed(job.recipientId, job.tag, deps.clock.now());
    await fanOut(deps, tx, job.recipientId, thread.pending.payload, `release:${job.tag}:${job.dueAt}`);
    return 'released';
  });
}
