import {
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
} from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import {
  noticeCircleActivityPosted,
  noticeCircleMemberJoined,
  noticeCircleMentioned,
  noticeCircleRequested,
} from '../use-cases/circle-notices';
import { createNotificationCore } from '../use-cases/notification-core';
import { consumeWithEvents } from './consume-with-events';

// One durable consumer per circle event that tells someone (docs/notifications.md#circles); the
// rules are in use-cases/circle-notices.ts.

/** feed.circle.requested.v1 → each organiser hears of requests, grouped per circle while unread. */
export function subscribeCircleRequested(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.circle-requested',
    event: circleRequestedV1,
    handle: (tx, emit, envelope) => noticeCircleRequested(core, tx, emit, envelope),
  });
}

/** feed.circle.member.joined.v1 → "You're in" when an organiser accepted the request. */
export function subscribeCircleMemberJoined(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.circle-member-joined',
    event: circleMemberJoinedV1,
    handle: (tx, emit, envelope) => noticeCircleMemberJoined(core, tx, emit, envelope),
  });
}

/** feed.circle.activity_posted.v1 → every other member hears of the new activity, mailed if still unread later. */
export function subscribeCircleActivityPosted(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.circle-activity-posted',
    event: circleActivityPostedV1,
    handle: (tx, emit, envelope) => noticeCircleActivityPosted(core, tx, emit, envelope),
  });
}

/** messaging.circle_thread.mentioned.v1 → each person named hears it, grouped per circle while unread. */
export function subscribeCircleMentioned(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.circle-mentioned',
    event: circleMentionedV1,
    handle: (tx, emit, envelope) => noticeCircleMentioned(core, tx, emit, envelope),
  });
}
