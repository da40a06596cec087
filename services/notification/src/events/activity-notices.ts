import {
  activityAcceptedV1,
  activityCheckedInV1,
  activityClosedV1,
  activityDeclinedV1,
  activityLeftV1,
  activityReminderV1,
  activityRepeatedV1,
  activityRequestedV1,
} from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import {
  noticeActivityAccepted,
  noticeActivityCheckedIn,
  noticeActivityClosed,
  noticeActivityDeclined,
  noticeActivityLeft,
  noticeActivityReminder,
  noticeActivityRepeated,
  noticeActivityRequested,
} from '../use-cases/activity-notices';
import { createNotificationCore } from '../use-cases/notification-core';
import { consumeWithEvents } from './consume-with-events';

// One durable consumer per feed activity event (docs/notifications.md#activities); the rules
// are in use-cases/activity-notices.ts.

/** feed.activity.requested.v1 → the host hears of requests, grouped per activity while unread. */
export function subscribeActivityRequested(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-requested',
    event: activityRequestedV1,
    handle: (tx, emit, envelope) => noticeActivityRequested(core, tx, emit, envelope),
  });
}

/** feed.activity.accepted.v1 → "You're in" (accepted or promoted), mailed if still unread later. */
export function subscribeActivityAccepted(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-accepted',
    event: activityAcceptedV1,
    handle: (tx, emit, envelope) => noticeActivityAccepted(core, tx, emit, envelope),
  });
}

/** feed.activity.declined.v1 → the person who asked is told, mailed if still unread later. */
export function subscribeActivityDeclined(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-declined',
    event: activityDeclinedV1,
    handle: (tx, emit, envelope) => noticeActivityDeclined(core, tx, emit, envelope),
  });
}

/** feed.activity.left.v1 → no longer addressed about the activity; the host hears when a spot was given up. */
export function subscribeActivityLeft(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-left',
    event: activityLeftV1,
    handle: (tx, emit, envelope) => noticeActivityLeft(core, tx, emit, envelope),
  });
}

/** feed.activity.checked_in.v1 → the host and the person each hear "You met …" about the other. */
export function subscribeActivityCheckedIn(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-checked-in',
    event: activityCheckedInV1,
    handle: (tx, emit, envelope) => noticeActivityCheckedIn(core, tx, emit, envelope),
  });
}

/** feed.activity.reminder.v1 → each accepted person is asked "Still going?" (the host hosts: not asked). */
export function subscribeActivityReminder(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-reminder',
    event: activityReminderV1,
    handle: (tx, emit, envelope) => noticeActivityReminder(core, tx, emit, envelope),
  });
}

/** feed.activity.closed.v1 → "partner found" for the people in and those still waiting. */
export function subscribeActivityClosed(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-closed',
    event: activityClosedV1,
    handle: (tx, emit, envelope) => noticeActivityClosed(core, tx, emit, envelope),
  });
}

/** feed.activity.repeated.v1 → the people in last week's occurrence hear of the next one. */
export function subscribeActivityRepeated(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.activity-repeated',
    event: activityRepeatedV1,
    handle: (tx, emit, envelope) => noticeActivityRepeated(core, tx, emit, envelope),
  });
}
