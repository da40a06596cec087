import { activityAcceptedV1, activityReminderV1, activityRequestedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { notify } from '../use-cases/notify';
import { consumeWithEvents } from './consume-with-events';

/** feed.activity.requested.v1 → the host hears of requests, grouped per activity while unread. */
export function subscribeActivityRequested(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-requested',
    event: activityRequestedV1,
    handle: async (tx, emit, { data, occurredAt }) => {
      await notify(core, tx, emit, {
        recipientId: data.hostId,
        type: 'activity_request',
        targetKey: `activity:${data.postId}`,
        actorId: data.userId,
        postId: data.postId,
        commentId: null,
        conversationId: null,
        emoji: null,
        at: new Date(occurredAt),
        repeatBumps: false,
      });
    },
  });
}

/**
 * feed.activity.accepted.v1 → the person is told they are in, whether the host accepted them or
 * a freed spot promoted them from the waitlist (the host is named either way: it is their activity).
 */
export function subscribeActivityAccepted(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-accepted',
    event: activityAcceptedV1,
    handle: async (tx, emit, { data, occurredAt }) => {
      await notify(core, tx, emit, {
        recipientId: data.userId,
        type: 'activity_accepted',
        targetKey: `activity-in:${data.postId}`,
        actorId: data.hostId,
        postId: data.postId,
        commentId: null,
        conversationId: null,
        emoji: null,
        at: new Date(occurredAt),
        repeatBumps: true,
      });
    },
  });
}

/** feed.activity.reminder.v1 → each accepted person is asked "Still going?" (the host hosts: not asked). */
export function subscribeActivityReminder(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-reminder',
    event: activityReminderV1,
    handle: async (tx, emit, { data, occurredAt }) => {
      for (const userId of data.userIds)
        await notify(core, tx, emit, {
          recipientId: userId,
          type: 'activity_reminder',
          targetKey: `activity-reminder:${data.postId}`,
          actorId: data.hostId,
          postId: data.postId,
          commentId: null,
          conversationId: null,
          emoji: null,
          at: new Date(occurredAt),
          repeatBumps: true,
        });
    },
  });
}
