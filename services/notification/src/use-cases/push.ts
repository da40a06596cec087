import { PushMessages, QueueName } from '@saathi/contracts';
import type {
  deletePushSubscriptionRoute,
  getNoticeSettingsRoute,
  JobData,
  listMutesRoute,
  Mute,
  muteRoute,
  NoticeSettings,
  notificationMissedV1,
  PushPayload,
  saveNoticeSettingsRoute,
  savePushSubscriptionRoute,
  unmuteRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { ConsumedEvent, Db, RouteInput } from '@saathi/platform';
import { allowsPush, muteTargetsOf, noticeKindOf, pushPayloadOf, quietHoursEnd } from '../domain/push';
import type { NotificationCore } from './notification-core';

// Web Push (docs/notifications.md#web-push): each person's browsers, what reaches them on which
// channel (settings, quiet hours, mutes), and the pushes themselves — one when a notification
// reaches someone with no socket open, held to the end of quiet hours or of a thread's grouping
// window, then sent by the worker (jobs/web-push.ts).

// ─── the routes: subscriptions, settings, mutes (each person's own only) ────

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may send to this endpoint. The contract takes https or a local http URL;
 * here only the browsers' push services (PUSH_ENDPOINT_HOSTS) pass, so a subscription cannot
 * make the service call arbitrary hosts, and local ones only where configured (tests).
 */
export function isAllowedEndpoint(
  config: Pick<NotificationCore['config'], 'PUSH_ENDPOINT_HOSTS' | 'PUSH_ALLOW_LOCAL_ENDPOINTS'>,
  endpoint: string,
): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host)) return config.PUSH_ALLOW_LOCAL_ENDPOINTS;
  if (url.protocol !== 'https:') return false;
  return config.PUSH_ENDPOINT_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The VAPID public key browsers subscribe with; not found where pushes are not configured. */
export function pushKey(core: Pick<NotificationCore, 'config'>): { publicKey: string } {
  const publicKey = core.config.VAPID_PUBLIC_KEY;
  if (!publicKey) throw outcomes.notFound('Push notifications are not set up here');
  return { publicKey };
}

/** Saves this browser's subscription for the caller (one another account held moves to them: a shared browser). */
export async function savePushSubscription(
  core: Pick<NotificationCore, 'pushSubscriptions' | 'clock' | 'config'>,
  { user, body }: RouteInput<typeof savePushSubscriptionRoute>,
): Promise<undefined> {
  if (!isAllowedEndpoint(core.config, body.endpoint)) throw outcomes.invalid(PushMessages.invalidEndpoint);
  // The browser's key is an uncompressed P-256 point and the secret 16 bytes (RFC 8291): anything
  // else could never be encrypted for, and would only fail every push.
  const point = Buffer.from(body.keys.p256dh, 'base64url');
  const secret = Buffer.from(body.keys.auth, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || secret.length !== 16)
    throw outcomes.invalid(PushMessages.invalidKeys);
  await core.pushSubscriptions.saveOwn(user.id, body, core.clock.now());
}

/** Unsubscribes one of the caller's own browsers (anyone else's endpoint: nothing happens). */
export async function deletePushSubscription(
  core: Pick<NotificationCore, 'pushSubscriptions'>,
  { user, body }: RouteInput<typeof deletePushSubscriptionRoute>,
): Promise<undefined> {
  await core.pushSubscriptions.deleteOwn(user.id, body.endpoint);
}

/** The caller's channels per kind and quiet hours (the defaults when never saved). */
export function noticeSettingsOf(
  core: Pick<NotificationCore, 'noticeSettings'>,
  { user }: RouteInput<typeof getNoticeSettingsRoute>,
): Promise<NoticeSettings> {
  return core.noticeSettings.getOwn(user.id);
}

export async function saveNoticeSettings(
  core: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  { user, body }: RouteInput<typeof saveNoticeSettingsRoute>,
): Promise<NoticeSettings> {
  await core.noticeSettings.saveOwn(user.id, body, core.clock.now());
  return core.noticeSettings.getOwn(user.id);
}

/** The caller's mutes still in force. */
export async function listMutes(
  core: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  { user }: RouteInput<typeof listMutesRoute>,
): Promise<{ mutes: Mute[] }> {
  return { mutes: await core.noticeSettings.listOwnMutes(user.id, core.clock.now()) };
}

const MUTE_MS = { '1h': 60 * 60_000, '8h': 8 * 60 * 60_000, '1d': 24 * 60 * 60_000 } as const;

/**
 * Mutes a conversation or an activity thread for the caller alone: it silences their pushes and
 * mails about it and nothing else (it still counts as unread), so any id may be muted — it only
 * ever touches the caller's own row, and reveals nothing about the thing muted.
 */
export async function mute(
  core: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  { user, body }: RouteInput<typeof muteRoute>,
): Promise<Mute> {
  const now = core.clock.now();
  const until = body.duration === 'forever' ? null : new Date(now.getTime() + MUTE_MS[body.duration]);
  await core.noticeSettings.muteOwn(user.id, body.kind, body.id, until);
  return { kind: body.kind, id: body.id, until: until?.toISOString() ?? null };
}

export async function unmute(
  core: Pick<NotificationCore, 'noticeSettings'>,
  { user, params }: RouteInput<typeof unmuteRoute>,
): Promise<undefined> {
  await core.noticeSettings.unmuteOwn(user.id, params.kind, params.id);
}

// ─── the pushes ─────────────────────────────────────────────────────────────

export type PushOutcome = 'read' | 'channel-off' | 'muted' | 'no-subscription' | 'pushed' | 'held';

type PushParts = Pick<
  NotificationCore,
  'noticeSettings' | 'pushSubscriptions' | 'pushThreads' | 'queue' | 'clock' | 'config'
>;

/**
 * Queues the push to each of the recipient's browsers, one job each (retried on its own). The
 * job ids come from `key`, so a redelivered event or a retried release queues nothing twice.
 */
async function fanOut(
  core: Pick<NotificationCore, 'pushSubscriptions' | 'queue' | 'config'>,
  tx: Db,
  recipientId: string,
  payload: PushPayload,
  key: string,
): Promise<void> {
  const subscriptions = await core.pushSubscriptions.with(tx).listOwn(recipientId);
  for (const subscription of subscriptions) {
    await core.queue.add(
      QueueName.webPush,
      { subscriptionId: subscription.id, payload },
      {
        jobId: `push:${key}:${subscription.id}`,
        attempts: core.config.PUSH_MAX_ATTEMPTS,
        backoffMs: core.config.PUSH_RETRY_BACKOFF_MS,
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
  core: PushParts & Pick<NotificationCore, 'logger'>,
  { data, tx, envelope }: Pick<ConsumedEvent<typeof notificationMissedV1>, 'data' | 'tx' | 'envelope'>,
): Promise<PushOutcome> {
  const outcome = await decidePush(core, tx, envelope.id, data);
  core.logger.debug({ eventId: envelope.id, outcome }, 'missed notification');
  return outcome;
}

async function decidePush(
  core: PushParts,
  tx: Db,
  eventId: string,
  { recipientId, notification }: ConsumedEvent<typeof notificationMissedV1>['data'],
): Promise<PushOutcome> {
  if (notification.read) return 'read';
  const now = core.clock.now();
  const kind = noticeKindOf(notification.type);
  const settings = await core.noticeSettings.with(tx).getOwn(recipientId);
  if (!allowsPush(settings.channels[kind])) return 'channel-off';
  if (await core.noticeSettings.with(tx).mutedAmong(recipientId, muteTargetsOf(notification), now))
    return 'muted';
  // Most people have no subscription: one cheap read and nothing held for them.
  if ((await core.pushSubscriptions.with(tx).listOwn(recipientId)).length === 0) return 'no-subscription';

  const payload = pushPayloadOf(notification);
  const thread = await core.pushThreads.with(tx).lock(recipientId, payload.tag);
  const quietUntil = kind === 'reminders' ? null : quietHoursEnd(settings.quietHours, now);
  const groupedUntil = thread.lastPushedAt
    ? new Date(thread.lastPushedAt.getTime() + core.config.PUSH_GROUP_MS)
    : null;
  const due = thread.pending && thread.dueAt ? thread.dueAt : latestOf(now, quietUntil, groupedUntil);
  if (due.getTime() <= now.getTime()) {
    await core.pushThreads.with(tx).pushed(recipientId, payload.tag, now);
    await fanOut(core, tx, recipientId, payload, eventId);
    return 'pushed';
  }
  // An older notice delivered late does not replace what a newer one says.
  if (!thread.pending || thread.pending.updatedAt <= notification.updatedAt) {
    await core.pushThreads
      .with(tx)
      .hold(
        recipientId,
        payload.tag,
        { payload, notificationId: notification.id, updatedAt: notification.updatedAt },
        due,
      );
  }
  await core.queue.add(
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
  core: PushParts & Pick<NotificationCore, 'uow' | 'notifications'>,
  job: JobData<typeof QueueName.pushReleases>,
): Promise<'released' | 'read' | 'not-due'> {
  return core.uow.withEvents(async (tx) => {
    const thread = await core.pushThreads.with(tx).lock(job.recipientId, job.tag);
    if (!thread.pending || thread.dueAt?.toISOString() !== new Date(job.dueAt).toISOString())
      return 'not-due';
    if (!(await core.notifications.with(tx).isUnreadOwn(job.recipientId, thread.pending.notificationId))) {
      await core.pushThreads.with(tx).release(job.recipientId, job.tag);
      return 'read';
    }
    await core.pushThreads.with(tx).pushed(job.recipientId, job.tag, core.clock.now());
    await fanOut(core, tx, job.recipientId, thread.pending.payload, `release:${job.tag}:${job.dueAt}`);
    return 'released';
  });
}
